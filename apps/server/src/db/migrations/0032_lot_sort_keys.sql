-- The lots screen's default order (building, floor, reference) and its sorts by building or floor read a page along an index of sort keys kept by the database, instead of joining every lot of the promotion to its building and floor and sorting them all to keep 50 (issue 20: 2.6 of the 3.3 ms of the page statement at 2,000 lots).
ALTER TABLE "lots" ADD COLUMN "sort_building" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lots" ADD COLUMN "sort_floor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The rows already there, archived promotions included, in one statement (their guard set aside for it).
ALTER TABLE "lots" DISABLE TRIGGER "lots_archived_update";--> statement-breakpoint
UPDATE "lots" l SET sort_building = b.title, sort_floor = f.sort_order FROM "buildings" b, "floors" f WHERE b.id = l.building_id AND f.id = l.floor_id;--> statement-breakpoint
ALTER TABLE "lots" ENABLE TRIGGER "lots_archived_update";--> statement-breakpoint
CREATE INDEX "lots_default_order_idx" ON "lots" USING btree ("promotion_id","sort_building","sort_floor","reference","id") WHERE "lots"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "lots_floor_order_idx" ON "lots" USING btree ("promotion_id","sort_floor","reference","id") WHERE "lots"."parent_id" is null;--> statement-breakpoint
-- The keys (schema/promotions.ts, lots.sort_*) are set from the building and the floor whenever a lot is written with a new one, so that no write can forget them; their reads are by key, planned once (decision 037).
CREATE FUNCTION "lot_sort_keys"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT b.title INTO NEW.sort_building FROM buildings b WHERE b.id = NEW.building_id;
  SELECT f.sort_order INTO NEW.sort_floor FROM floors f WHERE f.id = NEW.floor_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lots_sort_keys" BEFORE INSERT OR UPDATE OF building_id, floor_id ON "lots" FOR EACH ROW EXECUTE FUNCTION "lot_sort_keys"();
--> statement-breakpoint
-- A renamed building: its lots follow (a building of an archived promotion cannot be renamed, 0016). Read along lots_promotion_building_idx: one plan serves every building.
CREATE FUNCTION "follow_building_title"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE lots SET sort_building = NEW.title WHERE promotion_id = NEW.promotion_id AND building_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "buildings_follow_title" AFTER UPDATE OF title ON "buildings" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION "follow_building_title"();
--> statement-breakpoint
-- The floors are the constants of docs/product/constants.md#floor-labels, which no screen changes: a migration that reorders them moves its lots' keys with them (setting aside the archived guard of lots as above, for the archived promotions' lots).
CREATE FUNCTION "follow_floor_order"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE lots SET sort_floor = NEW.sort_order WHERE floor_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "floors_follow_order" AFTER UPDATE OF sort_order ON "floors" FOR EACH ROW
  WHEN (OLD.sort_order IS DISTINCT FROM NEW.sort_order) EXECUTE FUNCTION "follow_floor_order"();
