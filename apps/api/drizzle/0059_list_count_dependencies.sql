-- Cached list counts (lib/collection/count-cache.ts) are forgotten on every committed write to the tables their
-- filter reads, not only to the listed table: the NCA reports' participant scope reads corrective actions, sign
-- requests, users, settings and agencies; a hotelier's stays scope reads structures (its managers). Each of these
-- tables notifies `table_writes` (function of migration 0019), once per statement.
DROP TRIGGER IF EXISTS nca_reports_notify_write ON nca_reports;--> statement-breakpoint
CREATE TRIGGER nca_reports_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON nca_reports FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS corrective_actions_notify_write ON corrective_actions;--> statement-breakpoint
CREATE TRIGGER corrective_actions_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON corrective_actions FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS sign_requests_notify_write ON sign_requests;--> statement-breakpoint
CREATE TRIGGER sign_requests_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sign_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS agencies_notify_write ON agencies;--> statement-breakpoint
CREATE TRIGGER agencies_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS structures_notify_write ON structures;--> statement-breakpoint
CREATE TRIGGER structures_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON structures FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();
