-- pagoPA notices (issue 26 part 3): the comune's creditor data and a per-comune IUV progressive that each
-- declaration receives once, so its notice number never changes and never repeats within the comune.
ALTER TABLE "cities" ADD COLUMN "fiscal_code" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "pagopa_segregation_code" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "pagopa_last_progressive" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "declarations" ADD COLUMN "pagopa_progressive" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "declarations_city_pagopa_unique" ON "declarations" USING btree ("city_id","pagopa_progressive");
