CREATE TABLE "company_employee_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_count" integer,
	"recorded_on" date NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text,
	"due_on" date NOT NULL,
	"assignee_id" uuid,
	"company_id" uuid,
	"contribution_id" uuid,
	"source_key" text,
	"occasion_on" date,
	"late_days" smallint,
	"created_by_id" uuid,
	"done_at" timestamp with time zone,
	"done_by_id" uuid,
	"resolved_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('manual', 'followup', 'statement', 'late')),
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('open', 'done', 'resolved')),
	CONSTRAINT "tasks_source_check" CHECK (("tasks"."kind" = 'manual') = ("tasks"."source_key" is null)),
	CONSTRAINT "tasks_title_check" CHECK ("tasks"."kind" <> 'manual' or "tasks"."title" is not null)
);
--> statement-breakpoint
ALTER TABLE "company_employee_counts" ADD CONSTRAINT "company_employee_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_contribution_id_financial_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."financial_contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_done_by_id_users_id_fk" FOREIGN KEY ("done_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_employee_counts_company_idx" ON "company_employee_counts" USING btree ("company_id","recorded_on");--> statement-breakpoint
CREATE INDEX "tasks_assignee_open_idx" ON "tasks" USING btree ("assignee_id","due_on") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_kind_open_idx" ON "tasks" USING btree ("kind") WHERE "tasks"."status" = 'open';--> statement-breakpoint
CREATE INDEX "tasks_company_idx" ON "tasks" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "tasks_contribution_idx" ON "tasks" USING btree ("contribution_id");