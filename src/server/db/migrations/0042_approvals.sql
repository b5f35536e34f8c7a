CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"fund_id" uuid NOT NULL,
	"contribution_id" uuid,
	"company_id" uuid,
	"amount_cents" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"maker_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"entry_id" uuid,
	CONSTRAINT "approvals_kind_check" CHECK ("approvals"."kind" in ('disbursement', 'write_off', 'write_off_undo', 'disbursement_reversal', 'repayment_reversal', 'term_amendment', 'bulk_amendment', 'authorized_increase')),
	CONSTRAINT "approvals_state_check" CHECK ("approvals"."state" in ('pending', 'approved', 'rejected', 'cancelled')),
	CONSTRAINT "approvals_amount_check" CHECK ("approvals"."amount_cents" >= 0),
	CONSTRAINT "approvals_decided_check" CHECK (("approvals"."state" = 'pending') = ("approvals"."decided_at" is null)),
	CONSTRAINT "approvals_reason_check" CHECK ("approvals"."state" <> 'rejected' or "approvals"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "fund_approval_policies" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outside_pipeline_always" boolean DEFAULT false NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_approval_policy_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "may_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_approval_policies" ADD CONSTRAINT "fund_approval_policies_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_approval_policies" ADD CONSTRAINT "fund_approval_policies_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_approval_policy_changes" ADD CONSTRAINT "fund_approval_policy_changes_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_approval_policy_changes" ADD CONSTRAINT "fund_approval_policy_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_state_idx" ON "approvals" USING btree ("state","inserted_at");--> statement-breakpoint
CREATE INDEX "approvals_loan_idx" ON "approvals" USING btree ("contribution_id","inserted_at");--> statement-breakpoint
CREATE INDEX "approvals_entry_idx" ON "approvals" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "fund_approval_policy_changes_fund_idx" ON "fund_approval_policy_changes" USING btree ("fund_id","inserted_at");