-- How the guests of a stay of several travel together, for the questura's file (Alloggiati Web): a family
-- (head 17, members 19) or a group (leader 18, members 20). Null reads as a family, as before.
ALTER TABLE "stays" ADD COLUMN "party_kind" text;
