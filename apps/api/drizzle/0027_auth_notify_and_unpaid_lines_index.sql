-- The API keeps the user and session behind an access token for a few seconds (modules/platform/auth/
-- authenticate.ts): every committed write to either table makes it forget them, through the same
-- `table_writes` notification as the stays' list counts (function of migration 0019).
DROP TRIGGER IF EXISTS users_notify_write ON users;--> statement-breakpoint
CREATE TRIGGER users_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS sessions_notify_write ON sessions;--> statement-breakpoint
CREATE TRIGGER sessions_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
-- The rejected-payment lines of a comune's declarations (the stays a guest did not pay, a few in a
-- hundred) in their order, read from this index alone: it carries every column a line shows, the
-- lead guest included (only the unpaid stays' guests, so it stays small). It replaces 0018's index.
CREATE INDEX IF NOT EXISTS "stays_city_checkout_unpaid_lines_idx" ON "stays" USING btree ("city_id","check_out","id") INCLUDE ("structure_id","declaration_id","to_pay_amount_cents","no_payment_reason","guest") WHERE "payment_status" <> 'paid';--> statement-breakpoint
DROP INDEX IF EXISTS "stays_city_checkout_unpaid_idx";
