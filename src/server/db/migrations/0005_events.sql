CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"category_slug" text NOT NULL,
	"title" text,
	"code" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"date" date DEFAULT ((now() AT TIME ZONE 'America/Toronto')::date) NOT NULL,
	"notes" text,
	"author_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_category_slug_check" CHECK ("events"."category_slug" in ('technicalHelp', 'starting', 'funding', 'project', 'collection', 'followup', 'other', 'system')),
	CONSTRAINT "events_shape_check" CHECK (("events"."category_slug" = 'system' and "events"."code" is not null and "events"."title" is null) or ("events"."category_slug" <> 'system' and "events"."code" is null and "events"."title" is not null))
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_company_date_idx" ON "events" USING btree ("company_id","date" DESC NULLS FIRST,"inserted_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_search_trgm_idx" ON "events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "events_author_idx" ON "events" USING btree ("author_id");