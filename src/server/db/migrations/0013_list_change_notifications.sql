-- Lists keep their totals and anchors between writes (ADR 0012). Every process learns that a list's rows
-- changed from PostgreSQL itself, whichever process (or script) wrote them (ADR 0027): a statement-level
-- trigger per table notifies the list family on channel atrium_lists. NOTIFY is sent at commit, once per
-- payload per transaction, and never for a rolled-back write.
CREATE OR REPLACE FUNCTION f_notify_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_lists', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_list_change AFTER INSERT OR UPDATE OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('companies');
--> statement-breakpoint
CREATE TRIGGER documents_list_change AFTER INSERT OR UPDATE OR DELETE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('documents');
--> statement-breakpoint
CREATE TRIGGER events_list_change AFTER INSERT OR UPDATE OR DELETE ON events
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('events');
