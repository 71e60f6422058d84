ALTER TABLE "users" ADD COLUMN "company_function_setting_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
