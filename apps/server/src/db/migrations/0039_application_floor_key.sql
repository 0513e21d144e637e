-- The funnel sorted by floor read along an index of a key kept on the application, like its lot, candidate and building sorts (0034, 0035), instead of joining the promotion's live applications to their lots and floors and sorting them all (issue 20: 10 to 20 ms at 2,000 lots).
ALTER TABLE "applications" ADD COLUMN "sort_floor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The rows already there, archived promotions included, in one statement (their guard set aside for it).
ALTER TABLE "applications" DISABLE TRIGGER "applications_archived_update";--> statement-breakpoint
UPDATE "applications" a SET sort_floor = l.sort_floor FROM "lots" l WHERE l.id = a.lot_id;--> statement-breakpoint
ALTER TABLE "applications" ENABLE TRIGGER "applications_archived_update";--> statement-breakpoint
CREATE INDEX "applications_floor_order_idx" ON "applications" USING btree ("promotion_id","sort_floor","id");--> statement-breakpoint
-- The key is the lot's own key (lots.sort_floor, 0032: its floor's shown order).
CREATE OR REPLACE FUNCTION "application_sort_keys"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT l.reference, lower(l.sort_building), l.sort_floor INTO NEW.sort_lot, NEW.sort_building, NEW.sort_floor FROM lots l WHERE l.id = NEW.lot_id;
  NEW.sort_lot := coalesce(NEW.sort_lot, '');
  NEW.sort_building := coalesce(NEW.sort_building, '');
  NEW.sort_floor := coalesce(NEW.sort_floor, 0);
  NEW.sort_candidate := coalesce((SELECT lower(c.first_name || ' ' || c.last_name) FROM candidacies k JOIN candidates c ON c.id = k.candidate_id WHERE k.id = NEW.candidacy1_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A lot whose floor's order changed (the floor reordered, or the lot moved to another: the lot's key changes either way, whoever sets it) moves its applications' key with it, as its reference and building title.
CREATE OR REPLACE FUNCTION "follow_lot_keys"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE applications SET sort_lot = NEW.reference, sort_building = lower(NEW.sort_building), sort_floor = NEW.sort_floor WHERE lot_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "lots_follow_keys" ON "lots";--> statement-breakpoint
CREATE TRIGGER "lots_follow_keys" AFTER UPDATE ON "lots" FOR EACH ROW
  WHEN (OLD.reference IS DISTINCT FROM NEW.reference OR OLD.sort_building IS DISTINCT FROM NEW.sort_building OR OLD.sort_floor IS DISTINCT FROM NEW.sort_floor) EXECUTE FUNCTION "follow_lot_keys"();
--> statement-breakpoint
ALTER TABLE "lots" ENABLE ALWAYS TRIGGER "lots_follow_keys";
