-- The version of each table of each scope (docs/architecture.md, 'Versions of the data'): a cached route names the tables it reads and keeps its answers under the sum of their versions, so that a comment, which changes the comments and the history, leaves the lots, the funnel and the dashboard answered from memory. A row is made by the first change of its table in its scope.
CREATE TABLE "data_table_versions" (
	"scope" integer NOT NULL,
	"table_name" text NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "data_table_versions_scope_table_name_pk" PRIMARY KEY("scope","table_name")
);
--> statement-breakpoint
-- The raise at commit of 0026, which now also raises each noted table of each scope (the notes are one per transaction, scope and table, so each is raised once), in the order of the scopes then the tables, so two commits never wait on each other in opposite orders.
CREATE OR REPLACE FUNCTION "raise_pending_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  announced integer;
BEGIN
  WITH taken AS (
    DELETE FROM pending_versions p WHERE p.transaction_id = NEW.transaction_id RETURNING p.scope, p.table_name
  ), raised AS (
    INSERT INTO data_versions AS v (scope, version)
      SELECT DISTINCT t.scope, 1 FROM taken t ORDER BY t.scope
      ON CONFLICT (scope) DO UPDATE SET version = v.version + 1
  ), raised_tables AS (
    INSERT INTO data_table_versions AS v (scope, table_name, version)
      SELECT t.scope, t.table_name, 1 FROM taken t ORDER BY t.scope, t.table_name
      ON CONFLICT (scope, table_name) DO UPDATE SET version = v.version + 1
  )
  SELECT count(pg_notify('promovente_changes', json_build_object('table', t.table_name, 'scope', t.scope)::text)) INTO announced FROM taken t;
  RETURN NULL;
END
$$;
