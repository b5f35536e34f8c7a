CREATE SEQUENCE "public"."company_reference_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "activity_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "activity_areas_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"block_type" text NOT NULL,
	"content" text,
	"position" integer NOT NULL,
	CONSTRAINT "blocks_block_type_check" CHECK ("blocks"."block_type" in ('notes', 'defaultOfPayment'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"reference_number" text DEFAULT ('C-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('company_reference_number_seq')::text, 6, '0')) NOT NULL,
	"avatar_file_name" text,
	"website" text,
	"email_address" text,
	"employee_count" integer,
	"phone_number" text,
	"risk_rating" text,
	"end_of_financial_year" text,
	"legal_form_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"activity_area_id" uuid NOT NULL,
	"overseeing_user_id" uuid,
	"archived_at" timestamp with time zone,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_reference_number_unique" UNIQUE("reference_number")
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"address" text NOT NULL,
	"zip_code" text NOT NULL,
	"municipality_id" uuid NOT NULL,
	CONSTRAINT "company_addresses_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "company_presentations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"highlights" text,
	"products" text,
	"market" text,
	"management" text,
	CONSTRAINT "company_presentations_company_id_unique" UNIQUE("company_id")
);
--> statement-breakpoint
CREATE TABLE "contribution_funds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "contribution_funds_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "document_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"parent_id" uuid,
	CONSTRAINT "document_categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "financial_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contribution_fund_id" uuid NOT NULL,
	"amount" numeric(15, 2),
	"rate" numeric(7, 3),
	"amortization" integer,
	"moratorium" integer,
	"refund" numeric(15, 2),
	"warranty_id" uuid,
	"authorization_date" date,
	"followup_date" date,
	"expected_end_date" date,
	"project_name" text,
	"project_cost" numeric(15, 2),
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financial_contributions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"year" integer,
	"sales" numeric(15, 2),
	"gross_profit" numeric(15, 2),
	"net_profit" numeric(15, 2),
	"current_assets" numeric(15, 2),
	"total_assets" numeric(15, 2),
	"current_liabilities" numeric(15, 2),
	"holdings" numeric(15, 2),
	"funds_generated" numeric(15, 2),
	"debt_service" numeric(15, 2),
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "financial_statements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "legal_forms_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"default_zip_code" text NOT NULL,
	CONSTRAINT "municipalities_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"phone_number" text,
	"shares_percentage" numeric(5, 2),
	"address" text,
	"city" text,
	"zip_code" text
);
--> statement-breakpoint
CREATE TABLE "statuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "statuses_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "warranties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	CONSTRAINT "warranties_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_legal_form_id_legal_forms_id_fk" FOREIGN KEY ("legal_form_id") REFERENCES "public"."legal_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_status_id_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_activity_area_id_activity_areas_id_fk" FOREIGN KEY ("activity_area_id") REFERENCES "public"."activity_areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_overseeing_user_id_users_id_fk" FOREIGN KEY ("overseeing_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_municipality_id_municipalities_id_fk" FOREIGN KEY ("municipality_id") REFERENCES "public"."municipalities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_presentations" ADD CONSTRAINT "company_presentations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_categories" ADD CONSTRAINT "document_categories_parent_id_document_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."document_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_contributions" ADD CONSTRAINT "financial_contributions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_contributions" ADD CONSTRAINT "financial_contributions_contribution_fund_id_contribution_funds_id_fk" FOREIGN KEY ("contribution_fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_contributions" ADD CONSTRAINT "financial_contributions_warranty_id_warranties_id_fk" FOREIGN KEY ("warranty_id") REFERENCES "public"."warranties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_statements" ADD CONSTRAINT "financial_statements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owners" ADD CONSTRAINT "owners_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_company_idx" ON "blocks" USING btree ("company_id","position");--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_active_name_idx" ON "companies" USING btree (public.f_search_text("name"),"id") WHERE "companies"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "companies_archived_name_idx" ON "companies" USING btree ("archived_at",public.f_search_text("name"));--> statement-breakpoint
CREATE INDEX "companies_overseeing_user_idx" ON "companies" USING btree ("overseeing_user_id");--> statement-breakpoint
CREATE INDEX "document_categories_parent_idx" ON "document_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "financial_contributions_company_idx" ON "financial_contributions" USING btree ("company_id","inserted_at","seq");--> statement-breakpoint
CREATE INDEX "financial_statements_company_idx" ON "financial_statements" USING btree ("company_id","inserted_at","seq");--> statement-breakpoint
CREATE INDEX "owners_company_idx" ON "owners" USING btree ("company_id","position");