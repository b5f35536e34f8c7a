-- The dashboard's figures are kept between writes like a list's total (ADR 0012, 0020): every table they are
-- read from notifies the `portfolio` family on the channel of migration 0013, so that every process drops
-- them when a company, a loan, a fund or a status changes, whoever wrote it (ADR 0027).
CREATE TRIGGER companies_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER financial_contributions_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON financial_contributions
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER contribution_funds_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON contribution_funds
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
--> statement-breakpoint
CREATE TRIGGER statuses_portfolio_change AFTER INSERT OR UPDATE OR DELETE ON statuses
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('portfolio');
