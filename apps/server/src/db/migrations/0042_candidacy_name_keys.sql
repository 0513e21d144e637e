-- The candidates screen sorted by name reads the candidate's lowered names kept on the candidacy, along an index that ends with the candidate's id (the sort's tie-break), instead of joining the promotion's candidates: its page needs no join before its limit, and its plan is made once (issue 20: the generic plan of the join sorted the 50,000 candidacies of the big promotion, 70 ms, so the sort planned on every call).
ALTER TABLE "candidacies" ADD COLUMN "sort_last" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidacies" ADD COLUMN "sort_first" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Made with the search text (0040), by the same trigger: whenever a candidacy is written with a candidate, or any of the three is written, and when the candidate's text follows a change of his names. CREATE OR REPLACE drops a function's settings: it plans once again (decision 037).
CREATE OR REPLACE FUNCTION "candidacy_search_text"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT c.search_text, lower(c.last_name), lower(c.first_name) INTO NEW.search_text, NEW.sort_last, NEW.sort_first
    FROM candidates c WHERE c.id = NEW.candidate_id;
  NEW.sort_last := coalesce(NEW.sort_last, '');
  NEW.sort_first := coalesce(NEW.sort_first, '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER "candidacies_search_text" ON "candidacies";--> statement-breakpoint
CREATE TRIGGER "candidacies_search_text" BEFORE INSERT OR UPDATE OF candidate_id, search_text, sort_last, sort_first ON "candidacies" FOR EACH ROW EXECUTE FUNCTION "candidacy_search_text"();
--> statement-breakpoint
-- Kept data is kept whatever the session's role: the scale seed loads its rows as a replica (0023, 0034).
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_search_text";--> statement-breakpoint
-- The rows already there, archived promotions included, in one statement (their guard set aside for it).
ALTER TABLE "candidacies" DISABLE TRIGGER "candidacies_archived_update";--> statement-breakpoint
UPDATE "candidacies" k SET sort_last = lower(c.last_name), sort_first = lower(c.first_name) FROM "candidates" c WHERE c.id = k.candidate_id;--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE TRIGGER "candidacies_archived_update";--> statement-breakpoint
-- Built once the rows are there.
CREATE INDEX "candidacies_promotion_name_idx" ON "candidacies" USING btree ("promotion_id","sort_last","sort_first","candidate_id");
