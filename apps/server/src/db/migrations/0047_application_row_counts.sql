-- The funnel's rows read their open tasks and their open tasks' kinds only where the database counts some (one row per application with open tasks, kept in the transaction of every write of a task), instead of two subqueries on every row: 0.4 ms of PostgreSQL's CPU a page of 50 (issue 20, docs/performance.md). As the candidates screen's counts (0046).
CREATE TABLE "application_row_counts" (
	"application_id" integer PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"open_tasks" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- What a statement on the tasks opened (+1) and closed or removed (-1), per application, added to its kept row; a row that falls to 0 goes; only an application that exists gets one (its deletion deletes its row, below). One template ({rows}, {d}: the statement's rows and their sign) written in three times, so that each function's queries are static and planned once (decision 037).
DO $counts$
DECLARE
  template text := 'SELECT r.application_id AS id, {d} AS t FROM {rows} r WHERE r.done_at IS NULL AND r.application_id IS NOT NULL';
  ops text[][] := ARRAY[
    ['insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'],
    ['update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ['delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows']
  ];
  op text[];
  added text := replace(replace(template, '{rows}', 'new_rows'), '{d}', '1');
  removed text := replace(replace(template, '{rows}', 'old_rows'), '{d}', '-1');
  changes text;
  fn text;
BEGIN
  FOREACH op SLICE 1 IN ARRAY ops LOOP
    changes := CASE op[1] WHEN 'insert' THEN added WHEN 'delete' THEN removed ELSE added || ' UNION ALL ' || removed END;
    fn := 'count_application_tasks_' || op[1];
    EXECUTE format($template$
      CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $body$
      BEGIN
        INSERT INTO application_row_counts AS k (application_id, promotion_id, open_tasks)
          SELECT s.id, a.promotion_id, s.t
          FROM (SELECT id, sum(t)::int AS t FROM (%2$s) changes GROUP BY id) s INNER JOIN applications a ON a.id = s.id
          WHERE s.t <> 0
          ORDER BY s.id
          ON CONFLICT (application_id) DO UPDATE SET open_tasks = k.open_tasks + excluded.open_tasks;
        DELETE FROM application_row_counts k WHERE k.application_id IN (SELECT id FROM (%2$s) changes) AND k.open_tasks = 0;
        RETURN NULL;
      END
      $body$
    $template$, fn, changes);
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON actions %s FOR EACH STATEMENT EXECUTE FUNCTION %I()', 'actions_application_counts_' || op[1], op[2], op[3], fn);
    -- Kept even in a session that loads rows as a replica, as the scale seed does (migration 0023).
    EXECUTE format('ALTER TABLE actions ENABLE ALWAYS TRIGGER %I', 'actions_application_counts_' || op[1]);
  END LOOP;
END
$counts$;
--> statement-breakpoint
CREATE FUNCTION "forget_row_counts_of_deleted_applications"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  DELETE FROM application_row_counts WHERE application_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_forget_row_counts" AFTER DELETE ON "applications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "forget_row_counts_of_deleted_applications"();
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ALWAYS TRIGGER "applications_forget_row_counts";
--> statement-breakpoint
-- The rows already there, archived promotions' included (before their guard below).
INSERT INTO application_row_counts (application_id, promotion_id, open_tasks)
  SELECT a.id, a.promotion_id, k.t FROM applications a
    INNER JOIN (SELECT application_id, count(*)::int AS t FROM actions WHERE done_at IS NULL AND application_id IS NOT NULL GROUP BY 1) k ON k.application_id = a.id;
--> statement-breakpoint
-- Versioned as the tasks it counts (migration 0017), so that every table a cached answer reads follows a version.
CREATE TRIGGER "application_row_counts_version_insert" AFTER INSERT ON "application_row_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "application_row_counts_version_update" AFTER UPDATE ON "application_row_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
CREATE TRIGGER "application_row_counts_version_delete" AFTER DELETE ON "application_row_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_promotion_version"();
--> statement-breakpoint
-- Guarded as the tasks it counts (migration 0016): an archived promotion's counts never change.
CREATE TRIGGER "application_row_counts_archived_insert" AFTER INSERT ON "application_row_counts" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
--> statement-breakpoint
CREATE TRIGGER "application_row_counts_archived_update" AFTER UPDATE ON "application_row_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
--> statement-breakpoint
CREATE TRIGGER "application_row_counts_archived_delete" AFTER DELETE ON "application_row_counts" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "refuse_archived_promotion_write"();
