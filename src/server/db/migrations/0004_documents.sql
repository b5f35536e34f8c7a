CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_file_name_unique" UNIQUE("file_name"),
	CONSTRAINT "documents_file_type_check" CHECK ("documents"."file_type" in ('application/pdf', 'image/jpeg')),
	CONSTRAINT "documents_file_size_check" CHECK ("documents"."file_size" > 0 and "documents"."file_size" <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."document_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_search_trgm_idx" ON "documents" USING gin (public.f_search_text("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_company_name_idx" ON "documents" USING btree ("company_id",public.f_search_text("name"),"id");--> statement-breakpoint
CREATE INDEX "documents_company_date_idx" ON "documents" USING btree ("company_id","date","inserted_at");--> statement-breakpoint
CREATE INDEX "documents_company_inserted_at_idx" ON "documents" USING btree ("company_id","inserted_at");--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("category_id");