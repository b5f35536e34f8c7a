CREATE INDEX "financial_contributions_followup_idx" ON "financial_contributions" USING btree ("followup_date");--> statement-breakpoint
CREATE INDEX "financial_contributions_end_idx" ON "financial_contributions" USING btree ("expected_end_date");--> statement-breakpoint
CREATE INDEX "financial_contributions_fund_idx" ON "financial_contributions" USING btree ("contribution_fund_id");
