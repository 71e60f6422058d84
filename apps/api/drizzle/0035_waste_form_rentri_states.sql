-- Waste forms follow RENTRI's FIR states where they overlap (packages/domain/.../waste/form-flow.ts).
-- Existing forms map onto them: pending -> compiled; approved (signed by the consortium, the producer)
-- -> producerSigned, or the destination's outcome when one was recorded (A accepted, P accepted in
-- part, R rejected). The departure and outcome times and a cancellation are new columns.
ALTER TABLE "waste_forms" DROP CONSTRAINT "waste_forms_status_check";--> statement-breakpoint
ALTER TABLE "waste_forms" ADD COLUMN "transport_started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD COLUMN "outcome_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "waste_forms" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "waste_forms" SET "status" = CASE
  WHEN "status" = 'pending' THEN 'compiled'
  WHEN "acceptance"->>'type' = 'A' THEN 'accepted'
  WHEN "acceptance"->>'type' = 'P' THEN 'partiallyAccepted'
  WHEN "acceptance"->>'type' = 'R' THEN 'rejected'
  ELSE 'producerSigned'
END;--> statement-breakpoint
UPDATE "waste_forms" SET "outcome_at" = COALESCE(("acceptance"->>'arrivedAt')::timestamptz, "updated_at") WHERE "status" IN ('accepted', 'partiallyAccepted', 'rejected');--> statement-breakpoint
ALTER TABLE "waste_forms" ALTER COLUMN "status" SET DEFAULT 'compiled';--> statement-breakpoint
ALTER TABLE "waste_forms" ADD CONSTRAINT "waste_forms_status_check" CHECK ("waste_forms"."status" in ('compiled', 'producerSigned', 'inTransport', 'accepted', 'partiallyAccepted', 'rejected', 'cancelled'));
