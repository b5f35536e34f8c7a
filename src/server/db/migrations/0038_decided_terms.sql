ALTER TABLE "financial_contributions" ADD COLUMN "resolution_number" text;--> statement-breakpoint
ALTER TABLE "financial_contributions" ADD COLUMN "resolution_date" date;--> statement-breakpoint
-- Hand-written backfill: a loan a committee decision created carries that decision's resolution number and date.
UPDATE "financial_contributions" f
   SET "resolution_number" = d."resolution_number", "resolution_date" = d."decided_on"
  FROM "decision_amounts" a JOIN "committee_decisions" d ON d."id" = a."decision_id"
 WHERE a."contribution_id" = f."id";
