CREATE TABLE "accounting_period_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"through" date NOT NULL,
	"closed_through" date,
	"reason" text,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_period_changes_action_check" CHECK ("accounting_period_changes"."action" in ('close', 'reopen')),
	CONSTRAINT "accounting_period_changes_reason_check" CHECK ("accounting_period_changes"."action" = 'close' or "accounting_period_changes"."reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "accounting_period_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"closed_through" date,
	CONSTRAINT "accounting_period_state_single" CHECK ("accounting_period_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "fund_account_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fund_accounts" (
	"fund_id" uuid NOT NULL,
	"role" text NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "fund_accounts_fund_id_role_pk" PRIMARY KEY("fund_id","role"),
	CONSTRAINT "fund_accounts_role_check" CHECK ("fund_accounts"."role" in ('loans_receivable', 'bank', 'interest_income', 'write_off_expense', 'recoveries_income', 'payments_in_advance', 'accrued_interest_receivable', 'forgiveness_expense', 'funder_payable'))
);
--> statement-breakpoint
CREATE TABLE "interest_accruals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"as_of" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"loans_count" integer NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interest_accruals_amount_check" CHECK ("interest_accruals"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "journal_exported_entries" (
	"export_id" uuid NOT NULL,
	"entry_key" text NOT NULL,
	"entry_date" date NOT NULL,
	"fund_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_exported_entries_export_id_entry_key_pk" PRIMARY KEY("export_id","entry_key")
);
--> statement-breakpoint
CREATE TABLE "journal_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"fund_id" uuid,
	"all_funds" boolean NOT NULL,
	"format" text NOT NULL,
	"only_new" boolean NOT NULL,
	"entries_count" integer NOT NULL,
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_exports_format_check" CHECK ("journal_exports"."format" in ('qbo', 'sage50', 'csv'))
);
--> statement-breakpoint
ALTER TABLE "accounting_period_changes" ADD CONSTRAINT "accounting_period_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_account_changes" ADD CONSTRAINT "fund_account_changes_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_account_changes" ADD CONSTRAINT "fund_account_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_accounts" ADD CONSTRAINT "fund_accounts_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_accruals" ADD CONSTRAINT "interest_accruals_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_accruals" ADD CONSTRAINT "interest_accruals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_exported_entries" ADD CONSTRAINT "journal_exported_entries_export_id_journal_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."journal_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_exported_entries" ADD CONSTRAINT "journal_exported_entries_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_exports" ADD CONSTRAINT "journal_exports_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_exports" ADD CONSTRAINT "journal_exports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_account_changes_fund_idx" ON "fund_account_changes" USING btree ("fund_id","inserted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "interest_accruals_fund_day_idx" ON "interest_accruals" USING btree ("fund_id","as_of");--> statement-breakpoint
CREATE INDEX "journal_exported_entries_key_idx" ON "journal_exported_entries" USING btree ("entry_key");--> statement-breakpoint
CREATE INDEX "journal_exported_entries_date_idx" ON "journal_exported_entries" USING btree ("entry_date","fund_id");--> statement-breakpoint
CREATE INDEX "journal_exports_period_idx" ON "journal_exports" USING btree ("from_date","to_date");--> statement-breakpoint
-- Hand-written: the single row that servicing writes lock (shared) and closes lock (exclusive).
INSERT INTO "accounting_period_state" ("id", "closed_through") VALUES (1, NULL) ON CONFLICT DO NOTHING;
