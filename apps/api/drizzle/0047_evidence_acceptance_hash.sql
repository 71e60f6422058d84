-- The signer's acceptance of the signing terms joins the evidence chain: each new evidence row keeps the SHA-256 of
-- the acceptance it relied on (time, address, user agent, language and the hash of the text read), inside what the
-- row's own hash covers, so an acceptance edited after the signature no longer matches. Rows written before this
-- column existed keep NULL, and their hash (which never covered it) stays as it was.
ALTER TABLE "signature_evidence" ADD COLUMN "acceptance_hash" text;
