-- The candidates screen's rows read what they count (comments, files, live applications, open tasks) from one row per candidacy kept by the database in the transaction of every write, instead of four subqueries a row: 0.3 to 0.4 ms of PostgreSQL's CPU a page of 50, a quarter of the page statement (issue 20, docs/performance.md). The applications and open tasks are then read only for the rows that have some.
CREATE TABLE "candidacy_row_counts" (
	"candidacy_id" integer PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"live_applications" integer DEFAULT 0 NOT NULL,
	"open_tasks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What a statement on one of the four tables added (+1) and removed (-1), per candidacy, added to its kept row; a row whose counts all fall to 0 goes. Only a candidacy that exists gets a row: a candidacy's deletion deletes its row (below) and its comments, files and tasks after it find none. Rows are written in the order of their keys, so two writers never wait on each other in opposite orders. One template per table ({rows}: the statement's rows, {d}: their sign), written in three times so that each function's queries are static and planned once (decision 037).
DO $counts$
DECLARE
  sources text[][] := ARRAY[
    ['user_comments', 'comments', 'SELECT r.candidacy_id AS id, {d} AS c, 0 AS f, 0 AS a, 0 AS t FROM {rows} r'],
    ['files', 'files', 'SELECT r.candidacy_id AS id, 0 AS c, {d} AS f, 0 AS a, 0 AS t FROM {rows} r WHERE r.owner = ''candidacy'' AND r.candidacy_id IS NOT NULL'],
    -- A live application counts once for each of its candidacies (the first and an optional second).
    ['applications', 'applications', 'SELECT x.id, 0 AS c, 0 AS f, {d} AS a, 0 AS t FROM {rows} r CROSS JOIN LATERAL (SELECT r.candidacy1_id UNION SELECT r.candidacy2_id) x(id) WHERE NOT r.hidden AND r.closed_at IS NULL AND x.id IS NOT NULL'],
    ['actions', 'tasks', 'SELECT r.candidacy_id AS id, 0 AS c, 0 AS f, 0 AS a, {d} AS t FROM {rows} r WHERE r.done_at IS NULL AND r.candidacy_id IS NOT NULL']
  ];
  ops text[][] := ARRAY[
    ['insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'],
    ['update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows']
  ];
  source text[];
  op text[];
  added text;
  removed text;
  changes text;
  fn text;
BEGIN
  FOREACH source SLICE 1 IN ARRAY sources LOOP
    added := replace(replace(source[3], '{rows}', 'new_rows'), '{d}', '1');
    removed := replace(replace(source[3], '{rows}', 'old_rows'), '{d}', '-1');
    FOREACH op SLICE 1 IN ARRAY ops LOOP
      changes := CASE op[1] WHEN 'insert' THEN added WHEN 'delete' THEN removed ELSE added || ' UNION ALL ' || removed END;
      fn := 'count_rows_of_' || source[2] || '_' || op[1];
      EXECUTE format($template$
        CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $body$
        BEGIN
          INSERT INTO candidacy_row_counts AS k (candidacy_id, promotion_id, comments, files, live_applications, open_tasks)
            SELECT s.id, c.promotion_id, s.c, s.f, s.a, s.t
            FROM (SELECT id, sum(c)::int AS c, sum(f)::int AS f, sum(a)::int AS a, sum(t)::int AS t FROM (%2$s) changes GROUP BY id) s
              INNER JOIN candidacies c ON c.id = s.id
            WHERE s.c <> 0 OR s.f <> 0 OR s.a <> 0 OR s.t <> 0
            ORDER BY s.id
            ON CONFLICT (candidacy_id) DO UPDATE SET comments = k.comments + excluded.comments, files = k.files + excluded.files,
              live_applications = k.live_applications + excluded.live_applications, open_tasks = k.open_tasks + excluded.open_tasks;
          DELETE FROM candidacy_row_counts k
            WHERE k.candidacy_id IN (SELECT id FROM (%2$s) changes)
              AND k.comments = 0 AND k.files = 0 AND k.live_applications = 0 AND k.open_tasks = 0;
          RETURN NULL;
        END
        $body$
      $template$, fn, changes);
      EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I %s FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        source[1] || '_row_counts_' || op[1], op[2], source[1], op[3], fn);
      -- Kept even in a session that loads rows as a replica, as the scale seed does (migration 0023).
      EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', source[1], source[1] || '_row_counts_' || op[1]);
    END LOOP;
  END LOOP;
END
$counts$;
--> statement-breakpoint
CREATE FUNCTION "forget_row_counts_of_deleted_candidacies"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM candidacy_row_counts WHERE candidacy_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "candidacies_row_counts_delete" AFTER DELETE ON "candidacies" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_row_counts_of_deleted_candidacies"();
--> statement-breakpoint
ALTER TABLE "candidacies" ENABLE ALWAYS TRIGGER "candidacies_row_counts_delete";
--> statement-breakpoint
-- The rows already there, archived promotions' included (before their guard below).
INSERT INTO candidacy_row_counts (candidacy_id, promotion_id, comments, files, live_applications, open_tasks)
  SELECT c.id, c.promotion_id, coalesce(k.c, 0), coalesce(k.f, 0), coalesce(k.a, 0), coalesce(k.t, 0)
  FROM candidacies c INNER JOIN (
    SELECT id, sum(c)::int AS c, sum(f)::int AS f, sum(a)::int AS a, sum(t)::int AS t FROM (
      SELECT r.candidacy_id AS id, 1 AS c, 0 AS f, 0 AS a, 0 AS t FROM user_comments r
      UNION ALL SELECT r.candidacy_id, 0, 1, 0, 0 FROM files r WHERE r.owner = 'candidacy' AND r.candidacy_id IS NOT NULL
      UNION ALL SELECT x.id, 0, 0, 1, 0 FROM applications r CROSS JOIN LATERAL (SELECT r.candidacy1_id UNION SELECT r.candidacy2_id) x(id)
        WHERE NOT r.hidden AND r.closed_at IS NULL AND x.id IS NOT NULL
      UNION ALL SELECT r.candidacy_id, 0, 0, 0, 1 FROM actions r WHERE r.done_at IS NULL AND r.candidacy_id IS NOT NULL
    ) changes GROUP BY id
  ) k ON k.id = c.id;
--> statement-breakpoint
-- Versioned as the rows it counts (migration 0017), so that every table a cached answer reads follows a version.
CREATE TRIGGER "candidacy_row_counts_version_insert" AFTER INSERT ON "candidacy_row_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_row_counts_version_update" AFTER UPDATE ON "candidacy_row_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_row_counts_version_delete" AFTER DELETE ON "candidacy_row_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
-- Guarded as the rows it counts (migration 0016): an archived promotion's counts never change.
CREATE TRIGGER "candidacy_row_counts_archived_insert" AFTER INSERT ON "candidacy_row_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_row_counts_archived_update" AFTER UPDATE ON "candidacy_row_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
--> statement-breakpoint
CREATE TRIGGER "candidacy_row_counts_archived_delete" AFTER DELETE ON "candidacy_row_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
