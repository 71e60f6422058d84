-- The language of what the server writes to a user (notifications, e-mails): 'it' or 'en'. Italian for every
-- existing account, as before; the user changes it in the profile (PUT /api/users/me).
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'it' NOT NULL;
