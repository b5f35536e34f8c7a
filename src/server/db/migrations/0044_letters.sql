CREATE TABLE "fund_letter_settings" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"offer_sign_days" integer NOT NULL,
	"updated_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_letter_settings_days_check" CHECK ("fund_letter_settings"."offer_sign_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "letter_body" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"updated_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_body_one_check" CHECK ("letter_body"."one")
);
--> statement-breakpoint
CREATE TABLE "letter_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"file_name" text NOT NULL,
	"file" "bytea" NOT NULL,
	"file_size" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letter_templates_kind_check" CHECK ("letter_templates"."kind" in ('offer_letter', 'loan_agreement', 'personal_guarantee', 'formal_demand', 'release', 'other')),
	CONSTRAINT "letter_templates_language_check" CHECK ("letter_templates"."language" in ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"template_id" uuid,
	"kind" text NOT NULL,
	"template_name" text NOT NULL,
	"language" text NOT NULL,
	"funding_request_id" uuid,
	"contribution_id" uuid,
	"fund_id" uuid NOT NULL,
	"subject_key" text NOT NULL,
	"version" integer NOT NULL,
	"state" text DEFAULT 'generated' NOT NULL,
	"document_id" uuid,
	"signed_document_id" uuid,
	"generated_by_id" uuid,
	"sent_at" timestamp with time zone,
	"sent_by_id" uuid,
	"signed_at" timestamp with time zone,
	"signed_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "letters_subject_version_key" UNIQUE("subject_key","version"),
	CONSTRAINT "letters_kind_check" CHECK ("letters"."kind" in ('offer_letter', 'loan_agreement', 'personal_guarantee', 'formal_demand', 'release', 'other')),
	CONSTRAINT "letters_state_check" CHECK ("letters"."state" in ('generated', 'sent', 'signed')),
	CONSTRAINT "letters_language_check" CHECK ("letters"."language" in ('fr', 'en')),
	CONSTRAINT "letters_subject_check" CHECK (("letters"."funding_request_id" is null) <> ("letters"."contribution_id" is null)),
	CONSTRAINT "letters_version_check" CHECK ("letters"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_file_type_check";--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
ALTER TABLE "fund_letter_settings" ADD CONSTRAINT "fund_letter_settings_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_letter_settings" ADD CONSTRAINT "fund_letter_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_body" ADD CONSTRAINT "letter_body_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_template_id_letter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."letter_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_funding_request_id_funding_requests_id_fk" FOREIGN KEY ("funding_request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_signed_document_id_documents_id_fk" FOREIGN KEY ("signed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_generated_by_id_users_id_fk" FOREIGN KEY ("generated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_signed_by_id_users_id_fk" FOREIGN KEY ("signed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "letters_company_idx" ON "letters" USING btree ("company_id","inserted_at");--> statement-breakpoint
CREATE INDEX "letters_unsigned_offer_idx" ON "letters" USING btree ("state") WHERE "letters"."kind" = 'offer_letter' and "letters"."state" <> 'signed';--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_file_type_check" CHECK ("documents"."file_type" in ('application/pdf', 'image/jpeg', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'));--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('manual', 'followup', 'statement', 'late', 'condition', 'checklist', 'guarantee_publish', 'guarantee_renew', 'guarantee_release', 'guarantee_conservation', 'offer_unsigned'));