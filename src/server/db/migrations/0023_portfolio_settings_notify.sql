-- The aging buckets and the funds' capital are read by the kept portfolio figures (the dashboard, the aging,
-- PAR, the funds): a change, whoever makes it, drops them in every process (`portfolio` family, ADR 0027).
CREATE TRIGGER delinquency_buckets_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON delinquency_buckets
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER fund_capitals_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON fund_capitals
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
