ALTER TABLE "tasks" DROP CONSTRAINT "tasks_kind_check";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "funding_request_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "condition_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "checklist_item_id" uuid;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_funding_request_id_funding_requests_id_fk" FOREIGN KEY ("funding_request_id") REFERENCES "public"."funding_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_condition_id_decision_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."decision_conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_checklist_item_id_checklist_items_id_fk" FOREIGN KEY ("checklist_item_id") REFERENCES "public"."checklist_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_funding_request_idx" ON "tasks" USING btree ("funding_request_id");--> statement-breakpoint
CREATE INDEX "tasks_condition_idx" ON "tasks" USING btree ("condition_id");--> statement-breakpoint
CREATE INDEX "tasks_checklist_item_idx" ON "tasks" USING btree ("checklist_item_id");--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_kind_check" CHECK ("tasks"."kind" in ('manual', 'followup', 'statement', 'late', 'condition', 'checklist'));