-- CAPA rigour on NCA reports (issue 27 part 1): immediate containment actions, the structured root cause
-- (5-Why chain, Ishikawa families), the report a failed effectiveness check opened, and the checks themselves.
ALTER TABLE "nca_reports" ADD COLUMN "containment_actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD COLUMN "five_whys" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD COLUMN "ishikawa_categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD COLUMN "previous_report_id" uuid;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_previous_report_id_nca_reports_id_fk" FOREIGN KEY ("previous_report_id") REFERENCES "public"."nca_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nca_reports_recurrence_idx" ON "nca_reports" USING btree ("target_agency_id","system_setting_id");--> statement-breakpoint
-- Per severity level (NCA settings): whether phase 1 needs containment first, and the days to the effectiveness
-- check (null: the default, 60). Existing severity levels keep signing as before (no containment required).
ALTER TABLE "settings" ADD COLUMN "needs_containment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "effectiveness_check_days" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_effectiveness_check_days_check" CHECK ("effectiveness_check_days" is null or "effectiveness_check_days" between 1 and 730);--> statement-breakpoint
CREATE TABLE "nca_effectiveness_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"report_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"outcome_note" text,
	"decided_by_id" uuid,
	"decided_at" timestamp (3) with time zone,
	"follow_up_report_id" uuid,
	"reminded_at" timestamp (3) with time zone,
	CONSTRAINT "nca_effectiveness_checks_status_check" CHECK ("nca_effectiveness_checks"."status" in ('scheduled', 'effective', 'not_effective'))
);
--> statement-breakpoint
ALTER TABLE "nca_effectiveness_checks" ADD CONSTRAINT "nca_effectiveness_checks_report_id_nca_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."nca_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_effectiveness_checks" ADD CONSTRAINT "nca_effectiveness_checks_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_effectiveness_checks" ADD CONSTRAINT "nca_effectiveness_checks_follow_up_report_id_nca_reports_id_fk" FOREIGN KEY ("follow_up_report_id") REFERENCES "public"."nca_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nca_effectiveness_checks_report_unique" ON "nca_effectiveness_checks" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "nca_effectiveness_checks_status_idx" ON "nca_effectiveness_checks" USING btree ("status","due_date");
