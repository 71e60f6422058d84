-- The RDP list's filters that a laboratory and the consortium combine (apps/web/src/environmental/rdps/RdpList.tsx),
-- each on an index that ends with the list's default sort (newest sample first, then id), so that the page reads
-- 25 index entries and the count reads the index only, whatever the table holds (issue 24). Measured on 100,000
-- reports: a laboratory's reports in one status took 400 ms through the laboratory's index (every report of the
-- laboratory read to find those of the status); approved and out of limits, 10 ms for the page and 68 ms for the count.
-- A laboratory's reports (its scope, or the consortium's laboratory filter) in one status.
CREATE INDEX IF NOT EXISTS "rdps_laboratory_status_sample_date_idx" ON "rdps" USING btree ("laboratory_id", "status", "sample_date" DESC, "id");--> statement-breakpoint
-- Out of limits (a few in a hundred) in one status, and those of one laboratory.
CREATE INDEX IF NOT EXISTS "rdps_out_of_limits_status_sample_date_idx" ON "rdps" USING btree ("status", "sample_date" DESC, "id") WHERE "out_of_limits";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rdps_out_of_limits_laboratory_sample_date_idx" ON "rdps" USING btree ("laboratory_id", "sample_date" DESC, "id") WHERE "out_of_limits";
