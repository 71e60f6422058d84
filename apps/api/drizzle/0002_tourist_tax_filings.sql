CREATE TABLE "city_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"category" text DEFAULT 'other' NOT NULL,
	"upload_id" uuid NOT NULL,
	"published_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "communication_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"communication_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "communications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"audience" text DEFAULT 'all' NOT NULL,
	"structure_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"author_id" uuid
);
--> statement-breakpoint
CREATE TABLE "declaration_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"declaration_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_description" text,
	"document_type" text DEFAULT 'other' NOT NULL,
	"is_re_bindable" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "declaration_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"period_name" text NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"submit_by" date NOT NULL,
	"pay_by" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "declarations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"declaration_template_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"submit_by" date NOT NULL,
	"pay_by" date NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"type" text DEFAULT 'automatic' NOT NULL,
	"no_guests" boolean DEFAULT false NOT NULL,
	"code" text,
	"compilation_date" date,
	"submitted_at" timestamp (3) with time zone,
	"submitted_by_id" uuid,
	"validated_at" timestamp (3) with time zone,
	"validated_by_id" uuid,
	"returned_at" timestamp (3) with time zone,
	"return_reason" text,
	"number_of_stays" integer DEFAULT 0 NOT NULL,
	"guests_number" integer DEFAULT 0 NOT NULL,
	"nights_number" integer DEFAULT 0 NOT NULL,
	"paying_presences" integer DEFAULT 0 NOT NULL,
	"reduced_presences" integer DEFAULT 0 NOT NULL,
	"exempt_presences" integer DEFAULT 0 NOT NULL,
	"tariff_cents" integer DEFAULT 0 NOT NULL,
	"reduction_cents" integer DEFAULT 0 NOT NULL,
	"total_amount_cents" integer DEFAULT 0 NOT NULL,
	"to_pay_amount_cents" integer DEFAULT 0 NOT NULL,
	"unpaid_amount_cents" integer DEFAULT 0 NOT NULL,
	"rejected_payments" integer DEFAULT 0 NOT NULL,
	"rejected_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"beneficiary_institution" text,
	"iban" text,
	"bank" text,
	"payment_date" date,
	"trn" text,
	"paid_amount_cents" integer,
	"payment_receipt_upload_id" uuid,
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "filing_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"reminders_enabled" boolean DEFAULT true NOT NULL,
	"reminder_days_ahead" integer DEFAULT 7 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"job_name" text NOT NULL,
	"run_date" date NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"result" jsonb,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "sent_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"subject_key" text NOT NULL,
	"declaration_id" uuid,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"recipient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "twenty_one_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"months" jsonb NOT NULL,
	"owner_name" text,
	"owner_surname" text,
	"owner_vat_number" text,
	"owner_tax_code" text,
	"owner_address" text,
	"notes" text,
	"signature_date" date,
	"submitted_at" timestamp (3) with time zone,
	"validation_number" text,
	"city_notes" text,
	"validated_at" timestamp (3) with time zone,
	"return_reason" text
);
--> statement-breakpoint
CREATE INDEX "city_documents_city_idx" ON "city_documents" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "communication_recipients_unique" ON "communication_recipients" USING btree ("communication_id","user_id");--> statement-breakpoint
CREATE INDEX "communication_recipients_user_idx" ON "communication_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "communications_city_idx" ON "communications" USING btree ("city_id","created_at");--> statement-breakpoint
CREATE INDEX "declaration_attachments_declaration_idx" ON "declaration_attachments" USING btree ("declaration_id");--> statement-breakpoint
CREATE INDEX "declaration_templates_city_year_idx" ON "declaration_templates" USING btree ("city_id","year","date_from");--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_structure_period_unique" ON "declarations" USING btree ("structure_id","declaration_template_id");--> statement-breakpoint
CREATE INDEX "declarations_city_year_idx" ON "declarations" USING btree ("city_id","year");--> statement-breakpoint
CREATE INDEX "declarations_template_idx" ON "declarations" USING btree ("declaration_template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_settings_city_unique" ON "filing_settings" USING btree ("city_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_runs_job_date_unique" ON "job_runs" USING btree ("job_name","run_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_reminders_unique" ON "sent_reminders" USING btree ("subject_key","kind","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "twenty_one_models_structure_year_unique" ON "twenty_one_models" USING btree ("structure_id","year");--> statement-breakpoint
CREATE INDEX "twenty_one_models_city_year_idx" ON "twenty_one_models" USING btree ("city_id","year");