-- The candidates screen's arrows read the candidacies counted per promotion, agency and status, kept by the database in the transaction of every candidacy write (issue 20: counting a 50,000-candidacy promotion took 5 to 10 ms a page).
CREATE TABLE "candidacy_status_counts" (
	"promotion_id" integer NOT NULL,
	"agency_key" integer NOT NULL,
	"status" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "candidacy_status_counts_promotion_id_agency_key_status_pk" PRIMARY KEY("promotion_id","agency_key","status")
);
--> statement-breakpoint
-- What a statement on candidacies added (+1) and removed (-1), per key, added to the kept counts; a key whose count falls to 0 goes. Keys are written in their order, so two writers never wait on each other in opposite orders. The one template (changes: the statement's rows as key and sign) is written in three times, so that each function's queries are static and planned once.
DO $counts$
DECLARE
  kinds text[][] := ARRAY[
    ['count_inserted_candidacies', 'SELECT r.promotion_id, coalesce(r.agency_id, 0) AS agency_key, r.status, 1 AS d FROM new_rows r'],
    ['count_updated_candidacies', 'SELECT r.promotion_id, coalesce(r.agency_id, 0) AS agency_key, r.status, 1 AS d FROM new_rows r UNION ALL SELECT r.promotion_id, coalesce(r.agency_id, 0), r.status, -1 FROM old_rows r'],
    ['count_deleted_candidacies', 'SELECT r.promotion_id, coalesce(r.agency_id, 0) AS agency_key, r.status, -1 AS d FROM old_rows r']
  ];
  kind text[];
BEGIN
  FOREACH kind SLICE 1 IN ARRAY kinds LOOP
    EXECUTE format($template$
      CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        INSERT INTO candidacy_status_counts AS c (promotion_id, agency_key, status, n)
          SELECT promotion_id, agency_key, status, sum(d)::int FROM (%2$s) changes
          GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
          ON CONFLICT (promotion_id, agency_key, status) DO UPDATE SET n = c.n + excluded.n;
        DELETE FROM candidacy_status_counts c
          WHERE c.n = 0 AND c.promotion_id IN (SELECT DISTINCT promotion_id FROM (%2$s) changes);
        RETURN NULL;
      END
      $body$
    $template$, kind[1], kind[2]);
  END LOOP;
END
$counts$;
--> statement-breakpoint
CREATE TRIGGER "candidacies_count_insert" AFTER INSERT ON "candidacies" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_inserted_candidacies"();
--> statement-breakpoint
CREATE TRIGGER "candidacies_count_update" AFTER UPDATE ON "candidacies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_updated_candidacies"();
--> statement-breakpoint
CREATE TRIGGER "candidacies_count_delete" AFTER DELETE ON "candidacies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "count_deleted_candidacies"();
--> statement-breakpoint
-- The candidacies already there, archived promotions' included (before their guard below).
INSERT INTO candidacy_status_counts (promotion_id, agency_key, status, n)
  SELECT promotion_id, coalesce(agency_id, 0), status, count(*)::int FROM candidacies GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Versioned as the candidacies it counts (migration 0017), so that every table a cached answer reads follows a version.
CREATE TRIGGER "candidacy_status_counts_version_insert" AFTER INSERT ON "candidacy_status_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_status_counts_version_update" AFTER UPDATE ON "candidacy_status_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_status_counts_version_delete" AFTER DELETE ON "candidacy_status_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
-- Guarded as the candidacies it counts (migration 0016): an archived promotion's counts never change.
CREATE TRIGGER "candidacy_status_counts_archived_insert" AFTER INSERT ON "candidacy_status_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_status_counts_archived_update" AFTER UPDATE ON "candidacy_status_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_status_counts_archived_delete" AFTER DELETE ON "candidacy_status_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
