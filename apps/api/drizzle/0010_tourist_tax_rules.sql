ALTER TABLE "tariffs" ADD COLUMN "max_per_person_night_cents" integer;--> statement-breakpoint
ALTER TABLE "reductions" ADD COLUMN "age_from" integer;--> statement-breakpoint
ALTER TABLE "reductions" ADD COLUMN "age_to" integer;--> statement-breakpoint
ALTER TABLE "reductions" ADD COLUMN "age_on" text;--> statement-breakpoint
ALTER TABLE "exemptions" ADD COLUMN "condition" text DEFAULT 'count' NOT NULL;--> statement-breakpoint
ALTER TABLE "exemptions" ADD COLUMN "age_from" integer;--> statement-breakpoint
ALTER TABLE "exemptions" ADD COLUMN "age_to" integer;--> statement-breakpoint
ALTER TABLE "exemptions" ADD COLUMN "age_on" text;--> statement-breakpoint
ALTER TABLE "exemptions" ADD COLUMN "participants_per_leader" integer;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "tax_cap_mode" text DEFAULT 'stay' NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "guests" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "nightly_prices_cents" integer[];--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "paying_presences" integer;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "reduced_presences" integer;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "exempt_presences" integer;--> statement-breakpoint
ALTER TABLE "stays" ADD COLUMN "beyond_cap_presences" integer;--> statement-breakpoint
-- Presences of the stays saved before: the reduced guest-nights the engine stored per reduction category.
UPDATE "stays" SET
	"reduced_presences" = coalesce((SELECT sum((c->>'reducedGuestNights')::int) FROM jsonb_array_elements(coalesce("breakdown"->'categories', '[]'::jsonb)) c WHERE c->>'kind' = 'reduction'), 0),
	"exempt_presences" = "exempt_guests" * "nights_number",
	"beyond_cap_presences" = "paying_guests" * ("nights_number" - "taxable_nights");--> statement-breakpoint
UPDATE "stays" SET "paying_presences" = "paying_guests" * "taxable_nights" - "reduced_presences";--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "beyond_cap_presences" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "declaration_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"declaration_id" uuid NOT NULL,
	"payment_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"trn" text NOT NULL,
	"treasury_reference" text,
	"receipt_number" text,
	"receipt_upload_id" uuid,
	"created_by_id" uuid
);
--> statement-breakpoint
CREATE INDEX "declaration_payments_declaration_idx" ON "declaration_payments" USING btree ("declaration_id","payment_date");--> statement-breakpoint
-- The single payment recorded so far on a declaration becomes its first payment.
INSERT INTO "declaration_payments" ("declaration_id", "payment_date", "amount_cents", "trn", "receipt_upload_id")
	SELECT "id", "payment_date", coalesce("paid_amount_cents", "to_pay_amount_cents"), coalesce("trn", ''), "payment_receipt_upload_id" FROM "declarations" WHERE "payment_date" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "twenty_one_models" ADD COLUMN "owner_company_name" text;--> statement-breakpoint
ALTER TABLE "twenty_one_models" ADD COLUMN "owner_legal_representative" text;--> statement-breakpoint
ALTER TABLE "twenty_one_models" ADD COLUMN "owner_role" text;--> statement-breakpoint
ALTER TABLE "twenty_one_models" ADD COLUMN "opening_balance_cents" integer DEFAULT 0 NOT NULL;
