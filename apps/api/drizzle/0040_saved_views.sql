-- Saved views of the lists (issue 28): a user's named filters, sort, page size and columns, private or
-- shared with a role (in the owner's tenant, or in every tenant when the owner manages the role).
CREATE TABLE "saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"resource" text NOT NULL,
	"params" jsonb NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"role" text,
	"audience_tenant" text,
	"owner_id" uuid NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "saved_views_visibility_check" CHECK (("saved_views"."visibility" = 'private' and "saved_views"."role" is null and "saved_views"."audience_tenant" is null) or ("saved_views"."visibility" = 'role' and "saved_views"."role" is not null))
);--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_views_owner_resource_idx" ON "saved_views" USING btree ("owner_id","resource");--> statement-breakpoint
CREATE INDEX "saved_views_shared_idx" ON "saved_views" USING btree ("role","resource") WHERE "saved_views"."visibility" = 'role';--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_one_default_idx" ON "saved_views" USING btree ("owner_id","resource") WHERE "saved_views"."is_default";
