-- Stored totals behind the declarations of a whole comune for a period (issue 24): per comune, structure, day
-- of check-out and paid or not, the plain sums of the per-stay columns the declaration figures add up, over
-- the stays not yet counted by a declaration; and the same per month, so that a quarter reads about
-- 3 x 2 rows per structure instead of every stay of the quarter (the edges of a period that does not start or
-- end on a month's edge come from the day rows). The domain's computeFiguresFromTotals turns the sums into
-- the figures (declarations/declaration-figures.ts). PostgreSQL keeps them in the same transaction as every
-- write to stays, whoever makes it (the API's forms, the import workers' set-based inserts, repricing, the
-- lock of a submission, a SQL bulk update): statement triggers over the transition tables, one grouped
-- upsert per statement, not one per row. The presences follow stayPresences (domain): the stored count
-- when all four are there, else the fallback of rows priced before presences were stored (the same
-- expression as the aggregate of 0017; stay-figure-totals.test.ts checks both against the domain).
CREATE TABLE IF NOT EXISTS "stay_figure_totals" (
  "city_id" uuid NOT NULL,
  "span" text NOT NULL CHECK ("span" IN ('day', 'month')),
  "day" date NOT NULL,
  "structure_id" uuid NOT NULL,
  "not_paid" boolean NOT NULL,
  "stays" bigint NOT NULL,
  "guests_number" bigint NOT NULL,
  "nights_number" bigint NOT NULL,
  "paying_presences" bigint NOT NULL,
  "reduced_presences" bigint NOT NULL,
  "exempt_presences" bigint NOT NULL,
  "beyond_cap_presences" bigint NOT NULL,
  "tariff_cents" bigint NOT NULL,
  "reduction_cents" bigint NOT NULL,
  "amount_cents" bigint NOT NULL,
  PRIMARY KEY ("city_id", "span", "day", "structure_id", "not_paid")
);--> statement-breakpoint
-- One stay's contribution, signed: `rows` is a transition table (or stays itself for the backfill).
CREATE OR REPLACE FUNCTION stay_figure_deltas_sql(source text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    SELECT r.city_id, r.structure_id, r.check_out, r.payment_status <> 'paid' AS not_paid, %1$s AS stays,
           %1$s * r.components_number AS guests_number, %1$s * r.nights_number AS nights_number,
           %1$s * CASE WHEN p.stored THEN r.paying_presences ELSE (r.paying_guests - r.reduced_guests) * r.taxable_nights END AS paying_presences,
           %1$s * CASE WHEN p.stored THEN r.reduced_presences ELSE r.reduced_guests * r.taxable_nights END AS reduced_presences,
           %1$s * CASE WHEN p.stored THEN r.exempt_presences ELSE r.exempt_guests * r.nights_number END AS exempt_presences,
           %1$s * CASE WHEN p.stored THEN r.beyond_cap_presences ELSE r.paying_guests * (r.nights_number - r.taxable_nights) END AS beyond_cap_presences,
           %1$s * r.tariff_import_cents AS tariff_cents, %1$s * r.reduction_import_cents AS reduction_cents, %1$s * r.to_pay_amount_cents AS amount_cents
    FROM %2$s r
    CROSS JOIN LATERAL (SELECT r.paying_presences IS NOT NULL AND r.reduced_presences IS NOT NULL AND r.exempt_presences IS NOT NULL AND r.beyond_cap_presences IS NOT NULL AS stored) p
    WHERE r.declaration_id IS NULL$q$, sign::text, source)
$$;--> statement-breakpoint
-- The statement adding the signed contributions of `deltas` (a query of stay_figure_deltas_sql) to the day and
-- month rows (summed per day first: an import's thousands of stays become a few hundred groups), in key order (two statements touching the same rows lock them in the same order). Groups whose
-- sums do not move (an edit of a guest's name) write nothing. Statements as text, run by the trigger function
-- itself: a transition table is visible to the trigger function's own queries only, not to a function it calls.
CREATE OR REPLACE FUNCTION stay_figure_upsert_sql(deltas text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    WITH d AS (%s),
    days AS (
      SELECT d.city_id, d.check_out, d.structure_id, d.not_paid,
             sum(d.stays) AS stays, sum(d.guests_number) AS guests_number, sum(d.nights_number) AS nights_number,
             sum(d.paying_presences) AS paying_presences, sum(d.reduced_presences) AS reduced_presences,
             sum(d.exempt_presences) AS exempt_presences, sum(d.beyond_cap_presences) AS beyond_cap_presences,
             sum(d.tariff_cents) AS tariff_cents, sum(d.reduction_cents) AS reduction_cents, sum(d.amount_cents) AS amount_cents
      FROM d GROUP BY 1, 2, 3, 4
    ),
    g AS (
      SELECT d.city_id, k.span, k.day, d.structure_id, d.not_paid,
             sum(d.stays) AS stays, sum(d.guests_number) AS guests_number, sum(d.nights_number) AS nights_number,
             sum(d.paying_presences) AS paying_presences, sum(d.reduced_presences) AS reduced_presences,
             sum(d.exempt_presences) AS exempt_presences, sum(d.beyond_cap_presences) AS beyond_cap_presences,
             sum(d.tariff_cents) AS tariff_cents, sum(d.reduction_cents) AS reduction_cents, sum(d.amount_cents) AS amount_cents
      FROM days d CROSS JOIN LATERAL (VALUES ('day', d.check_out), ('month', date_trunc('month', d.check_out)::date)) k(span, day)
      GROUP BY 1, 2, 3, 4, 5
    )
    INSERT INTO stay_figure_totals AS t (city_id, span, day, structure_id, not_paid, stays, guests_number, nights_number, paying_presences,
                                         reduced_presences, exempt_presences, beyond_cap_presences, tariff_cents, reduction_cents, amount_cents)
    SELECT * FROM g
    WHERE stays <> 0 OR guests_number <> 0 OR nights_number <> 0 OR paying_presences <> 0 OR reduced_presences <> 0 OR exempt_presences <> 0
       OR beyond_cap_presences <> 0 OR tariff_cents <> 0 OR reduction_cents <> 0 OR amount_cents <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (city_id, span, day, structure_id, not_paid) DO UPDATE SET
      stays = t.stays + excluded.stays, guests_number = t.guests_number + excluded.guests_number,
      nights_number = t.nights_number + excluded.nights_number, paying_presences = t.paying_presences + excluded.paying_presences,
      reduced_presences = t.reduced_presences + excluded.reduced_presences, exempt_presences = t.exempt_presences + excluded.exempt_presences,
      beyond_cap_presences = t.beyond_cap_presences + excluded.beyond_cap_presences, tariff_cents = t.tariff_cents + excluded.tariff_cents,
      reduction_cents = t.reduction_cents + excluded.reduction_cents, amount_cents = t.amount_cents + excluded.amount_cents$q$, deltas)
$$;--> statement-breakpoint
-- After stays were taken away: drops the rows of their keys left with no stay.
CREATE OR REPLACE FUNCTION stay_figure_cleanup_sql(deltas text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$
    DELETE FROM stay_figure_totals t
    USING (SELECT DISTINCT d.city_id, d.structure_id, d.not_paid, d.check_out FROM (%s) d WHERE d.stays < 0) o
    WHERE t.stays = 0 AND t.city_id = o.city_id AND t.structure_id = o.structure_id AND t.not_paid = o.not_paid
      AND ((t.span = 'day' AND t.day = o.check_out) OR (t.span = 'month' AND t.day = date_trunc('month', o.check_out)::date))$q$, deltas)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stays_figure_totals_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    deltas := stay_figure_deltas_sql('new_rows', 1);
  ELSIF TG_OP = 'UPDATE' THEN
    deltas := stay_figure_deltas_sql('new_rows', 1) || ' UNION ALL ' || stay_figure_deltas_sql('old_rows', -1);
  ELSE
    deltas := stay_figure_deltas_sql('old_rows', -1);
  END IF;
  EXECUTE stay_figure_upsert_sql(deltas);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE stay_figure_cleanup_sql(deltas);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION stays_figure_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM stay_figure_totals;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS stays_figure_totals_insert ON stays;--> statement-breakpoint
CREATE TRIGGER stays_figure_totals_insert AFTER INSERT ON stays REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stays_figure_totals_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS stays_figure_totals_update ON stays;--> statement-breakpoint
CREATE TRIGGER stays_figure_totals_update AFTER UPDATE ON stays REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stays_figure_totals_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS stays_figure_totals_delete ON stays;--> statement-breakpoint
CREATE TRIGGER stays_figure_totals_delete AFTER DELETE ON stays REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stays_figure_totals_write();--> statement-breakpoint
DROP TRIGGER IF EXISTS stays_figure_totals_truncate ON stays;--> statement-breakpoint
CREATE TRIGGER stays_figure_totals_truncate AFTER TRUNCATE ON stays FOR EACH STATEMENT EXECUTE FUNCTION stays_figure_totals_truncate();--> statement-breakpoint
-- The stays already there (in the same transaction as the triggers' creation: no write slips between).
DELETE FROM stay_figure_totals;--> statement-breakpoint
DO $$ BEGIN EXECUTE stay_figure_upsert_sql(stay_figure_deltas_sql('stays', 1)); END $$;
