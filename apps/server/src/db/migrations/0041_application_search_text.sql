-- The funnel's search reads one lowered text kept on the application (its lot's reference and title, the main candidate's names both ways and e-mail, the partner's names both ways, one per line), so that its stage counts and its page read the promotion's live applications alone (issue 20: a one-letter search of a 2,000-lot promotion joined its 3,145 live applications to their lot, candidacies and candidates twice, for the counts and for the page, 37 ms). No trigram index: a promotion's live applications are bounded by its lots, a few thousand at most.
ALTER TABLE "applications" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Kept by the database, never by the application: made whenever an application is written with another lot or candidacy (or its text is written at all), from the rows they name; a missing row (refused by the foreign keys after this trigger) leaves ''.
CREATE FUNCTION "application_search_text"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  NEW.search_text := coalesce((
    SELECT lower(l.reference || E'\n' || l.title || E'\n'
      || c1.first_name || ' ' || c1.last_name || E'\n' || c1.last_name || ' ' || c1.first_name || E'\n' || coalesce(c1.email, '') || E'\n'
      || coalesce(c2.first_name || ' ' || c2.last_name || E'\n' || c2.last_name || ' ' || c2.first_name, ''))
    FROM lots l
      CROSS JOIN candidacies k1
      INNER JOIN candidates c1 ON c1.id = k1.candidate_id
      LEFT JOIN candidacies k2 ON k2.id = NEW.candidacy2_id
      LEFT JOIN candidates c2 ON c2.id = k2.candidate_id
    WHERE l.id = NEW.lot_id AND k1.id = NEW.candidacy1_id), '');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_search_text" BEFORE INSERT OR UPDATE OF lot_id, candidacy1_id, candidacy2_id, search_text ON "applications" FOR EACH ROW EXECUTE FUNCTION "application_search_text"();
--> statement-breakpoint
-- A lot given another reference or title: its applications make their text again (a lot of an archived promotion cannot be changed, 0016).
CREATE FUNCTION "follow_lot_search_text"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE applications SET search_text = '' WHERE lot_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lots_follow_search_text" AFTER UPDATE OF reference, title ON "lots" FOR EACH ROW
  WHEN (OLD.reference IS DISTINCT FROM NEW.reference OR OLD.title IS DISTINCT FROM NEW.title) EXECUTE FUNCTION "follow_lot_search_text"();
--> statement-breakpoint
-- A candidacy's copy of its candidate's text changed (the candidate renamed or given another e-mail, 0040, or the candidacy moved to another candidate): the applications it is the main or the partner candidacy of make theirs again.
CREATE FUNCTION "follow_candidacy_search_text"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  UPDATE applications SET search_text = '' WHERE candidacy1_id = NEW.id OR candidacy2_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidacies_follow_search_text" AFTER UPDATE ON "candidacies" FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text) EXECUTE FUNCTION "follow_candidacy_search_text"();
--> statement-breakpoint
-- Kept data is kept whatever the session's role: the scale seed loads its rows as a replica (0023, 0034).
ALTER TABLE "applications" ENABLE ALWAYS TRIGGER "applications_search_text";--> statement-breakpoint
ALTER TABLE "lots" ENABLE ALWAYS TRIGGER "lots_follow_search_text";--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_follow_search_text";--> statement-breakpoint
-- The rows already there, archived promotions included, each made by the trigger (their guard set aside for it).
ALTER TABLE "applications" DISABLE TRIGGER "applications_archived_update";--> statement-breakpoint
UPDATE "applications" SET search_text = '';--> statement-breakpoint
ALTER TABLE "applications" ENABLE TRIGGER "applications_archived_update";
