-- The accesses to the library (the data-room log) raise their promotion's version like its other data (issue 20): the data-room log and its 'Personne' filter are served by version (platform/answer-cache.ts), kept until a file is opened again. Migration 0017 had left them out as what reading writes; since versions are kept per table (0027), an access changes only the answers that read the accesses, and the live events tell an open log of it.
CREATE TRIGGER "library_accesses_version_insert" AFTER INSERT ON "library_accesses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "library_accesses_version_update" AFTER UPDATE ON "library_accesses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "library_accesses_version_delete" AFTER DELETE ON "library_accesses" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
