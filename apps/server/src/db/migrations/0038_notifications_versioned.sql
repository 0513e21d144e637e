-- A user's notifications are versioned under his own scope, minus his id (docs/architecture.md, 'Versions of the data'; issue 20): the notifications' list and count are served by version (platform/answer-cache.ts), kept until one of his notifications is written, read or deleted. Migration 0017 had left them out as what reading writes; a scope per user keeps them apart from the promotions' data, so that a notification, or its read mark, changes no other reader's answers. The session's statement reads the reader's scope with the firm's and his promotions' (platform/auth.ts).
CREATE FUNCTION "bump_user_notification_version"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO pending_versions (transaction_id, scope, table_name)
      SELECT txid_current(), s, TG_TABLE_NAME FROM (SELECT DISTINCT -r.user_id AS s FROM new_rows r) changed
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO pending_versions (transaction_id, scope, table_name)
      SELECT txid_current(), s, TG_TABLE_NAME FROM (SELECT -r.user_id AS s FROM new_rows r UNION SELECT -r.user_id AS s FROM old_rows r) changed
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO pending_versions (transaction_id, scope, table_name)
      SELECT txid_current(), s, TG_TABLE_NAME FROM (SELECT DISTINCT -r.user_id AS s FROM old_rows r) changed
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_version_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_notification_version"();
--> statement-breakpoint
CREATE TRIGGER "notifications_version_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_notification_version"();
--> statement-breakpoint
CREATE TRIGGER "notifications_version_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_user_notification_version"();
--> statement-breakpoint
-- The raise at commit of 0027, which announces the promotions' and the firm's scopes only: a user's own data is announced to him alone by its own triggers (0025), and a user's scope announced as a promotion's would reach every admin's screens.
CREATE OR REPLACE FUNCTION "raise_pending_versions"() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
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
  SELECT count(pg_notify('promovente_changes', json_build_object('table', t.table_name, 'scope', t.scope)::text)) INTO announced FROM taken t WHERE t.scope >= 0;
  RETURN NULL;
END
$$;
