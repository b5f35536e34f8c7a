CREATE TABLE "bulk_term_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"kind" text NOT NULL,
	"months" integer,
	"rate" numeric(7, 3),
	"reason" text NOT NULL,
	"loans_count" integer NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disbursements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "disbursements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reversed_at" timestamp with time zone,
	"reversed_by_id" uuid,
	"reversal_reason" text,
	CONSTRAINT "disbursements_amount_check" CHECK ("disbursements"."amount_cents" > 0),
	CONSTRAINT "disbursements_method_check" CHECK ("disbursements"."method" in ('eft', 'cheque', 'wire')),
	CONSTRAINT "disbursements_reversal_check" CHECK (("disbursements"."reversed_at" is null) = ("disbursements"."reversal_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "loan_states" (
	"contribution_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"has_terms" boolean NOT NULL,
	"as_of" date NOT NULL,
	"holds_until" date,
	"start_date" date,
	"disbursed_cents" bigint DEFAULT 0 NOT NULL,
	"undisbursed_cents" bigint DEFAULT 0 NOT NULL,
	"outstanding_principal_cents" bigint DEFAULT 0 NOT NULL,
	"arrears_principal_cents" bigint DEFAULT 0 NOT NULL,
	"arrears_interest_cents" bigint DEFAULT 0 NOT NULL,
	"due_today_principal_cents" bigint DEFAULT 0 NOT NULL,
	"due_today_interest_cents" bigint DEFAULT 0 NOT NULL,
	"paid_in_advance_cents" bigint DEFAULT 0 NOT NULL,
	"interest_fallen_due_cents" bigint DEFAULT 0 NOT NULL,
	"capitalised_interest_cents" bigint DEFAULT 0 NOT NULL,
	"interest_paid_cents" bigint DEFAULT 0 NOT NULL,
	"principal_repaid_cents" bigint DEFAULT 0 NOT NULL,
	"written_off_principal_cents" bigint DEFAULT 0 NOT NULL,
	"written_off_interest_cents" bigint DEFAULT 0 NOT NULL,
	"recovered_cents" bigint DEFAULT 0 NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	"applied_cents" bigint DEFAULT 0 NOT NULL,
	"overpaid_cents" bigint DEFAULT 0 NOT NULL,
	"payoff_cents" bigint DEFAULT 0 NOT NULL,
	"level_payment_cents" bigint,
	"days_past_due" integer DEFAULT 0 NOT NULL,
	"overdue_since" date,
	"bucket" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_states_status_check" CHECK ("loan_states"."status" in ('not_disbursed', 'active', 'repaid', 'written_off'))
);
--> statement-breakpoint
CREATE TABLE "repayment_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"rows_count" integer NOT NULL,
	"posted_count" integer NOT NULL,
	"posted_cents" bigint NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_id" uuid NOT NULL,
	"received_on" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"import_id" uuid,
	"import_key" text,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "repayments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reversed_at" timestamp with time zone,
	"reversed_by_id" uuid,
	"reversal_reason" text,
	CONSTRAINT "repayments_amount_check" CHECK ("repayments"."amount_cents" > 0),
	CONSTRAINT "repayments_method_check" CHECK ("repayments"."method" in ('pad', 'cheque', 'eft', 'cash')),
	CONSTRAINT "repayments_kind_check" CHECK ("repayments"."kind" in ('regular', 'prepayment', 'recovery')),
	CONSTRAINT "repayments_reversal_check" CHECK (("repayments"."reversed_at" is null) = ("repayments"."reversal_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "term_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"kind" text NOT NULL,
	"months" integer,
	"rate" numeric(7, 3),
	"reason" text NOT NULL,
	"bulk_action_id" uuid,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "term_amendments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reversed_at" timestamp with time zone,
	"reversed_by_id" uuid,
	"reversal_reason" text,
	CONSTRAINT "term_amendments_kind_check" CHECK ("term_amendments"."kind" in ('moratorium', 'term_extension', 'rate_change', 'payment_holiday')),
	CONSTRAINT "term_amendments_shape_check" CHECK (("term_amendments"."kind" = 'rate_change' and "term_amendments"."rate" is not null and "term_amendments"."months" is null)
          or ("term_amendments"."kind" <> 'rate_change' and "term_amendments"."months" > 0 and "term_amendments"."rate" is null)),
	CONSTRAINT "term_amendments_reversal_check" CHECK (("term_amendments"."reversed_at" is null) = ("term_amendments"."reversal_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "write_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contribution_id" uuid NOT NULL,
	"date" date NOT NULL,
	"principal_cents" bigint NOT NULL,
	"interest_cents" bigint NOT NULL,
	"reason" text NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_id" uuid,
	"undo_reason" text,
	CONSTRAINT "write_offs_amounts_check" CHECK ("write_offs"."principal_cents" >= 0 and "write_offs"."interest_cents" >= 0),
	CONSTRAINT "write_offs_undo_check" CHECK (("write_offs"."undone_at" is null) = ("write_offs"."undo_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "loan_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_contributions" ADD COLUMN "loan_number" text;--> statement-breakpoint
ALTER TABLE "bulk_term_amendments" ADD CONSTRAINT "bulk_term_amendments_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_term_amendments" ADD CONSTRAINT "bulk_term_amendments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disbursements" ADD CONSTRAINT "disbursements_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_states" ADD CONSTRAINT "loan_states_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayment_imports" ADD CONSTRAINT "repayment_imports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_import_id_repayment_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."repayment_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repayments" ADD CONSTRAINT "repayments_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_amendments" ADD CONSTRAINT "term_amendments_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_amendments" ADD CONSTRAINT "term_amendments_bulk_action_id_bulk_term_amendments_id_fk" FOREIGN KEY ("bulk_action_id") REFERENCES "public"."bulk_term_amendments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_amendments" ADD CONSTRAINT "term_amendments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_amendments" ADD CONSTRAINT "term_amendments_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disbursements_loan_idx" ON "disbursements" USING btree ("contribution_id","date","seq");--> statement-breakpoint
CREATE INDEX "loan_states_status_idx" ON "loan_states" USING btree ("status","overdue_since");--> statement-breakpoint
CREATE INDEX "loan_states_holds_until_idx" ON "loan_states" USING btree ("holds_until");--> statement-breakpoint
CREATE INDEX "repayment_imports_file_idx" ON "repayment_imports" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "repayments_loan_idx" ON "repayments" USING btree ("contribution_id","received_on","seq");--> statement-breakpoint
CREATE INDEX "repayments_received_on_idx" ON "repayments" USING btree ("received_on","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "repayments_import_key_idx" ON "repayments" USING btree ("contribution_id","import_key") WHERE "repayments"."import_key" is not null;--> statement-breakpoint
CREATE INDEX "term_amendments_loan_idx" ON "term_amendments" USING btree ("contribution_id","effective_date","seq");--> statement-breakpoint
CREATE INDEX "term_amendments_bulk_idx" ON "term_amendments" USING btree ("bulk_action_id");--> statement-breakpoint
CREATE UNIQUE INDEX "write_offs_one_in_force_idx" ON "write_offs" USING btree ("contribution_id") WHERE "write_offs"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "write_offs_loan_idx" ON "write_offs" USING btree ("contribution_id","inserted_at");--> statement-breakpoint
ALTER TABLE "financial_contributions" ADD CONSTRAINT "financial_contributions_loan_number_unique" UNIQUE("loan_number");