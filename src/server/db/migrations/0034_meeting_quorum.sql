ALTER TABLE "committee_meetings" ADD COLUMN "quorum" integer;--> statement-breakpoint
UPDATE "committee_meetings" m SET "quorum" = c."quorum" FROM "committees" c WHERE c."id" = m."committee_id";--> statement-breakpoint
ALTER TABLE "committee_meetings" ALTER COLUMN "quorum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_meetings" ADD CONSTRAINT "committee_meetings_quorum_check" CHECK ("committee_meetings"."quorum" >= 1);
