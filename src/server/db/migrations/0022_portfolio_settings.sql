CREATE TABLE "delinquency_buckets" (
	"position" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer,
	"provision_rate" numeric(6, 3),
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delinquency_buckets_key_unique" UNIQUE("key"),
	CONSTRAINT "delinquency_buckets_days_check" CHECK ("delinquency_buckets"."min_days" >= 0 and ("delinquency_buckets"."max_days" is null or "delinquency_buckets"."max_days" >= "delinquency_buckets"."min_days")),
	CONSTRAINT "delinquency_buckets_rate_check" CHECK ("delinquency_buckets"."provision_rate" is null or ("delinquency_buckets"."provision_rate" >= 0 and "delinquency_buckets"."provision_rate" <= 100))
);
--> statement-breakpoint
CREATE TABLE "fund_capitals" (
	"fund_id" uuid PRIMARY KEY NOT NULL,
	"capital_cents" bigint NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_capitals_capital_check" CHECK ("fund_capitals"."capital_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delinquency_buckets" ADD CONSTRAINT "delinquency_buckets_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_capitals" ADD CONSTRAINT "fund_capitals_fund_id_contribution_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."contribution_funds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_capitals" ADD CONSTRAINT "fund_capitals_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;