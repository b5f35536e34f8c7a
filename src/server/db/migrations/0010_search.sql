-- Global search, search inside documents and the job queue that extracts their text (issue 14, ADR 0022).
--
-- Two text search configurations, French and English, each folding accents (unaccent before the stemmer)
-- so that "financement" finds "Financements" and "erabliere" finds "Érablière", in both directions.
-- Schema-qualified: PostgreSQL 17 builds indexes with a restricted search_path.
CREATE TEXT SEARCH CONFIGURATION public.atrium_fr (COPY = pg_catalog.french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atrium_fr
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.atrium_en (COPY = pg_catalog.english);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.atrium_en
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.english_stem;
--> statement-breakpoint
-- The job queue (src/server/platform/jobs): a row per job not yet done; a done job is deleted.
CREATE TABLE "jobs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "queue" text NOT NULL,
  "key" text,
  "payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "run_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "max_attempts" integer DEFAULT 3 NOT NULL,
  "locked_by" text,
  "locked_until" timestamp with time zone,
  "last_error" text,
  "failed_at" timestamp with time zone,
  "inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queue_key_idx" ON "jobs" USING btree ("queue", "key") WHERE "key" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("queue", "run_at") WHERE "failed_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "content_status" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "content_text" text;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "content_error" text;
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_content_status_check"
  CHECK ("content_status" in ('pending', 'indexed', 'no_text', 'failed'));
--> statement-breakpoint
-- Name (weight A) and content (weight B) in both languages: a query is matched in either language.
ALTER TABLE "documents" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('public.atrium_fr'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('public.atrium_en'::regconfig, "name"), 'A') ||
  setweight(to_tsvector('public.atrium_fr'::regconfig, coalesce("content_text", '')), 'B') ||
  setweight(to_tsvector('public.atrium_en'::regconfig, coalesce("content_text", '')), 'B')
) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "documents_search_vector_idx" ON "documents" USING gin ("search_vector");
--> statement-breakpoint
-- Existing documents go through the same queue as new uploads; a JPEG has no text layer to read.
UPDATE "documents" SET "content_status" = 'no_text' WHERE "file_type" <> 'application/pdf';
--> statement-breakpoint
INSERT INTO "jobs" ("queue", "key", "payload")
  SELECT 'document-text', "id"::text, jsonb_build_object('document_id', "id")
    FROM "documents" WHERE "file_type" = 'application/pdf';
--> statement-breakpoint
-- The duplicate warning compares whole folded names by trigram similarity (name_key % …).
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin ("name_key" gin_trgm_ops);
--> statement-breakpoint
-- Owners' names join what a company is found by (the store writes search_text on every save).
UPDATE "companies" c SET "search_text" = public.f_search_text(concat_ws(' ',
  c.name, c.reference_number, c.email_address,
  (SELECT concat_ws(' ', m.name_fr, m.name_en)
     FROM company_addresses a JOIN municipalities m ON m.id = a.municipality_id
    WHERE a.company_id = c.id),
  (SELECT string_agg(o.name, ' ') FROM owners o WHERE o.company_id = c.id)));
