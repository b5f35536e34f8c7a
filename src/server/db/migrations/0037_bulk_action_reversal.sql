ALTER TABLE "bulk_term_amendments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bulk_term_amendments" ADD COLUMN "reversed_by_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_term_amendments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "bulk_term_amendments" ADD CONSTRAINT "bulk_term_amendments_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_term_amendments" ADD CONSTRAINT "bulk_term_amendments_reversal_check" CHECK (("bulk_term_amendments"."reversed_at" is null) = ("bulk_term_amendments"."reversal_reason" is null));