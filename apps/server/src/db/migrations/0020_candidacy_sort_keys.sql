-- The candidates screen sorted by broker, agency or budget reads a page along an index of sort keys kept by the database, instead of joining and sorting every candidacy of the promotion (issue 20: 108 to 143 ms at 50,000).
ALTER TABLE "candidacies" ADD COLUMN "sort_broker_last" text;--> statement-breakpoint
ALTER TABLE "candidacies" ADD COLUMN "sort_broker_first" text;--> statement-breakpoint
ALTER TABLE "candidacies" ADD COLUMN "sort_agency" text;--> statement-breakpoint
ALTER TABLE "candidacies" ADD COLUMN "sort_budget" integer;--> statement-breakpoint
CREATE INDEX "candidacies_sort_broker_asc_idx" ON "candidacies" USING btree ("promotion_id","sort_broker_last","sort_broker_first","id");--> statement-breakpoint
CREATE INDEX "candidacies_sort_broker_desc_idx" ON "candidacies" USING btree ("promotion_id","sort_broker_last" DESC NULLS LAST,"sort_broker_first" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "candidacies_sort_agency_asc_idx" ON "candidacies" USING btree ("promotion_id","sort_agency","id");--> statement-breakpoint
CREATE INDEX "candidacies_sort_agency_desc_idx" ON "candidacies" USING btree ("promotion_id","sort_agency" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "candidacies_sort_budget_asc_idx" ON "candidacies" USING btree ("promotion_id","sort_budget","id");--> statement-breakpoint
CREATE INDEX "candidacies_sort_budget_desc_idx" ON "candidacies" USING btree ("promotion_id","sort_budget" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The sort keys of the candidates screen (schema/sales.ts, candidacies.sort_*), kept by the database so that no write can forget them: set from the broker, the agency and the candidate whenever a candidacy is written with a new one, and followed when a broker's name, an agency's name or a candidate's budget changes.
CREATE FUNCTION "candidacy_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u.last_name), lower(u.first_name) INTO NEW.sort_broker_last, NEW.sort_broker_first FROM users u WHERE u.id = NEW.broker_id;
  SELECT a.name INTO NEW.sort_agency FROM agencies a WHERE a.id = NEW.agency_id;
  IF NEW.budget IS NOT NULL THEN
    NEW.sort_budget := NEW.budget;
  ELSE
    SELECT c.budget INTO NEW.sort_budget FROM candidates c WHERE c.id = NEW.candidate_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidacies_sort_keys" BEFORE INSERT OR UPDATE OF candidate_id, broker_id, agency_id, budget ON "candidacies" FOR EACH ROW EXECUTE FUNCTION "candidacy_sort_keys"();
--> statement-breakpoint
-- A renamed broker or agency: the candidacies of the promotions that are not archived follow (an archived promotion's rows cannot change, 0016; its keys are set again when it is restored, below).
CREATE FUNCTION "follow_broker_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE candidacies c SET sort_broker_last = lower(NEW.last_name), sort_broker_first = lower(NEW.first_name)
    FROM promotions p WHERE c.broker_id = NEW.id AND p.id = c.promotion_id AND p.archived_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_follow_broker_name" AFTER UPDATE OF first_name, last_name ON "users" FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name) EXECUTE FUNCTION "follow_broker_name"();
--> statement-breakpoint
CREATE FUNCTION "follow_agency_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE candidacies c SET sort_agency = NEW.name
    FROM promotions p WHERE c.agency_id = NEW.id AND p.id = c.promotion_id AND p.archived_at IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agencies_follow_name" AFTER UPDATE OF name ON "agencies" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "follow_agency_name"();
--> statement-breakpoint
-- A candidate's budget is the one shown where his candidacy names none.
CREATE FUNCTION "follow_candidate_budget"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE candidacies c SET sort_budget = NEW.budget WHERE c.candidate_id = NEW.id AND c.budget IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidates_follow_budget" AFTER UPDATE OF budget ON "candidates" FOR EACH ROW
  WHEN (OLD.budget IS DISTINCT FROM NEW.budget) EXECUTE FUNCTION "follow_candidate_budget"();
--> statement-breakpoint
-- A restored promotion: its candidacies' keys are set again (writing broker_id to itself runs candidacy_sort_keys on each).
CREATE FUNCTION "refresh_restored_sort_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE candidacies SET broker_id = broker_id WHERE promotion_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "promotions_refresh_sort_keys" AFTER UPDATE OF archived_at ON "promotions" FOR EACH ROW
  WHEN (OLD.archived_at IS NOT NULL AND NEW.archived_at IS NULL) EXECUTE FUNCTION "refresh_restored_sort_keys"();
--> statement-breakpoint
-- The rows already there, archived promotions included, in one statement (their guard set aside for it).
ALTER TABLE "candidacies" DISABLE TRIGGER "candidacies_archived_update";
--> statement-breakpoint
UPDATE "candidacies" c SET sort_broker_last = lower(u.last_name), sort_broker_first = lower(u.first_name), sort_agency = a.name,
  sort_budget = coalesce(k.budget, d.budget)
FROM "candidacies" k
  INNER JOIN "candidates" d ON d.id = k.candidate_id
  LEFT JOIN "users" u ON u.id = k.broker_id
  LEFT JOIN "agencies" a ON a.id = k.agency_id
WHERE k.id = c.id;
--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE TRIGGER "candidacies_archived_update";
