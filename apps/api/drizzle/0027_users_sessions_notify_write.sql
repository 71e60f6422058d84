-- The API keeps the user and session behind an access token for a few seconds (modules/platform/auth/
-- authenticate.ts): every committed write to either table makes it forget them, through the same
-- `table_writes` notification as the stays' list counts (function of migration 0019).
DROP TRIGGER IF EXISTS users_notify_write ON users;--> statement-breakpoint
CREATE TRIGGER users_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_notify_write ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();
