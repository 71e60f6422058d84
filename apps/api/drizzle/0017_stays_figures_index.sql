-- The declarations of a whole comune for a period: one grouped aggregate over this index alone
-- (index-only scan), so it carries every column the figures add up. Drizzle's index builder has no
-- INCLUDE: the schema (db/schema/tourist-tax.ts) names it in a comment.
CREATE INDEX IF NOT EXISTS "stays_city_checkout_figures_idx" ON "stays" USING btree ("city_id","check_out") INCLUDE ("structure_id","declaration_id","payment_status","components_number","nights_number","taxable_nights","paying_guests","reduced_guests","exempt_guests","tariff_import_cents","reduction_import_cents","to_pay_amount_cents","paying_presences","reduced_presences","exempt_presences","beyond_cap_presences");
