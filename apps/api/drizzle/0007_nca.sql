CREATE TABLE "nca_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"code" text,
	"code_year" integer,
	"code_sequence" integer,
	"twenty_one_digits_code" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"lot_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"announcement_id" uuid,
	"target_agency_id" uuid NOT NULL,
	"opened_by_id" uuid,
	"open_date" date,
	"closing_date" date,
	"description" text,
	"wbs" text,
	"ambient_setting_id" uuid,
	"warning_level_setting_id" uuid,
	"document_setting_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"origin" text,
	"system_setting_id" uuid,
	"detector_name" text,
	"detected_by_agency_id" uuid,
	"cause_analysis" text,
	"observer_users_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"sign_round" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nca_reports_status_check" CHECK ("nca_reports"."status" in ('pending', 'waiting_phase1_signs', 'open', 'waiting_validations', 'waiting_phase2_signs', 'waiting_operations', 'waiting_signs', 'closed')),
	CONSTRAINT "nca_reports_origin_check" CHECK ("nca_reports"."origin" is null or "nca_reports"."origin" in ('audit', 'other')),
	CONSTRAINT "nca_reports_twenty_one_check" CHECK ("nca_reports"."twenty_one_digits_code" is null or "nca_reports"."twenty_one_digits_code" ~ '^[0-9A-Z]{21}$')
);
--> statement-breakpoint
CREATE TABLE "nca_code_counters" (
	"lot_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "nca_code_counters_pk" PRIMARY KEY("lot_id","year")
);
--> statement-breakpoint
CREATE TABLE "corrective_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"report_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"action_type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_document_required" boolean DEFAULT false NOT NULL,
	"expires" boolean DEFAULT false NOT NULL,
	"expire_date" date,
	"agency_id" uuid,
	"agency_function_setting_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"proposed_by_id" uuid,
	"confirmation_date" timestamp (3) with time zone,
	"confirmed_by_id" uuid,
	"started_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	"closed_by_id" uuid,
	"effectiveness_note" text,
	"close_reason" text,
	CONSTRAINT "corrective_actions_status_check" CHECK ("corrective_actions"."status" in ('new', 'confirmed', 'in_progress', 'completed', 'closed')),
	CONSTRAINT "corrective_actions_type_check" CHECK ("corrective_actions"."action_type" in ('action', 'treatment', 'internal'))
);
--> statement-breakpoint
CREATE TABLE "sign_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"report_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"round" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"agency_function_setting_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"signed_at" timestamp (3) with time zone,
	"explanations_request" text,
	"snapshot_hash" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_storage_key" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"requested_by_id" uuid,
	"decided_by_id" uuid,
	"evidence_id" uuid,
	CONSTRAINT "sign_requests_status_check" CHECK ("sign_requests"."status" in ('pending', 'signed', 'rejected', 'manual_rejected', 'suspended')),
	CONSTRAINT "sign_requests_phase_check" CHECK ("sign_requests"."phase" in ('first', 'second', 'third'))
);
--> statement-breakpoint
CREATE TABLE "otp_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sign_request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hmac" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"destination_masked" text NOT NULL,
	"snapshot_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"invalidated_at" timestamp (3) with time zone,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "signature_evidence" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sequence" bigserial NOT NULL,
	"sign_request_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"round" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"signer" jsonb NOT NULL,
	"agency_function_setting_id" uuid NOT NULL,
	"agency_function_name" text NOT NULL,
	"snapshot_hash" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"pdf_storage_key" text NOT NULL,
	"consent_text" text NOT NULL,
	"consent_version" text NOT NULL,
	"challenge_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"destination_masked" text NOT NULL,
	"code_issued_at" timestamp (3) with time zone NOT NULL,
	"attempts_used" integer NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"session_id" text,
	"previous_hash" text NOT NULL,
	"row_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nca_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"sequence" bigserial NOT NULL,
	"report_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"impersonator_id" uuid,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "nca_history_kind_check" CHECK ("nca_history"."kind" in ('transition', 'signature', 'comment', 'change'))
);
--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_announcement_id_orders_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_target_agency_id_agencies_id_fk" FOREIGN KEY ("target_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_detected_by_agency_id_agencies_id_fk" FOREIGN KEY ("detected_by_agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_opened_by_id_users_id_fk" FOREIGN KEY ("opened_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_ambient_setting_id_settings_id_fk" FOREIGN KEY ("ambient_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_warning_level_setting_id_settings_id_fk" FOREIGN KEY ("warning_level_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_reports" ADD CONSTRAINT "nca_reports_system_setting_id_settings_id_fk" FOREIGN KEY ("system_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nca_code_counters" ADD CONSTRAINT "nca_code_counters_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_report_id_nca_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."nca_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corrective_actions" ADD CONSTRAINT "corrective_actions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_report_id_nca_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."nca_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_requests" ADD CONSTRAINT "sign_requests_agency_function_setting_id_settings_id_fk" FOREIGN KEY ("agency_function_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD CONSTRAINT "otp_challenges_sign_request_id_sign_requests_id_fk" FOREIGN KEY ("sign_request_id") REFERENCES "public"."sign_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nca_reports_status_idx" ON "nca_reports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "nca_reports_lot_idx" ON "nca_reports" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "nca_reports_target_agency_idx" ON "nca_reports" USING btree ("target_agency_id");--> statement-breakpoint
CREATE INDEX "nca_reports_detected_by_idx" ON "nca_reports" USING btree ("detected_by_agency_id");--> statement-breakpoint
CREATE INDEX "nca_reports_observers_idx" ON "nca_reports" USING gin ("observer_users_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "nca_reports_code_unique" ON "nca_reports" USING btree ("code") WHERE "nca_reports"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "corrective_actions_report_sequence_unique" ON "corrective_actions" USING btree ("report_id","sequence");--> statement-breakpoint
CREATE INDEX "corrective_actions_status_idx" ON "corrective_actions" USING btree ("status","expire_date");--> statement-breakpoint
CREATE INDEX "corrective_actions_agency_idx" ON "corrective_actions" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_requests_round_user_unique" ON "sign_requests" USING btree ("report_id","phase","round","user_id");--> statement-breakpoint
CREATE INDEX "sign_requests_user_status_idx" ON "sign_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "otp_challenges_request_idx" ON "otp_challenges" USING btree ("sign_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "signature_evidence_sequence_unique" ON "signature_evidence" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "signature_evidence_report_idx" ON "signature_evidence" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "nca_history_report_idx" ON "nca_history" USING btree ("report_id","sequence");--> statement-breakpoint
CREATE FUNCTION "nca_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signature_evidence_append_only" BEFORE UPDATE OR DELETE ON "signature_evidence" FOR EACH ROW EXECUTE FUNCTION "nca_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "nca_history_append_only" BEFORE UPDATE OR DELETE ON "nca_history" FOR EACH ROW EXECUTE FUNCTION "nca_refuse_change"();
