ALTER TABLE "agenda_conflicts" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_decisions" ADD COLUMN "missing_voters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_decisions" ADD COLUMN "refusal_reason" text;