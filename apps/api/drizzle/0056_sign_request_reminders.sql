-- The consortium reminds a pending signer of their request (bell and e-mail), at most once an hour per request:
-- the time of the last reminder is claimed in the reminder's transaction.
ALTER TABLE "sign_requests" ADD COLUMN "reminded_at" timestamptz;
