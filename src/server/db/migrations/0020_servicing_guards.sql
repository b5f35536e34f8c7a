-- Loan servicing (docs/decisions/0036), the parts drizzle-kit does not write.
--
-- 1. Loan numbers: the company's reference number and its loan sequence (C-2026-000123-01), given on insert
--    whoever inserts (the app, the demo seed, a script), never reused: the sequence lives on the company.
CREATE OR REPLACE FUNCTION f_loan_number(reference text, n integer) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT reference || '-' || CASE WHEN n < 100 THEN lpad(n::text, 2, '0') ELSE n::text END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_number_loan() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reference text;
  n integer;
BEGIN
  UPDATE companies SET loan_sequence = loan_sequence + 1 WHERE id = NEW.company_id
    RETURNING reference_number, loan_sequence INTO reference, n;
  NEW.loan_number := f_loan_number(reference, n);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER financial_contributions_loan_number BEFORE INSERT ON financial_contributions
  FOR EACH ROW WHEN (NEW.loan_number IS NULL) EXECUTE FUNCTION f_number_loan();
--> statement-breakpoint
WITH numbered AS (
  SELECT f.id, c.reference_number,
         row_number() OVER (PARTITION BY f.company_id ORDER BY f.inserted_at, f.seq)::int AS n
    FROM financial_contributions f JOIN companies c ON c.id = f.company_id
   WHERE f.loan_number IS NULL)
UPDATE financial_contributions f SET loan_number = f_loan_number(numbered.reference_number, numbered.n)
  FROM numbered WHERE numbered.id = f.id;
--> statement-breakpoint
UPDATE companies c SET loan_sequence = (SELECT count(*) FROM financial_contributions f WHERE f.company_id = c.id);
--> statement-breakpoint
-- 2. Every loan has its row of figures. A new one, or one whose terms changed, gets a *stale* row (dated
--    1900-01-01, holding until then): the app computes it from the entries before any read uses it
--    (servicing/store.ts `freshLoanStates`), so no rule of the computation is written in SQL.
CREATE OR REPLACE FUNCTION f_stale_loan_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO loan_states (contribution_id, status, has_terms, as_of, holds_until)
    VALUES (NEW.id, 'not_disbursed', false, '1900-01-01', '1900-01-01')
    ON CONFLICT (contribution_id) DO UPDATE SET as_of = '1900-01-01', holds_until = '1900-01-01';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER financial_contributions_loan_state AFTER INSERT ON financial_contributions
  FOR EACH ROW EXECUTE FUNCTION f_stale_loan_state();
--> statement-breakpoint
CREATE TRIGGER financial_contributions_terms_changed AFTER UPDATE ON financial_contributions
  FOR EACH ROW WHEN ((OLD.amount, OLD.rate, OLD.amortization, OLD.moratorium, OLD.authorization_date)
                     IS DISTINCT FROM (NEW.amount, NEW.rate, NEW.amortization, NEW.moratorium, NEW.authorization_date))
  EXECUTE FUNCTION f_stale_loan_state();
--> statement-breakpoint
INSERT INTO loan_states (contribution_id, status, has_terms, as_of, holds_until)
  SELECT id, 'not_disbursed', false, '1900-01-01', '1900-01-01' FROM financial_contributions
  ON CONFLICT (contribution_id) DO NOTHING;
--> statement-breakpoint
-- 3. Recorded money is never updated or deleted (ARCHITECTURE §7): the only change a row takes is its
--    correction, set once. The first argument is the column that marks it, the others the columns that may
--    change with it; once it is set, only a person's column may still change (an account removed sets it to
--    null). Anything else is refused, whoever writes.
CREATE OR REPLACE FUNCTION f_recorded_money_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  people text[] := ARRAY(SELECT a FROM unnest(TG_ARGV) a WHERE a = 'author_id' OR a LIKE '%\_by\_id');
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'recorded money is never deleted (%): reverse it instead', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (to_jsonb(NEW) - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV)
     OR ((to_jsonb(OLD) ->> TG_ARGV[0]) IS NOT NULL
         AND (to_jsonb(NEW) - people) IS DISTINCT FROM (to_jsonb(OLD) - people)) THEN
    RAISE EXCEPTION 'recorded money is never changed (%): only its correction is set, once', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER disbursements_kept BEFORE UPDATE OR DELETE ON disbursements FOR EACH ROW
  EXECUTE FUNCTION f_recorded_money_is_kept('reversed_at', 'reversed_by_id', 'reversal_reason', 'author_id');
--> statement-breakpoint
CREATE TRIGGER repayments_kept BEFORE UPDATE OR DELETE ON repayments FOR EACH ROW
  EXECUTE FUNCTION f_recorded_money_is_kept('reversed_at', 'reversed_by_id', 'reversal_reason', 'author_id');
--> statement-breakpoint
CREATE TRIGGER term_amendments_kept BEFORE UPDATE OR DELETE ON term_amendments FOR EACH ROW
  EXECUTE FUNCTION f_recorded_money_is_kept('reversed_at', 'reversed_by_id', 'reversal_reason', 'author_id');
--> statement-breakpoint
CREATE TRIGGER write_offs_kept BEFORE UPDATE OR DELETE ON write_offs FOR EACH ROW
  EXECUTE FUNCTION f_recorded_money_is_kept('undone_at', 'undone_by_id', 'undo_reason', 'author_id');
--> statement-breakpoint
-- 4. Kept dashboards and portfolio figures drop when a loan's money or figures change (migration 0015's
--    `portfolio` family, ADR 0027).
CREATE TRIGGER loan_states_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON loan_states
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER disbursements_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON disbursements
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER repayments_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON repayments
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER term_amendments_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON term_amendments
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER write_offs_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON write_offs
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
