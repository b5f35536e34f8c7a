-- The pipeline's generated tasks are closed by their cause (docs/decisions/0041, 0045) in the transaction of the
-- write that removes it, whoever writes: the pipeline's routes, a committee's decision, a script. As for the
-- tasks of migration 0029, these triggers are the one place each "resolved by" rule lives.

-- A condition met, waived or breached, or its due date moved (the new date, when near, makes its own task).
CREATE OR REPLACE FUNCTION f_resolve_condition_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
   WHERE kind = 'condition' AND status = 'open' AND condition_id = NEW.id
     AND (NEW.status <> 'open' OR occasion_on IS DISTINCT FROM NEW.due_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER decision_conditions_resolve_tasks
  AFTER UPDATE OF status, due_date ON decision_conditions
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.due_date IS DISTINCT FROM NEW.due_date)
  EXECUTE FUNCTION f_resolve_condition_tasks();
--> statement-breakpoint
-- A required checklist item verified or waived: it no longer keeps its request in its stage.
CREATE OR REPLACE FUNCTION f_resolve_checklist_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
   WHERE kind = 'checklist' AND status = 'open' AND checklist_item_id = NEW.id
     AND NEW.status IN ('verified', 'waived');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_items_resolve_tasks
  AFTER UPDATE OF status ON checklist_items
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION f_resolve_checklist_tasks();
--> statement-breakpoint
-- A request that ends: its checklist blocks nothing any more (disbursed, declined, withdrawn), and the conditions
-- of one withdrawn or declined bind nobody (`blockingStage` and `REQUEST_STATES_WITHOUT_CONDITIONS` in
-- src/shared/tasks/rules.ts say the same for the generators). A disbursed request's covenants stay due.
CREATE OR REPLACE FUNCTION f_resolve_request_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
   WHERE status = 'open' AND funding_request_id = NEW.id
     AND ((kind = 'checklist' AND NEW.state IN ('disbursed', 'declined', 'withdrawn'))
       OR (kind = 'condition' AND NEW.state IN ('declined', 'withdrawn')));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER funding_requests_resolve_tasks
  AFTER UPDATE OF state ON funding_requests
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION f_resolve_request_tasks();
