-- A comune's stays in check-out order (exports walk it with a keyset on (check_out, id); lists sorted by check-out page on it).
CREATE INDEX IF NOT EXISTS "stays_city_checkout_id_idx" ON "stays" USING btree ("city_id","check_out","id");--> statement-breakpoint
DROP INDEX IF EXISTS "stays_city_checkout_idx";--> statement-breakpoint
-- The stays lists sorted by check-in: one structure, or a whole comune.
CREATE INDEX IF NOT EXISTS "stays_structure_checkin_idx" ON "stays" USING btree ("structure_id","check_in","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stays_city_checkin_idx" ON "stays" USING btree ("city_id","check_in","id");
