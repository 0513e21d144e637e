-- Live events (issue 21, docs/architecture.md 'Live events'): every statement that raises a version also announces it on the channel promovente_changes as {"table", "scope"}, from its own transaction. PostgreSQL delivers a NOTIFY at commit, never for a rolled-back transaction, to every listening connection of every server process, and delivers identical payloads of one transaction once. The functions are those of 0017, each with its announce.
DO $versions$
DECLARE
  kinds text[][] := ARRAY[
    ['bump_promotion_version', 'r.promotion_id'],
    ['bump_promotion_row_version', 'r.id'],
    ['bump_thread_message_version', '(select t.promotion_id from threads t where t.id = r.thread_id)'],
    ['bump_campaign_file_version', '(select c.promotion_id from campaigns c where c.id = r.campaign_id)'],
    ['bump_file_version', 'case when r.owner = ''export'' then null else coalesce(r.promotion_id, (select c.promotion_id from candidacies c where c.id = r.candidacy_id)) end']
  ];
  kind text[];
BEGIN
  FOREACH kind SLICE 1 IN ARRAY kinds LOOP
    EXECUTE format($template$
      CREATE OR REPLACE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        announced integer;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          WITH bumped AS (
            INSERT INTO data_versions AS v (scope, version)
              SELECT s, 1 FROM (SELECT DISTINCT %2$s AS s FROM new_rows r) changed WHERE s IS NOT NULL ORDER BY s
              ON CONFLICT (scope) DO UPDATE SET version = v.version + 1
              RETURNING v.scope
          )
          SELECT count(pg_notify('promovente_changes', json_build_object('table', TG_TABLE_NAME, 'scope', scope)::text)) INTO announced FROM bumped;
        ELSIF TG_OP = 'UPDATE' THEN
          WITH bumped AS (
            INSERT INTO data_versions AS v (scope, version)
              SELECT s, 1 FROM (SELECT %2$s AS s FROM new_rows r UNION SELECT %2$s AS s FROM old_rows r) changed WHERE s IS NOT NULL ORDER BY s
              ON CONFLICT (scope) DO UPDATE SET version = v.version + 1
              RETURNING v.scope
          )
          SELECT count(pg_notify('promovente_changes', json_build_object('table', TG_TABLE_NAME, 'scope', scope)::text)) INTO announced FROM bumped;
        ELSE
          WITH bumped AS (
            INSERT INTO data_versions AS v (scope, version)
              SELECT s, 1 FROM (SELECT DISTINCT %2$s AS s FROM old_rows r) changed WHERE s IS NOT NULL ORDER BY s
              ON CONFLICT (scope) DO UPDATE SET version = v.version + 1
              RETURNING v.scope
          )
          SELECT count(pg_notify('promovente_changes', json_build_object('table', TG_TABLE_NAME, 'scope', scope)::text)) INTO announced FROM bumped;
        END IF;
        RETURN NULL;
      END
      $body$
    $template$, kind[1], kind[2]);
  END LOOP;
END
$versions$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_firm_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions AS v (scope, version) VALUES (0, 1) ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  PERFORM pg_notify('promovente_changes', json_build_object('table', TG_TABLE_NAME, 'scope', 0)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What belongs to a user alone is announced to him alone, {"table", "user"}: his notifications (not versioned, 0017) and his conversations (a thread, its messages and his read marks, to both participants). Each function reads the statement's rows as changed_rows, whatever the operation (the trigger names its transition table so).
DO $users$
DECLARE
  kinds text[][] := ARRAY[
    ['announce_row_users', 'SELECT r.user_id FROM changed_rows r'],
    ['announce_thread_users', 'SELECT r.created_by_id FROM changed_rows r UNION SELECT r.to_id FROM changed_rows r'],
    ['announce_thread_message_users', 'SELECT t.created_by_id FROM threads t WHERE t.id IN (SELECT r.thread_id FROM changed_rows r) UNION SELECT t.to_id FROM threads t WHERE t.id IN (SELECT r.thread_id FROM changed_rows r)']
  ];
  kind text[];
BEGIN
  FOREACH kind SLICE 1 IN ARRAY kinds LOOP
    EXECUTE format($template$
      CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        announced integer;
      BEGIN
        SELECT count(pg_notify('promovente_changes', json_build_object('table', TG_TABLE_NAME, 'user', u)::text)) INTO announced
          FROM (%2$s) users_of(u) WHERE u IS NOT NULL;
        RETURN NULL;
      END
      $body$
    $template$, kind[1], kind[2]);
  END LOOP;
END
$users$;
--> statement-breakpoint
DO $$
DECLARE
  announced text[][] := ARRAY[
    ['notifications', 'announce_row_users'],
    ['thread_reads', 'announce_row_users'],
    ['threads', 'announce_thread_users'],
    ['thread_messages', 'announce_thread_message_users']
  ];
  entry text[];
BEGIN
  FOREACH entry SLICE 1 IN ARRAY announced LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_announce_insert', entry[1], entry[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_announce_update', entry[1], entry[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_announce_delete', entry[1], entry[2]);
  END LOOP;
END
$$;
