CREATE SEQUENCE "public"."privacy_incident_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "privacy_destructions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid,
	"reference_number" text NOT NULL,
	"destroyed_by_id" uuid,
	"destroyed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counts" jsonb NOT NULL,
	"categories" jsonb NOT NULL,
	CONSTRAINT "privacy_destructions_kind_check" CHECK ("privacy_destructions"."kind" in ('file', 'document'))
);
--> statement-breakpoint
CREATE TABLE "privacy_incident_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"incident_id" uuid NOT NULL,
	"author_id" uuid,
	"changes" jsonb NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text DEFAULT ('I-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('privacy_incident_number_seq')::text, 4, '0')) NOT NULL,
	"personal_information" text NOT NULL,
	"circumstances" text NOT NULL,
	"occurred_on" date NOT NULL,
	"occurred_until" date,
	"discovered_on" date NOT NULL,
	"people_count" integer,
	"serious_harm_risk" boolean NOT NULL,
	"risk_assessment" text NOT NULL,
	"commission_notified_on" date,
	"people_notified_on" date,
	"measures" text,
	"recorded_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_incidents_number_unique" UNIQUE("number"),
	CONSTRAINT "privacy_incidents_notified_check" CHECK (("privacy_incidents"."commission_notified_on" is null or "privacy_incidents"."commission_notified_on" >= "privacy_incidents"."discovered_on") and ("privacy_incidents"."people_notified_on" is null or "privacy_incidents"."people_notified_on" >= "privacy_incidents"."discovered_on"))
);
--> statement-breakpoint
CREATE TABLE "privacy_officer" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"user_id" uuid,
	"updated_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_officer_one_row_check" CHECK ("privacy_officer"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_name" text NOT NULL,
	"kind" text NOT NULL,
	"details" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_on" date,
	"created_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_requests_kind_check" CHECK ("privacy_requests"."kind" in ('access', 'rectification')),
	CONSTRAINT "privacy_requests_state_check" CHECK ("privacy_requests"."state" in ('open', 'answered', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "privacy_retention_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid,
	"years" integer NOT NULL,
	"months" integer NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_retention_rules_period_check" CHECK ("privacy_retention_rules"."years" >= 0 and "privacy_retention_rules"."months" >= 0 and "privacy_retention_rules"."months" < 12 and "privacy_retention_rules"."years" * 12 + "privacy_retention_rules"."months" > 0)
);
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
ALTER TABLE "privacy_destructions" ADD CONSTRAINT "privacy_destructions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_destructions" ADD CONSTRAINT "privacy_destructions_destroyed_by_id_users_id_fk" FOREIGN KEY ("destroyed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_incident_changes" ADD CONSTRAINT "privacy_incident_changes_incident_id_privacy_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."privacy_incidents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_incident_changes" ADD CONSTRAINT "privacy_incident_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_incidents" ADD CONSTRAINT "privacy_incidents_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_officer" ADD CONSTRAINT "privacy_officer_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_officer" ADD CONSTRAINT "privacy_officer_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_retention_rules" ADD CONSTRAINT "privacy_retention_rules_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_destructions_at_idx" ON "privacy_destructions" USING btree ("destroyed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "privacy_destructions_company_idx" ON "privacy_destructions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "privacy_incident_changes_incident_idx" ON "privacy_incident_changes" USING btree ("incident_id","inserted_at");--> statement-breakpoint
CREATE INDEX "privacy_incidents_discovered_idx" ON "privacy_incidents" USING btree ("discovered_on");--> statement-breakpoint
CREATE INDEX "privacy_requests_received_idx" ON "privacy_requests" USING btree ("received_on" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_retention_rules_category_idx" ON "privacy_retention_rules" USING btree (coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('manual', 'followup', 'statement', 'late', 'condition', 'checklist', 'guarantee_publish', 'guarantee_renew', 'guarantee_release', 'guarantee_conservation', 'offer_unsigned', 'privacy_request'));