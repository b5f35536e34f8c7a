CREATE TABLE "agenda_conflicts" (
	"agenda_item_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_conflicts_agenda_item_id_member_id_pk" PRIMARY KEY("agenda_item_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_votes" (
	"agenda_item_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"entered_by_id" uuid,
	"entered_by_administrator" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_votes_agenda_item_id_member_id_pk" PRIMARY KEY("agenda_item_id","member_id"),
	CONSTRAINT "agenda_votes_choice_check" CHECK ("agenda_votes"."choice" in ('for', 'against', 'abstain'))
);
--> statement-breakpoint
CREATE TABLE "checklist_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"category_id" uuid NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"required" boolean NOT NULL,
	"status" text DEFAULT 'missing' NOT NULL,
	"document_id" uuid,
	"verified_by_id" uuid,
	"verified_at" timestamp with time zone,
	"waived_reason" text,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "checklist_items_stage_check" CHECK ("checklist_items"."stage" in ('intake', 'analysis', 'before_disbursement')),
	CONSTRAINT "checklist_items_status_check" CHECK ("checklist_items"."status" in ('missing', 'received', 'verified', 'waived')),
	CONSTRAINT "checklist_items_waived_check" CHECK (("checklist_items"."status" = 'waived') = ("checklist_items"."waived_reason" is not null)),
	CONSTRAINT "checklist_items_verified_check" CHECK (("checklist_items"."status" = 'verified') = ("checklist_items"."verified_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "checklist_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"category_id" uuid NOT NULL,
	"label_fr" text NOT NULL,
	"label_en" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "checklist_templates_stage_check" CHECK ("checklist_templates"."stage" in ('intake', 'analysis', 'before_disbursement'))
);
--> statement-breakpoint
CREATE TABLE "committee_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agenda_item_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"resolution_number" text NOT NULL,
	"decided_on" date NOT NULL,
	"rate" numeric(7, 3),
	"amortization" integer,
	"moratorium" integer,
	"warranty_id" uuid,
	"votes_for" integer NOT NULL,
	"votes_against" integer NOT NULL,
	"votes_abstain" integer NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committee_decisions_agenda_item_id_unique" UNIQUE("agenda_item_id"),
	CONSTRAINT "committee_decisions_resolution_number_unique" UNIQUE("resolution_number"),
	CONSTRAINT "committee_decisions_outcome_check" CHECK ("committee_decisions"."outcome" in ('approved', 'approved_with_conditions', 'declined', 'deferred'))
);
--> statement-breakpoint
CREATE TABLE "committee_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"committee_id" uuid NOT NULL,
	"date" date NOT NULL,
	"location" text,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committee_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"committee_id" uuid NOT NULL,
	"user_id" uuid,
	"external_name" text,
	"is_chair" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "committee_members_who_check" CHECK (("committee_members"."user_id" is null) <> ("committee_members"."external_name" is null))
);
--> statement-breakpoint
CREATE TABLE "committees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"quorum" integer NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "committees_name_unique" UNIQUE("name"),
	CONSTRAINT "committees_quorum_check" CHECK ("committees"."quorum" >= 1)
);
--> statement-breakpoint
CREATE TABLE "decision_amounts" (
	"decision_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"contribution_id" uuid,
	CONSTRAINT "decision_amounts_decision_id_fund_id_pk" PRIMARY KEY("decision_id","fund_id"),
	CONSTRAINT "decision_amounts_amount_check" CHECK ("decision_amounts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "decision_conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"decision_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'open' NOT NULL,
	"note" text,
	"position" integer NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decision_conditions_kind_check" CHECK ("decision_conditions"."kind" in ('before_disbursement', 'covenant')),
	CONSTRAINT "decision_conditions_status_check" CHECK ("decision_conditions"."status" in ('open', 'met', 'waived', 'breached'))
);
--> statement-breakpoint
CREATE TABLE "fund_aid_ceilings" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"ceiling_percent" numeric(6, 3) NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_aid_ceilings_check" CHECK ("fund_aid_ceilings"."ceiling_percent" >= 0 and "fund_aid_ceilings"."ceiling_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "funding_request_amounts" (
	"request_id" uuid NOT NULL,
	"fund_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "funding_request_amounts_request_id_fund_id_pk" PRIMARY KEY("request_id","fund_id"),
	CONSTRAINT "funding_request_amounts_amount_check" CHECK ("funding_request_amounts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "funding_request_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "funding_request_moves_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "funding_request_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "funding_request_sources_amount_check" CHECK ("funding_request_sources"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "funding_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_name" text NOT NULL,
	"project_cost_cents" bigint NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"assignee_id" uuid,
	"state_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "funding_requests_state_check" CHECK ("funding_requests"."state" in ('draft', 'submitted', 'in_analysis', 'ready_for_committee', 'decided', 'conditions_pending', 'ready_to_disburse', 'disbursed', 'declined', 'deferred', 'withdrawn')),
	CONSTRAINT "funding_requests_cost_check" CHECK ("funding_requests"."project_cost_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "meeting_attendance" (
	"meeting_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	CONSTRAINT "meeting_attendance_meeting_id_member_id_pk" PRIMARY KEY("meeting_id","member_id")
);
--> statement-breakpoint
ALTER TABLE "agenda_conflicts" ADD CONSTRAINT "agenda_conflicts_agenda_item_id_agenda_items_id_fk" FOREIGN KEY ("agenda_item_id") REFERENCES "public"."agenda_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_conflicts" ADD CONSTRAINT "agenda_conflicts_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_conflicts" ADD CONSTRAINT "agenda_conflicts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_meeting_id_committee_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."committee_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_votes" ADD CONSTRAINT "agenda_votes_agenda_item_id_agenda_items_id_fk" FOREIGN KEY ("agenda_item_id") REFERENCES "public"."agenda_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_votes" ADD CONSTRAINT "agenda_votes_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_votes" ADD CONSTRAINT "agenda_votes_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_verified_by_id_users_id_fk" FOREIGN KEY ("verified_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_templates" ADD CONSTRAINT "checklist_templates_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_decisions" ADD CONSTRAINT "committee_decisions_agenda_item_id_agenda_items_id_fk" FOREIGN KEY ("agenda_item_id") REFERENCES "public"."agenda_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_decisions" ADD CONSTRAINT "committee_decisions_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_decisions" ADD CONSTRAINT "committee_decisions_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_decisions" ADD CONSTRAINT "committee_decisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_meetings" ADD CONSTRAINT "committee_meetings_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_members" ADD CONSTRAINT "committee_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_amounts" ADD CONSTRAINT "decision_amounts_decision_id_committee_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."committee_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_amounts" ADD CONSTRAINT "decision_amounts_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_amounts" ADD CONSTRAINT "decision_amounts_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_conditions" ADD CONSTRAINT "decision_conditions_decision_id_committee_decisions_id_fk" FOREIGN KEY ("decision_id") REFERENCES "public"."committee_decisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_conditions" ADD CONSTRAINT "decision_conditions_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "decision_conditions" ADD CONSTRAINT "decision_conditions_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_aid_ceilings" ADD CONSTRAINT "fund_aid_ceilings_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_aid_ceilings" ADD CONSTRAINT "fund_aid_ceilings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_amounts" ADD CONSTRAINT "funding_request_amounts_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_amounts" ADD CONSTRAINT "funding_request_amounts_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_moves" ADD CONSTRAINT "funding_request_moves_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_moves" ADD CONSTRAINT "funding_request_moves_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_request_sources" ADD CONSTRAINT "funding_request_sources_request_id_funding_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_requests" ADD CONSTRAINT "funding_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_meeting_id_committee_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."committee_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_attendance" ADD CONSTRAINT "meeting_attendance_member_id_committee_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."committee_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_items_request_idx" ON "agenda_items" USING btree ("meeting_id","request_id");--> statement-breakpoint
CREATE INDEX "checklist_items_request_idx" ON "checklist_items" USING btree ("request_id","stage","position");--> statement-breakpoint
CREATE INDEX "checklist_templates_fund_idx" ON "checklist_templates" USING btree ("fund_id","stage","position");--> statement-breakpoint
CREATE INDEX "committee_decisions_request_idx" ON "committee_decisions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "committee_meetings_committee_idx" ON "committee_meetings" USING btree ("committee_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_user_idx" ON "committee_members" USING btree ("committee_id","user_id") WHERE "committee_members"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_members_chair_idx" ON "committee_members" USING btree ("committee_id") WHERE "committee_members"."is_chair";--> statement-breakpoint
CREATE INDEX "decision_conditions_request_idx" ON "decision_conditions" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "funding_request_amounts_fund_idx" ON "funding_request_amounts" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "funding_request_moves_request_idx" ON "funding_request_moves" USING btree ("request_id","seq");--> statement-breakpoint
CREATE INDEX "funding_request_sources_request_idx" ON "funding_request_sources" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "funding_requests_company_idx" ON "funding_requests" USING btree ("company_id","inserted_at");--> statement-breakpoint
CREATE INDEX "funding_requests_state_idx" ON "funding_requests" USING btree ("state","state_changed_at");--> statement-breakpoint
CREATE INDEX "funding_requests_assignee_idx" ON "funding_requests" USING btree ("assignee_id");