ALTER TABLE "rdps" ADD COLUMN "nca_report_id" uuid;--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_nca_report_id_nca_reports_id_fk" FOREIGN KEY ("nca_report_id") REFERENCES "public"."nca_reports"("id") ON DELETE set null ON UPDATE no action;
