-- The risk rating is one of the four letters of its scale (ADR 0032); migration 0024 brought stored values to them.
ALTER TABLE "companies" ADD CONSTRAINT "companies_risk_rating_check" CHECK ("companies"."risk_rating" in ('A', 'B', 'C', 'D'));
