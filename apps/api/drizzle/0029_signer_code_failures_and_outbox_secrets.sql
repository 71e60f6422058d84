-- A signer's wrong signing codes over all their requests (sign-requests.ts): an unlock clears a request's
-- count, never these, so at most OTP_RULES.maxFailuresPerSigner wrong codes per signer in any 24 hours.
CREATE TABLE "otp_signer_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"sign_request_id" uuid,
	"failed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_signer_failures" ADD CONSTRAINT "otp_signer_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_signer_failures" ADD CONSTRAINT "otp_signer_failures_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_signer_failures_user_idx" ON "otp_signer_failures" USING btree ("user_id","failed_at");--> statement-breakpoint
-- How an outbox row holds its message's secrets (links, signing codes): 'masked' when delivered by SMTP,
-- 'kept' when the outbox is the delivery (no SMTP); null for messages without secrets (and rows from before).
ALTER TABLE "mail_outbox" ADD COLUMN "secrets" text;
