-- The stays a guest did not pay (a few in a hundred), by comune and check-out: the rejected-payment
-- lines of a comune's declarations are read through it instead of a scan of the table.
CREATE INDEX IF NOT EXISTS "stays_city_checkout_unpaid_idx" ON "stays" USING btree ("city_id","check_out") WHERE "payment_status" <> 'paid';
