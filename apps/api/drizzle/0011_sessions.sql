CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"impersonator_id" uuid,
	"revoked_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");
--> statement-breakpoint
INSERT INTO "sessions" ("id", "user_id", "impersonator_id")
SELECT DISTINCT ON ("family_id") "family_id", "user_id", "impersonator_id" FROM "refresh_tokens" WHERE "revoked_at" IS NULL AND "expires_at" > now() ORDER BY "family_id", "created_at";
