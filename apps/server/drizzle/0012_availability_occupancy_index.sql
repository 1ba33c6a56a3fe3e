-- The availability engine reads one salon's busy periods of a date range (issue 12, decision 0100):
-- without this index that read scans every occupancy of every salon, past ones included.
CREATE INDEX "salon_resource_occupancies_salon_date_idx" ON "salon_resource_occupancies" USING btree ("salon_id","date");