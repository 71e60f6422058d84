CREATE TABLE "waste_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"contract_number" text,
	"order_id" uuid NOT NULL,
	"lot_id" uuid NOT NULL,
	"target_agency_id" uuid NOT NULL,
	"reference_period_from" date NOT NULL,
	"reference_period_to" date NOT NULL,
	"wbs" text,
	"origin" text NOT NULL,
	"cer" text NOT NULL,
	"cer_description" text,
	"danger_class" text[] DEFAULT '{}'::text[] NOT NULL,
	"physical_state" text NOT NULL,
	"quantity" numeric(14, 4) NOT NULL,
	"quantity_unit" text NOT NULL,
	"verified_at_departure" boolean DEFAULT false NOT NULL,
	"packages" integer,
	"bulk" boolean DEFAULT false NOT NULL,
	"chemical_physical_characteristics" text,
	"adr" boolean DEFAULT false NOT NULL,
	"adr_data" jsonb,
	"certificate" jsonb,
	"analysis_rdp_id" uuid,
	"producer" jsonb NOT NULL,
	"transporters" jsonb NOT NULL,
	"receiver" jsonb NOT NULL,
	"waste_destination" text NOT NULL,
	"intermediaries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acceptance" jsonb,
	"notes" text,
	"document_upload_id" uuid,
	"document_file_name" text,
	"document_format" text,
	"document_uploaded_at" timestamp (3) with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"rejected_at" timestamp (3) with time zone,
	"approved_at" timestamp (3) with time zone,
	"approved_by_id" uuid,
	"revoke_reason" text,
	"created_by_id" uuid,
	CONSTRAINT "waste_forms_status_check" CHECK ("waste_forms"."status" in ('pending', 'approved')),
	CONSTRAINT "waste_forms_unit_check" CHECK ("waste_forms"."quantity_unit" in ('kg', 'l')),
	CONSTRAINT "waste_forms_quantity_check" CHECK ("waste_forms"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_target_agency_id_agencies_id_fk" FOREIGN KEY ("target_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_document_upload_id_uploads_id_fk" FOREIGN KEY ("document_upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waste_forms_code_unique" ON "waste_forms" USING btree ("code");--> statement-breakpoint
CREATE INDEX "waste_forms_order_idx" ON "waste_forms" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "waste_forms_lot_idx" ON "waste_forms" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "waste_forms_agency_idx" ON "waste_forms" USING btree ("target_agency_id","reference_period_from");--> statement-breakpoint
CREATE INDEX "waste_forms_cer_idx" ON "waste_forms" USING btree ("cer");--> statement-breakpoint
CREATE INDEX "waste_forms_status_idx" ON "waste_forms" USING btree ("status");
