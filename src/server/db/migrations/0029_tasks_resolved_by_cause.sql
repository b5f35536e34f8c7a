-- A generated task is closed by its cause (docs/decisions/0041), in the transaction of the write that removes the
-- cause, whoever writes it (the company form, loan servicing, a script): these triggers are the one place each
-- "resolved by" rule lives.

-- The statement of the year entered (or a statement's year corrected to it).
CREATE OR REPLACE FUNCTION f_resolve_statement_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.year IS NOT NULL THEN
    UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
     WHERE kind = 'statement' AND status = 'open' AND company_id = NEW.company_id
       AND extract(year FROM occasion_on)::int = NEW.year;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER financial_statements_resolve_tasks
  AFTER INSERT OR UPDATE OF year ON financial_statements
  FOR EACH ROW EXECUTE FUNCTION f_resolve_statement_tasks();
--> statement-breakpoint
-- A follow-up date moved or cleared: the follow-up it announced is no longer the loan's (the new date, if near,
-- makes its own task).
CREATE OR REPLACE FUNCTION f_resolve_followup_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
   WHERE kind = 'followup' AND status = 'open' AND contribution_id = NEW.id
     AND occasion_on IS DISTINCT FROM NEW.followup_date;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER financial_contributions_resolve_followup_tasks
  AFTER UPDATE OF followup_date ON financial_contributions
  FOR EACH ROW WHEN (OLD.followup_date IS DISTINCT FROM NEW.followup_date)
  EXECUTE FUNCTION f_resolve_followup_tasks();
--> statement-breakpoint
-- A late spell over: the loan's row of figures (written with every payment, reversal, write-off and amendment,
-- ADR 0036) no longer shows it late since the same day — paid up, caught up past that installment, repaid or
-- written off.
CREATE OR REPLACE FUNCTION f_resolve_late_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tasks SET status = 'resolved', resolved_at = now(), updated_at = now()
   WHERE kind = 'late' AND status = 'open' AND contribution_id = NEW.contribution_id
     AND (NEW.status <> 'active' OR NEW.overdue_since IS NULL OR occasion_on <> NEW.overdue_since);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loan_states_resolve_late_tasks
  AFTER INSERT OR UPDATE OF status, overdue_since ON loan_states
  FOR EACH ROW EXECUTE FUNCTION f_resolve_late_tasks();
