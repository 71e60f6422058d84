-- The signing terms of the NCA signatures (FEA, DPCM 22 February 2013 art. 57): each version's text in
-- Italian and English, and each user's acceptance of a version (once, before their first signature
-- under it) with the time, address, user agent and the SHA-256 of the text they read. Both append-only:
-- a new text is a new version, an acceptance is never changed.
CREATE TABLE "signing_terms" (
	"version" text PRIMARY KEY NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"text_it" text NOT NULL,
	"text_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_terms_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"terms_version" text NOT NULL,
	"language" text NOT NULL,
	"text_sha256" text NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "signing_terms_acceptances_language_check" CHECK ("signing_terms_acceptances"."language" in ('it', 'en'))
);
--> statement-breakpoint
ALTER TABLE "signing_terms_acceptances" ADD CONSTRAINT "signing_terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_terms_acceptances" ADD CONSTRAINT "signing_terms_acceptances_terms_version_signing_terms_version_fk" FOREIGN KEY ("terms_version") REFERENCES "public"."signing_terms"("version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_terms_acceptances_user_version_unique" ON "signing_terms_acceptances" USING btree ("user_id","terms_version");--> statement-breakpoint
CREATE TRIGGER "signing_terms_append_only" BEFORE UPDATE OR DELETE ON "signing_terms" FOR EACH ROW EXECUTE FUNCTION "nca_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "signing_terms_acceptances_append_only" BEFORE UPDATE OR DELETE ON "signing_terms_acceptances" FOR EACH ROW EXECUTE FUNCTION "nca_refuse_change"();--> statement-breakpoint
INSERT INTO "signing_terms" ("version", "text_it", "text_en") VALUES (
'fea-otp-1',
'Condizioni d''uso della firma elettronica avanzata con codice OTP

1. Con questa soluzione sottoscrivi i documenti delle fasi delle non conformità ambientali (NCA) con una firma elettronica avanzata con codice OTP. Non è una firma digitale qualificata.
2. Sei identificato dalle credenziali personali del tuo account e da un codice monouso di 6 cifre inviato al tuo indirizzo e-mail, valido 10 minuti e utilizzabile una sola volta. Credenziali e codici sono personali: non comunicarli a nessuno.
3. Firmi il documento PDF della fase, identificato dalla sua impronta SHA-256: ogni modifica successiva alla firma è rilevabile.
4. A ogni firma vengono registrati chi firma, con ruolo e funzione aziendale, data e ora, indirizzo IP, browser (user agent), canale del codice e impronta del documento, in una catena di evidenze protetta da hash, conservata per 20 anni.
5. Di ogni rapporto che puoi consultare puoi ottenere il pacchetto delle evidenze (i PDF firmati, le evidenze, la catena degli hash) e verificarne l''integrità.
6. La soluzione è fornita dal consorzio che gestisce la piattaforma.

Accettando dichiari di aver letto queste condizioni e di accettarle.',
'Terms of use of the advanced electronic signature with OTP code

1. With this solution you sign the phase documents of environmental non-conformities (NCA) with an advanced electronic signature with OTP code (firma elettronica avanzata con codice OTP). It is not a qualified digital signature.
2. You are identified by your account''s personal credentials and by a one-time 6-digit code sent to your e-mail address, valid for 10 minutes and usable once. Credentials and codes are personal: do not share them with anyone.
3. You sign the phase''s PDF document, identified by its SHA-256 fingerprint: any change after the signature can be detected.
4. At each signature the system records who signs, with role and company function, date and time, IP address, browser (user agent), the code''s channel and the document''s fingerprint, in a hash-protected chain of evidence kept for 20 years.
5. For every report you may read you can obtain its evidence pack (the signed PDFs, the evidence, the hash chain) and check its integrity.
6. The solution is provided by the consortium that runs the platform.

By accepting you declare that you have read these terms and accept them.'
);
