CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"business_name" text NOT NULL,
	"vat_number" text NOT NULL,
	"phone" text,
	"manager_email" text NOT NULL,
	"address" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invite_status" text DEFAULT 'to_invite' NOT NULL,
	"invited_at" timestamp (3) with time zone,
	"accepted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"laboratory_id" uuid NOT NULL,
	"article_code" text NOT NULL,
	"article_name" text NOT NULL,
	"packet_code" text,
	"matrix_setting_id" uuid,
	"analytic_package_setting_id" uuid,
	"price_cents" integer NOT NULL,
	CONSTRAINT "contracts_price_check" CHECK ("contracts"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invite_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"agency_id" uuid,
	"laboratory_id" uuid,
	"email" text NOT NULL,
	"user_id" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"voided_at" timestamp (3) with time zone,
	"void_reason" text,
	"created_by_id" uuid,
	CONSTRAINT "invite_tokens_one_company_check" CHECK (("invite_tokens"."agency_id" is null) <> ("invite_tokens"."laboratory_id" is null))
);
--> statement-breakpoint
CREATE TABLE "laboratories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"business_name" text NOT NULL,
	"vat_number" text NOT NULL,
	"phone" text,
	"manager_email" text NOT NULL,
	"address" text,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"invite_status" text DEFAULT 'to_invite' NOT NULL,
	"invited_at" timestamp (3) with time zone,
	"accepted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "lots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"cig" text,
	"cup" text,
	"functional_code" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"lot_id" uuid NOT NULL,
	"order_type" text NOT NULL,
	"agency_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"manager_id" uuid,
	"agency_function_setting_id" uuid,
	"user_id" uuid,
	CONSTRAINT "orders_type_check" CHECK ("orders"."order_type" in ('work_order', 'announcement'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_matrix_setting_id_settings_id_fk" FOREIGN KEY ("matrix_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_analytic_package_setting_id_settings_id_fk" FOREIGN KEY ("analytic_package_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_tokens" ADD CONSTRAINT "invite_tokens_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_tokens" ADD CONSTRAINT "invite_tokens_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_tokens" ADD CONSTRAINT "invite_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_tokens" ADD CONSTRAINT "invite_tokens_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lot_id_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agency_function_setting_id_settings_id_fk" FOREIGN KEY ("agency_function_setting_id") REFERENCES "public"."settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_vat_number_unique" ON "agencies" USING btree ("vat_number");--> statement-breakpoint
CREATE INDEX "agencies_business_name_idx" ON "agencies" USING btree ("business_name");--> statement-breakpoint
CREATE INDEX "agencies_invite_status_idx" ON "agencies" USING btree ("invite_status");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_lab_code_article_unique" ON "contracts" USING btree ("laboratory_id","code","article_code");--> statement-breakpoint
CREATE INDEX "contracts_article_name_idx" ON "contracts" USING btree ("article_name");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_tokens_hash_unique" ON "invite_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invite_tokens_agency_idx" ON "invite_tokens" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "invite_tokens_laboratory_idx" ON "invite_tokens" USING btree ("laboratory_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "laboratories_vat_number_unique" ON "laboratories" USING btree ("vat_number");--> statement-breakpoint
CREATE INDEX "laboratories_business_name_idx" ON "laboratories" USING btree ("business_name");--> statement-breakpoint
CREATE INDEX "laboratories_invite_status_idx" ON "laboratories" USING btree ("invite_status");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_code_unique" ON "lots" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "lots_cig_unique" ON "lots" USING btree ("cig") WHERE "lots"."cig" is not null;--> statement-breakpoint
CREATE INDEX "lots_name_idx" ON "lots" USING btree ("name");--> statement-breakpoint
CREATE INDEX "orders_lot_idx" ON "orders" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "orders_agency_ids_idx" ON "orders" USING gin ("agency_ids");--> statement-breakpoint
CREATE INDEX "orders_name_idx" ON "orders" USING btree ("name");--> statement-breakpoint
-- Default observers kept their user id in "code" until now; the code stays (it keeps them unique).
UPDATE "settings" SET "user_id" = "users"."id" FROM "users" WHERE "settings"."setting_type" = 'defaultObserver' AND "users"."id"::text = lower("settings"."code");--> statement-breakpoint
-- Company links could not point at anything before these tables existed: clear them so the keys hold.
UPDATE "users" SET "agency_id" = NULL WHERE "agency_id" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "laboratory_id" = NULL WHERE "laboratory_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_laboratory_id_laboratories_id_fk" FOREIGN KEY ("laboratory_id") REFERENCES "public"."laboratories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_user_idx" ON "settings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_agency_idx" ON "users" USING btree ("agency_id");--> statement-breakpoint
CREATE INDEX "users_laboratory_idx" ON "users" USING btree ("laboratory_id");