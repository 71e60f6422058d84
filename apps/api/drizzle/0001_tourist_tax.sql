CREATE TABLE "cities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"istat_code" text,
	"province" text,
	"location" text,
	"logo" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"referent_tributes" text,
	"iban" text,
	"ccp" text,
	"bank" text,
	"titled_to" text,
	"phone" text,
	"contact_email" text,
	"fax" text,
	"email_pec" text,
	"account_name" text,
	"account_surname" text,
	"account_email" text,
	"modello21_required" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "reductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"reduction_type" text DEFAULT 'percentage' NOT NULL,
	"structure_type_id" uuid,
	"structure_class_id" uuid,
	"relevant_area_id" uuid,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"percentage_basis_points" integer DEFAULT 0 NOT NULL,
	"max_nights" integer,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "relevant_areas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "stays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"structure_id" uuid NOT NULL,
	"city_id" uuid NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"components_number" integer NOT NULL,
	"guest" jsonb NOT NULL,
	"has_invoice" boolean DEFAULT false NOT NULL,
	"invoice" jsonb,
	"payment_status" text DEFAULT 'paid' NOT NULL,
	"no_payment_reason" text,
	"attachments" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"applied_exemptions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_reductions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accommodation_amount_cents" integer,
	"notes" text,
	"nights_number" integer NOT NULL,
	"taxable_nights" integer NOT NULL,
	"exempt_guests" integer DEFAULT 0 NOT NULL,
	"reduced_guests" integer DEFAULT 0 NOT NULL,
	"paying_guests" integer NOT NULL,
	"tariff_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"reduction_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"exemption_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tariff_import_cents" integer NOT NULL,
	"reduction_import_cents" integer NOT NULL,
	"to_pay_amount_cents" integer NOT NULL,
	"breakdown" jsonb,
	"source" text DEFAULT 'manual' NOT NULL,
	"import_fingerprint" text,
	"declaration_id" uuid,
	"locked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "structure_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "structure_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "structures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"tax_code" text,
	"vat_number" text,
	"cin" text,
	"ateco_code" text,
	"structure_type_id" uuid,
	"structure_class_id" uuid,
	"relevant_area_id" uuid,
	"user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"date_from" date,
	"date_to" date,
	"available_slots" integer,
	"url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"phone" text,
	"email" text,
	"contact_email" text,
	"fax" text,
	"email_pec" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"type" text DEFAULT 'flat' NOT NULL,
	"structure_type_id" uuid,
	"structure_class_id" uuid,
	"relevant_area_id" uuid,
	"nightly_price_cents" integer DEFAULT 0 NOT NULL,
	"percentage_basis_points" integer DEFAULT 0 NOT NULL,
	"max_nights" integer,
	"valid_from" date NOT NULL,
	"valid_to" date
);
--> statement-breakpoint
CREATE INDEX "cities_name_idx" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_istat_unique" ON "cities" USING btree ("istat_code");--> statement-breakpoint
CREATE INDEX "exemptions_city_idx" ON "exemptions" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "reductions_city_idx" ON "reductions" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "relevant_areas_city_idx" ON "relevant_areas" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "stays_structure_checkout_idx" ON "stays" USING btree ("structure_id","check_out");--> statement-breakpoint
CREATE INDEX "stays_city_checkout_idx" ON "stays" USING btree ("city_id","check_out");--> statement-breakpoint
CREATE INDEX "stays_checkout_idx" ON "stays" USING btree ("check_out","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stays_structure_fingerprint_unique" ON "stays" USING btree ("structure_id","import_fingerprint");--> statement-breakpoint
CREATE INDEX "structure_classes_city_idx" ON "structure_classes" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "structure_types_city_idx" ON "structure_types" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "structures_city_idx" ON "structures" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "structures_user_ids_idx" ON "structures" USING gin ("user_ids");--> statement-breakpoint
CREATE INDEX "structures_name_idx" ON "structures" USING btree ("name");--> statement-breakpoint
CREATE INDEX "tariffs_city_idx" ON "tariffs" USING btree ("city_id","valid_from");