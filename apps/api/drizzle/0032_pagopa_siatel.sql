-- pagoPA notices and the SIATEL cross-check (issue 26 parts 3 and 4): the comune's creditor codes, the
-- notices issued (an IUV once given is kept), and the cross-checks a comune made of the ministry's file.
ALTER TABLE "cities" ADD COLUMN "fiscal_code" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "pagopa_segregation_code" text;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_fiscal_code_check" CHECK ("fiscal_code" is null or "fiscal_code" ~ '^[0-9]{11}$');--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_pagopa_segregation_code_check" CHECK ("pagopa_segregation_code" is null or "pagopa_segregation_code" ~ '^[0-9]{2}$');--> statement-breakpoint
CREATE TABLE "pagopa_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"declaration_id" uuid,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"segregation_code" text NOT NULL,
	"creditor_tax_code" text NOT NULL,
	"iuv" text NOT NULL,
	"notice_number" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pagopa_notices_declaration_unique" ON "pagopa_notices" USING btree ("declaration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pagopa_notices_city_iuv_unique" ON "pagopa_notices" USING btree ("city_id","iuv");--> statement-breakpoint
CREATE UNIQUE INDEX "pagopa_notices_city_sequence_unique" ON "pagopa_notices" USING btree ("city_id","year","sequence");--> statement-breakpoint
CREATE TABLE "siatel_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"city_id" uuid NOT NULL,
	"created_by_id" uuid,
	"file_name" text NOT NULL,
	"month_from" text,
	"month_to" text,
	"checked_on" date NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "siatel_checks_city_idx" ON "siatel_checks" USING btree ("city_id","created_at");
