CREATE TABLE "fund_aid_ceiling_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fund_id" uuid NOT NULL,
	"ceiling_percent_before" numeric(6, 3),
	"ceiling_percent_after" numeric(6, 3),
	"author_id" uuid,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fund_aid_ceiling_changes" ADD CONSTRAINT "fund_aid_ceiling_changes_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_aid_ceiling_changes" ADD CONSTRAINT "fund_aid_ceiling_changes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_aid_ceiling_changes_fund_idx" ON "fund_aid_ceiling_changes" USING btree ("fund_id","inserted_at");