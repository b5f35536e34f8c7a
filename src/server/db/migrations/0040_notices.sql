CREATE TABLE "company_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"preferred_for" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_contacts_locale_check" CHECK ("company_contacts"."locale" in ('fr', 'en')),
	CONSTRAINT "company_contacts_preferred_check" CHECK ("company_contacts"."preferred_for" <@ "company_contacts"."roles")
);
--> statement-breakpoint
CREATE TABLE "fund_notice_settings" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"payment_due_enabled" boolean DEFAULT false NOT NULL,
	"payment_due_days" integer DEFAULT 5 NOT NULL,
	"payment_late_enabled" boolean DEFAULT false NOT NULL,
	"statements_due_enabled" boolean DEFAULT false NOT NULL,
	"statement_of_account_enabled" boolean DEFAULT false NOT NULL,
	"statement_of_account_frequency" text DEFAULT 'monthly' NOT NULL,
	"updated_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_notice_settings_frequency_check" CHECK ("fund_notice_settings"."statement_of_account_frequency" in ('monthly', 'quarterly')),
	CONSTRAINT "fund_notice_settings_days_check" CHECK ("fund_notice_settings"."payment_due_days" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "notice_holds" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"held_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_templates" (
	"kind" text NOT NULL,
	"locale" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_templates_kind_locale_pk" PRIMARY KEY("kind","locale"),
	CONSTRAINT "notice_templates_kind_check" CHECK ("notice_templates"."kind" in ('payment_due', 'payment_late', 'statements_due', 'statement_of_account')),
	CONSTRAINT "notice_templates_locale_check" CHECK ("notice_templates"."locale" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"company_id" uuid NOT NULL,
	"contribution_id" uuid,
	"day" date NOT NULL,
	"occasion" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"contact_id" uuid,
	"recipient" text,
	"locale" text,
	"subject" text,
	"body" text,
	"attachment_name" text,
	"sent_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_key_unique" UNIQUE("key"),
	CONSTRAINT "notices_kind_check" CHECK ("notices"."kind" in ('payment_due', 'payment_late', 'statements_due', 'statement_of_account')),
	CONSTRAINT "notices_status_check" CHECK ("notices"."status" in ('pending', 'sent', 'failed', 'held'))
);
--> statement-breakpoint
ALTER TABLE "company_contacts" ADD CONSTRAINT "company_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_notice_settings" ADD CONSTRAINT "fund_notice_settings_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_notice_settings" ADD CONSTRAINT "fund_notice_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_holds" ADD CONSTRAINT "notice_holds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_holds" ADD CONSTRAINT "notice_holds_held_by_id_users_id_fk" FOREIGN KEY ("held_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_templates" ADD CONSTRAINT "notice_templates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_contacts_company_idx" ON "company_contacts" USING btree ("company_id","inserted_at");--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("next_attempt_at") WHERE "notices"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notices_company_idx" ON "notices" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "notices_status_idx" ON "notices" USING btree ("status","day");