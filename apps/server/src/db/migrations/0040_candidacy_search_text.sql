-- The candidates screen's search reads a copy of its candidate's search text (0037) kept on the candidacy, so that its counts and its page read the candidacies alone (issue 20: a one-letter search of a 50,000-candidacy promotion joined the 41,736 matching candidates to the 50,000 candidacies for its counts, 74 ms), and a search of three letters or more reads its matches by trigram.
ALTER TABLE "candidacies" ADD COLUMN "search_text" text;--> statement-breakpoint
-- pg_trgm (a trusted extension, shipped with PostgreSQL and with PGlite: db/client.ts loads it) indexes the text by trigrams, which a contains-match of three letters or more reads (LIKE '%...%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Kept by the database, never by the application: set from the candidate whenever a candidacy is written with one (or its copy is written at all), and followed when the candidate's text changes.
CREATE FUNCTION "candidacy_search_text"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  SELECT c.search_text INTO NEW.search_text FROM candidates c WHERE c.id = NEW.candidate_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidacies_search_text" BEFORE INSERT OR UPDATE OF candidate_id, search_text ON "candidacies" FOR EACH ROW EXECUTE FUNCTION "candidacy_search_text"();
--> statement-breakpoint
-- A candidate's names, e-mail or phones changed: his candidacies follow (an archived promotion's candidates cannot change, 0016).
CREATE FUNCTION "follow_candidate_search_text"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE candidacies SET search_text = NEW.search_text WHERE candidate_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidates_follow_search_text" AFTER UPDATE ON "candidates" FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION "follow_candidate_search_text"();
--> statement-breakpoint
-- Kept data is kept whatever the session's role: the scale seed loads its rows as a replica (0023, 0034).
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_search_text";--> statement-breakpoint
ALTER TABLE "candidates" ENABLE ALWAYS TRIGGER "candidates_follow_search_text";--> statement-breakpoint
-- The rows already there, archived promotions included, in one statement (their guard set aside for it).
ALTER TABLE "candidacies" DISABLE TRIGGER "candidacies_archived_update";--> statement-breakpoint
UPDATE "candidacies" k SET search_text = c.search_text FROM "candidates" c WHERE c.id = k.candidate_id;--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE TRIGGER "candidacies_archived_update";--> statement-breakpoint
-- Built once the rows are there (a bulk build: 11 s for 505,000 candidacies, where the rows' own inserts would feed it one by one).
CREATE INDEX "candidacies_search_trgm_idx" ON "candidacies" USING gin ("search_text" gin_trgm_ops);
