-- The environmental lists at the database's speed (issue 24). Every filter and sort the NCA and RDP list screens
-- offer (apps/web/src/environmental/nca/screens.tsx, rdps/RdpList.tsx) is served by an index, each ending with the
-- list's tie-breaker (id); an index whose first column a new one leads with is dropped. ARCHITECTURE.md lists which
-- index serves which filter and sort.
-- NCA reports: newest first (the screen's default sort), alone or after an equality filter or the agency's scope.
CREATE INDEX IF NOT EXISTS "nca_reports_created_idx" ON "nca_reports" USING btree ("created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_status_created_idx" ON "nca_reports" USING btree ("status", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_target_agency_created_idx" ON "nca_reports" USING btree ("target_agency_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_lot_created_idx" ON "nca_reports" USING btree ("lot_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_warning_level_created_idx" ON "nca_reports" USING btree ("warning_level_setting_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_ambient_created_idx" ON "nca_reports" USING btree ("ambient_setting_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_detected_by_created_idx" ON "nca_reports" USING btree ("detected_by_agency_id", "created_at" DESC, "id");--> statement-breakpoint
-- The other sorts of the screen: code, status, opening date.
CREATE INDEX IF NOT EXISTS "nca_reports_code_sort_idx" ON "nca_reports" USING btree ("code", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_status_sort_idx" ON "nca_reports" USING btree ("status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nca_reports_open_date_sort_idx" ON "nca_reports" USING btree ("open_date", "id");--> statement-breakpoint
-- The recurrence of each listed report (reports.ts recurrencesOf) and the recurrence filter: the latest report of an
-- agency and type out of the draft before a day, one index probe.
CREATE INDEX IF NOT EXISTS "nca_reports_recurrence_day_idx" ON "nca_reports" USING btree ("target_agency_id", "system_setting_id", (coalesce("open_date", ("created_at" at time zone 'Europe/Rome')::date)) DESC, "created_at" DESC) WHERE "status" <> 'pending';--> statement-breakpoint
-- The Ishikawa filter (`ishikawa_categories @> array[family]`).
CREATE INDEX IF NOT EXISTS "nca_reports_ishikawa_idx" ON "nca_reports" USING gin ("ishikawa_categories");--> statement-breakpoint
DROP INDEX IF EXISTS "nca_reports_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "nca_reports_lot_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "nca_reports_target_agency_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "nca_reports_detected_by_idx";--> statement-breakpoint
-- The overdue filter and the overdue count of each listed report: the open actions past their expiry.
CREATE INDEX IF NOT EXISTS "corrective_actions_overdue_idx" ON "corrective_actions" USING btree ("report_id", "expire_date") WHERE "expires" AND "status" IN ('new', 'confirmed', 'in_progress');--> statement-breakpoint
-- The branches of the NCA participant rule (nca-scope.ts): the actions assigned by name, role or company function.
CREATE INDEX IF NOT EXISTS "corrective_actions_user_ids_idx" ON "corrective_actions" USING gin ("user_ids");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "corrective_actions_role_ids_idx" ON "corrective_actions" USING gin ("role_ids");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "corrective_actions_functions_idx" ON "corrective_actions" USING gin ("agency_function_setting_ids");--> statement-breakpoint
-- RDP reports: newest sample first (the screen's default sort), alone or after the scope or an equality filter.
CREATE INDEX IF NOT EXISTS "rdps_sample_date_idx" ON "rdps" USING btree ("sample_date" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_laboratory_sample_date_idx" ON "rdps" USING btree ("laboratory_id", "sample_date" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_agency_sample_date_idx" ON "rdps" USING btree ("agency_id", "sample_date" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_status_sample_date_idx" ON "rdps" USING btree ("status", "sample_date" DESC, "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_out_of_limits_sample_date_idx" ON "rdps" USING btree ("sample_date" DESC, "id") WHERE "out_of_limits";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_sal_pending_sample_date_idx" ON "rdps" USING btree ("sample_date" DESC, "id") WHERE "sal_confirmed_at" IS NULL;--> statement-breakpoint
-- The other sorts of the screen: code, status, total price.
CREATE INDEX IF NOT EXISTS "rdps_code_sort_idx" ON "rdps" USING btree ("code", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_status_sort_idx" ON "rdps" USING btree ("status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_total_price_sort_idx" ON "rdps" USING btree ("total_price_cents", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "rdps_status_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "rdps_agency_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "rdps_out_of_limits_idx";--> statement-breakpoint
-- The RDP list's counts are cached until the next committed write to the table (lib/collection/count-cache.ts),
-- and the API's per-process cache of settings (feature flags, the NCA settings the lists show) is forgotten on
-- every committed write to settings: both through the `table_writes` notification of migration 0019.
DROP TRIGGER IF EXISTS rdps_notify_write ON rdps;--> statement-breakpoint
CREATE TRIGGER rdps_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rdps FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS settings_notify_write ON settings;--> statement-breakpoint
CREATE TRIGGER settings_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();
