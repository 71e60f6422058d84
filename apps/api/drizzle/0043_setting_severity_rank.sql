-- Severity levels get their order of gravity (1 the mildest): pickers and lists sorted them by name
-- ("Grave" before "Lieve"). Existing levels are ranked by what already says how grave they are: the
-- shorter the wait for the effectiveness check, the graver; then those that need containment; then
-- the order they were created in.
ALTER TABLE "settings" ADD COLUMN "severity_rank" integer;--> statement-breakpoint
UPDATE "settings" SET "severity_rank" = ranked.rank FROM (
  SELECT "id", row_number() OVER (ORDER BY COALESCE("effectiveness_check_days", 60) DESC, "needs_containment", "created_at", "id") AS rank
  FROM "settings" WHERE "setting_type" = 'severityLevel'
) AS ranked WHERE "settings"."id" = ranked."id" AND ranked.rank <= 99;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_severity_rank_check" CHECK ("settings"."severity_rank" is null or "settings"."severity_rank" between 1 and 99);
