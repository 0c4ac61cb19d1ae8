-- Two slots of one helper never overlap (ADR 0005): the service refuses them under the helper's
-- calendar lock, and the database refuses them too, whatever writes the row. Half-open ranges, so a
-- slot ending at 10:00 and one starting at 10:00 both stand. btree_gist comes from migration 0001.
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap" EXCLUDE USING gist ("helper_id" WITH =, tstzrange("start_at", "end_at") WITH &&);
