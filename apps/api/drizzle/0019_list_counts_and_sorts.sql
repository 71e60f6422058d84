-- Every committed write to a table whose list counts the API caches notifies `table_writes` with the
-- table's name (once per statement; PostgreSQL folds repeats within a transaction and delivers them
-- after the commit). The API forgets that table's cached counts on it (lib/collection/count-cache.ts).
CREATE OR REPLACE FUNCTION notify_table_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('table_writes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS stays_notify_write ON stays;--> statement-breakpoint
CREATE TRIGGER stays_notify_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stays FOR EACH STATEMENT EXECUTE FUNCTION notify_table_write();--> statement-breakpoint
-- The other sorts the stays list offers, over a whole comune (a structure's stays are few enough to sort in memory).
CREATE INDEX IF NOT EXISTS "stays_city_nights_idx" ON "stays" USING btree ("city_id","nights_number","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stays_city_components_idx" ON "stays" USING btree ("city_id","components_number","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stays_city_to_pay_idx" ON "stays" USING btree ("city_id","to_pay_amount_cents","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stays_city_payment_status_idx" ON "stays" USING btree ("city_id","payment_status","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stays_city_structure_idx" ON "stays" USING btree ("city_id","structure_id","id");
