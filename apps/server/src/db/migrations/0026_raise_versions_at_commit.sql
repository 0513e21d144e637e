-- The notes of the versions a writing transaction changed, raised at its commit (below).
CREATE TABLE "pending_versions" (
	"transaction_id" bigint NOT NULL,
	"scope" integer NOT NULL,
	"table_name" text NOT NULL,
	CONSTRAINT "pending_versions_transaction_id_scope_table_name_pk" PRIMARY KEY("transaction_id","scope","table_name")
);
--> statement-breakpoint
-- Versions raised at commit (docs/architecture.md, 'Versions of the data'). Until now each statement raised its scope's version itself, so the row of data_versions stayed locked from a transaction's first write to its end, through the server's work between its statements: a promotion's writes queued one behind the other (docs/performance.md, 'Mixed phase'). Each statement now notes the scopes it changed, under its transaction, in pending_versions (a row per transaction, scope and table; a second note of the same is ignored, so no transaction ever waits on another there); a deferred constraint trigger raises them at commit, all of them in the order of the scopes, and announces each table and scope on promovente_changes as before. The cached answers stay correct as before: a reader sees the new version and the new rows together, at the commit. Same functions and names as 0017 and 0025, so every trigger stays as it was.
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
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO pending_versions (transaction_id, scope, table_name)
            SELECT txid_current(), s, TG_TABLE_NAME FROM (SELECT DISTINCT %2$s AS s FROM new_rows r) changed WHERE s IS NOT NULL
            ON CONFLICT DO NOTHING;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO pending_versions (transaction_id, scope, table_name)
            SELECT txid_current(), s, TG_TABLE_NAME FROM (SELECT %2$s AS s FROM new_rows r UNION SELECT %2$s AS s FROM old_rows r) changed WHERE s IS NOT NULL
            ON CONFLICT DO NOTHING;
        ELSE
          INSERT INTO pending_versions (transaction_id, scope, table_name)
            SELECT txid_current(), s, TG_TABLE_NAME FROM (SELECT DISTINCT %2$s AS s FROM old_rows r) changed WHERE s IS NOT NULL
            ON CONFLICT DO NOTHING;
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
  INSERT INTO pending_versions (transaction_id, scope, table_name) VALUES (txid_current(), 0, TG_TABLE_NAME) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- At commit, once per noted row: the first takes every note of its transaction (the others find none), raises each scope once, in their order, so two commits never wait on each other in opposite orders, and announces each table and scope. PostgreSQL delivers the announces at the commit, once per distinct payload.
CREATE FUNCTION "raise_pending_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced integer;
BEGIN
  WITH taken AS (
    DELETE FROM pending_versions p WHERE p.transaction_id = NEW.transaction_id RETURNING p.scope, p.table_name
  ), raised AS (
    INSERT INTO data_versions AS v (scope, version)
      SELECT DISTINCT t.scope, 1 FROM taken t ORDER BY t.scope
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1
  )
  SELECT count(pg_notify('promovente_changes', json_build_object('table', t.table_name, 'scope', t.scope)::text)) INTO announced FROM taken t;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pending_raise_at_commit" AFTER INSERT ON "pending_versions" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION raise_pending_versions();
