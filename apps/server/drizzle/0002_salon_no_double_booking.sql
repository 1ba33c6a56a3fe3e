-- No double booking, enforced by the database (docs/decisions/0009-no-double-booking.md).
-- btree_gist lets one GiST index combine equality on the resource id with overlap on the period.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "salon_resource_occupancies"
  ADD CONSTRAINT "salon_resource_occupancies_no_overlap"
  EXCLUDE USING gist ("resource_id" WITH =, "period" WITH &&);
--> statement-breakpoint
-- Half-open [) periods: ranges that only touch do not overlap (DEC-06); an empty period is a bug.
ALTER TABLE "salon_resource_occupancies"
  ADD CONSTRAINT "salon_resource_occupancies_period_valid"
  CHECK (NOT isempty("period") AND lower_inc("period") AND NOT upper_inc("period"));
--> statement-breakpoint
-- Exactly one source per row: a reservation or a block time.
ALTER TABLE "salon_resource_occupancies"
  ADD CONSTRAINT "salon_resource_occupancies_one_source"
  CHECK (("reservation_id" IS NULL) <> ("block_time_id" IS NULL));
