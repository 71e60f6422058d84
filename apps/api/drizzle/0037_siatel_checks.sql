-- The SIATEL cross-check (issue 26 part 4): the cross-checks a comune made of the Agenzia delle Entrate's file,
-- kept to be read again. (The comune's pagoPA codes and notice numbers are migration 0036.)
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
