CREATE TABLE "rdps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"lot_id" uuid,
	"wbs" text,
	"label" text,
	"matrix_setting_id" uuid,
	"agency_id" uuid,
	"sample_manufacturer" text,
	"sampling_agency" text,
	"sampling_method" text,
	"sampler" text,
	"sample_date" date,
	"sampling_report_code" text,
	"lat" double precision,
	"long" double precision,
	"sample_location" text,
	"receiving_date" date,
	"analysis_start_date" date,
	"analysis_end_date" date,
	"producer" text,
	"cer" text,
	"analytic_package_setting_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"analytic_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"out_of_limits" boolean DEFAULT false NOT NULL,
	"out_of_limits_count" integer DEFAULT 0 NOT NULL,
	"temporary_rdp" uuid,
	"signed_rdp" uuid,
	"signed_inner_pdf" uuid,
	"signature_check" jsonb,
	"last_rejection" jsonb,
	"total_price_cents" integer,
	"unpriced_package_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sal_confirmed_at" timestamp (3) with time zone,
	"sal_confirmed_by_id" uuid,
	"sal_ref" text,
	"import_hash" text,
	"created_by_id" uuid,
	CONSTRAINT "rdps_status_check" CHECK ("rdps"."status" in ('processing', 'approved', 'p7mUploaded', 'completed')),
	CONSTRAINT "rdps_price_check" CHECK ("rdps"."total_price_cents" is null or "rdps"."total_price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_matrix_setting_id_settings_id_fk" FOREIGN KEY ("matrix_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_sal_confirmed_by_id_users_id_fk" FOREIGN KEY ("sal_confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rdps" ADD CONSTRAINT "rdps_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rdps_lab_code_unique" ON "rdps" USING btree ("laboratory_id","code");--> statement-breakpoint
CREATE INDEX "rdps_status_idx" ON "rdps" USING btree ("status");--> statement-breakpoint
CREATE INDEX "rdps_agency_idx" ON "rdps" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "rdps_out_of_limits_idx" ON "rdps" USING btree ("out_of_limits");--> statement-breakpoint
CREATE INDEX "rdps_sal_idx" ON "rdps" USING btree ("sal_confirmed_at");
