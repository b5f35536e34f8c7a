CREATE TABLE "guarantees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contribution_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"guarantor_owner_id" uuid,
	"guarantor_name" text,
	"guarantor_address" text,
	"amount_cents" bigint,
	"share_percent" numeric(5, 2),
	"rank" smallint,
	"property" text,
	"registry" text DEFAULT 'none' NOT NULL,
	"registration_number" text,
	"signed_on" date,
	"registered_on" date,
	"expires_on" date,
	"deed_document_id" uuid,
	"state" text DEFAULT 'draft' NOT NULL,
	"to_complete" boolean DEFAULT false NOT NULL,
	"released_on" date,
	"release_reason" text,
	"asset_sold_on" date,
	"asset_sold_note" text,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_by_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guarantees_kind_check" CHECK ("guarantees"."kind" in ('personal_guarantee', 'movable_hypothec', 'immovable_hypothec', 'assignment_of_receivables', 'life_insurance', 'other')),
	CONSTRAINT "guarantees_registry_check" CHECK ("guarantees"."registry" in ('rdprm', 'land_registry', 'none')),
	CONSTRAINT "guarantees_state_check" CHECK ("guarantees"."state" in ('draft', 'signed', 'registered', 'released', 'lapsed')),
	CONSTRAINT "guarantees_amount_check" CHECK ("guarantees"."amount_cents" is null or "guarantees"."amount_cents" > 0),
	CONSTRAINT "guarantees_share_check" CHECK ("guarantees"."share_percent" is null or ("guarantees"."share_percent" >= 0 and "guarantees"."share_percent" <= 100)),
	CONSTRAINT "guarantees_release_check" CHECK ("guarantees"."state" <> 'released' or ("guarantees"."released_on" is not null and "guarantees"."release_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_guarantor_owner_id_owners_id_fk" FOREIGN KEY ("guarantor_owner_id") REFERENCES "public"."owners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_deed_document_id_documents_id_fk" FOREIGN KEY ("deed_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guarantees" ADD CONSTRAINT "guarantees_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guarantees_contribution_idx" ON "guarantees" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "guarantees_company_idx" ON "guarantees" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "guarantees_state_idx" ON "guarantees" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "guarantees_registration_idx" ON "guarantees" USING btree ("registry","registration_number") WHERE "guarantees"."registration_number" is not null and "guarantees"."registry" <> 'none';--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('manual', 'followup', 'statement', 'late', 'condition', 'checklist', 'guarantee_publish', 'guarantee_renew', 'guarantee_release', 'guarantee_conservation'));--> statement-breakpoint
-- Hand-written: each loan's former warranty value (one lookup per loan) becomes one draft guarantee of the
-- matching kind, marked to complete, so nothing entered before is lost. A value the kinds do not name
-- (equipment, inventory, any other) keeps its French name as the property described.
INSERT INTO "guarantees" ("company_id", "contribution_id", "kind", "property", "state", "to_complete")
SELECT f."company_id", f."id",
       CASE w."key"
         WHEN 'personal-guarantee' THEN 'personal_guarantee'
         WHEN 'movable-hypothec' THEN 'movable_hypothec'
         WHEN 'equipment' THEN 'movable_hypothec'
         WHEN 'inventory' THEN 'movable_hypothec'
         WHEN 'immovable-hypothec' THEN 'immovable_hypothec'
         WHEN 'receivables' THEN 'assignment_of_receivables'
         WHEN 'life-insurance' THEN 'life_insurance'
         ELSE 'other'
       END,
       CASE WHEN w."key" IN ('personal-guarantee', 'movable-hypothec', 'immovable-hypothec', 'receivables',
                             'life-insurance') THEN NULL
            ELSE w."name_fr" END,
       'draft', true
  FROM "financial_contributions" f JOIN "warranties" w ON w."id" = f."warranty_id";
--> statement-breakpoint
-- Hand-written: the guarantees' generated tasks are closed by their cause (docs/decisions/0041, 0072) in the
-- transaction of the write that removes it. A task's source key names its guarantee (or loan) and occasion
-- (src/shared/guarantees/tasks.ts): publish, while signed and not registered; renew, while registered with the
-- same expiry; conservation notice, while the guarantee holds and the same sale is recorded; release, while the
-- loan still has a registered guarantee.
CREATE OR REPLACE FUNCTION f_resolve_guarantee_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
   WHERE status = 'open' AND (
        (kind = 'guarantee_publish' AND source_key LIKE 'guarantee_publish:' || NEW.id || ':%'
         AND (NEW.state <> 'signed' OR NEW.registry = 'none' OR NEW.registered_on IS NOT NULL
              OR NEW.signed_on IS NULL OR source_key <> 'guarantee_publish:' || NEW.id || ':' || NEW.signed_on::text))
     OR (kind = 'guarantee_renew' AND source_key LIKE 'guarantee_renew:' || NEW.id || ':%'
         AND (NEW.state <> 'registered' OR NEW.expires_on IS NULL
              OR source_key NOT LIKE 'guarantee_renew:' || NEW.id || ':' || NEW.expires_on::text || ':%'))
     OR (kind = 'guarantee_conservation' AND source_key LIKE 'guarantee_conservation:' || NEW.id || ':%'
         AND (NEW.state NOT IN ('signed', 'registered') OR NEW.asset_sold_on IS NULL
              OR source_key <> 'guarantee_conservation:' || NEW.id || ':' || NEW.asset_sold_on::text))
     OR (kind = 'guarantee_release' AND source_key = 'guarantee_release:' || NEW.contribution_id
         AND NOT EXISTS (SELECT 1 FROM guarantees g
                          WHERE g.contribution_id = NEW.contribution_id AND g.state = 'registered')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER guarantees_resolve_tasks
  AFTER UPDATE ON guarantees
  FOR EACH ROW EXECUTE FUNCTION f_resolve_guarantee_tasks();
