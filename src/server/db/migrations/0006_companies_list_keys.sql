DROP INDEX "companies_active_name_idx";--> statement-breakpoint
DROP INDEX "companies_archived_name_idx";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "name_key" text GENERATED ALWAYS AS (public.f_search_text(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_active_inserted_idx" ON "companies" USING btree ("inserted_at","id") WHERE "companies"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "companies_active_updated_idx" ON "companies" USING btree ("updated_at","id") WHERE "companies"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "companies_active_name_idx" ON "companies" USING btree ("name_key","id") WHERE "companies"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "companies_archived_name_idx" ON "companies" USING btree ("name_key","id") WHERE "companies"."archived_at" is not null;