-- A company's employee count kept with its history (docs/decisions/0041): one dated row per change, written by
-- the database whoever changes the count (the company form, the demo seed, a script), so a report reads the
-- count as it was on a loan's authorization date.
CREATE OR REPLACE FUNCTION f_record_employee_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.employee_count IS DISTINCT FROM OLD.employee_count THEN
    INSERT INTO company_employee_counts (company_id, employee_count, recorded_on)
    VALUES (NEW.id, NEW.employee_count, (now() AT TIME ZONE 'America/Toronto')::date);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER companies_employee_count_history
  AFTER INSERT OR UPDATE OF employee_count ON companies
  FOR EACH ROW EXECUTE FUNCTION f_record_employee_count();
--> statement-breakpoint
-- The companies already there: their count as known today, dated from their creation (nothing older is known).
INSERT INTO company_employee_counts (company_id, employee_count, recorded_on)
SELECT id, employee_count, (inserted_at AT TIME ZONE 'America/Toronto')::date FROM companies;
