-- The funnel sorted by building read along an index of a key kept on the application, like its other lot sort of 0034, instead of joining the promotion's live applications to their lots and buildings and sorting them all (issue 20: 16 to 21 ms at 2,000 lots, the slowest sort).
ALTER TABLE "applications" ADD COLUMN "sort_building" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The rows already there, archived promotions included, in one statement (their guard set aside for it).
ALTER TABLE "applications" DISABLE TRIGGER "applications_archived_update";--> statement-breakpoint
UPDATE "applications" a SET sort_building = lower(l.sort_building) FROM "lots" l WHERE l.id = a.lot_id;--> statement-breakpoint
ALTER TABLE "applications" ENABLE TRIGGER "applications_archived_update";--> statement-breakpoint
CREATE INDEX "applications_building_order_idx" ON "applications" USING btree ("promotion_id","sort_building","id");--> statement-breakpoint
-- The key is the lot's own key (lots.sort_building, 0032), lowered as the funnel sorts it.
CREATE OR REPLACE FUNCTION "application_sort_keys"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT l.reference, lower(l.sort_building) INTO NEW.sort_lot, NEW.sort_building FROM lots l WHERE l.id = NEW.lot_id;
  NEW.sort_lot := coalesce(NEW.sort_lot, '');
  NEW.sort_building := coalesce(NEW.sort_building, '');
  NEW.sort_candidate := coalesce((SELECT lower(c.first_name || ' ' || c.last_name) FROM candidacies k JOIN candidates c ON c.id = k.candidate_id WHERE k.id = NEW.candidacy1_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A lot given a new reference, or whose building's title changed (renamed, or the lot moved to another: the lot's key changes either way, whoever sets it), moves its applications' keys with it.
DROP TRIGGER "lots_follow_reference" ON "lots";--> statement-breakpoint
DROP FUNCTION "follow_lot_reference"();--> statement-breakpoint
CREATE FUNCTION "follow_lot_keys"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE applications SET sort_lot = NEW.reference, sort_building = lower(NEW.sort_building) WHERE lot_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lots_follow_keys" AFTER UPDATE ON "lots" FOR EACH ROW
  WHEN (OLD.reference IS DISTINCT FROM NEW.reference OR OLD.sort_building IS DISTINCT FROM NEW.sort_building) EXECUTE FUNCTION "follow_lot_keys"();
--> statement-breakpoint
ALTER TABLE "lots" ENABLE ALWAYS TRIGGER "lots_follow_keys";
