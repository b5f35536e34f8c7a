-- Each process keeps the user of a session token between requests instead of reading it on every request
-- (issue 15, ADR 0029). It must never outlive an archive, a role change, a password change or a sign-out,
-- whoever made it: any change to a user or a session notifies the `identity` family on the channel of
-- migration 0013, and every process drops what it kept. A new session or a new user changes nothing kept,
-- so inserts say nothing (a sign-in does not empty every process's cache).
CREATE TRIGGER users_identity_change AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('identity');
--> statement-breakpoint
CREATE TRIGGER sessions_identity_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION f_notify_list_change('identity');
