CREATE TABLE "data_versions" (
	"scope" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Every statement that changes a promotion's data adds 1 to that promotion's version, in its own transaction (docs/architecture.md, 'Versions of the data'): the answers cached under a version (platform/answer-cache.ts) can never outlive the data they were made from, whatever wrote it (a route, a command, a job, a script). One function per way of finding a row's promotion (r: the row), made from the same template as the archived-promotion guard (0016); the scopes are locked in their order, so two statements never wait on each other in opposite orders.
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
      CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO data_versions AS v (scope, version)
            SELECT s, 1 FROM (SELECT DISTINCT %2$s AS s FROM new_rows r) changed WHERE s IS NOT NULL ORDER BY s
            ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO data_versions AS v (scope, version)
            SELECT s, 1 FROM (SELECT %2$s AS s FROM new_rows r UNION SELECT %2$s AS s FROM old_rows r) changed WHERE s IS NOT NULL ORDER BY s
            ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
        ELSE
          INSERT INTO data_versions AS v (scope, version)
            SELECT s, 1 FROM (SELECT DISTINCT %2$s AS s FROM old_rows r) changed WHERE s IS NOT NULL ORDER BY s
            ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
        END IF;
        RETURN NULL;
      END
      $body$
    $template$, kind[1], kind[2]);
  END LOOP;
END
$versions$;
--> statement-breakpoint
-- The firm's shared data (accounts, agencies, the reference lists): scope 0, which every reader's answers depend on.
CREATE FUNCTION "bump_firm_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions AS v (scope, version) VALUES (0, 1) ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Left out on purpose, because no cached answer reads them (platform/answer-cache.test.ts checks the statements of every cached route): the sessions and their limits (auth_tokens, password_resets, rate_limit_hits, demo_requests), the e-mail outbox (mail_messages), and what reading writes (notifications and their read mark, library_accesses: the data-room log). A thread's read mark (thread_reads) is versioned: the unread counts of GET user are cached. A user's selected promotion (users.preferences) is part of the cache key, not of the data.
DO $$
DECLARE
  versioned text[][] := ARRAY[
    ['promotions', 'bump_promotion_row_version'],
    ['promotion_user', 'bump_promotion_version'],
    ['promotion_agency', 'bump_promotion_version'],
    ['buildings', 'bump_promotion_version'],
    ['lots', 'bump_promotion_version'],
    ['action_lots', 'bump_promotion_version'],
    ['price_grid_imports', 'bump_promotion_version'],
    ['candidates', 'bump_promotion_version'],
    ['candidacies', 'bump_promotion_version'],
    ['applications', 'bump_promotion_version'],
    ['actions', 'bump_promotion_version'],
    ['user_comments', 'bump_promotion_version'],
    ['logs', 'bump_promotion_version'],
    ['threads', 'bump_promotion_version'],
    ['thread_messages', 'bump_thread_message_version'],
    ['thread_reads', 'bump_thread_message_version'],
    ['files', 'bump_file_version'],
    ['file_folders', 'bump_promotion_version'],
    ['faq_questions', 'bump_promotion_version'],
    ['campaigns', 'bump_promotion_version'],
    ['campaign_files', 'bump_campaign_file_version'],
    ['marketing_reports', 'bump_promotion_version'],
    ['photo_groups', 'bump_promotion_version'],
    ['photos', 'bump_promotion_version'],
    ['planning_tasks', 'bump_promotion_version'],
    ['finances', 'bump_promotion_version'],
    ['crm_sends', 'bump_promotion_version']
  ];
  entry text[];
  firm text;
BEGIN
  FOREACH entry SLICE 1 IN ARRAY versioned LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_version_insert', entry[1], entry[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_version_update', entry[1], entry[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_version_delete', entry[1], entry[2]);
  END LOOP;
  FOREACH firm IN ARRAY ARRAY['agencies', 'assistants', 'lot_types', 'floors', 'file_types'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_firm_version()', firm || '_version', firm);
  END LOOP;
  -- An account: every column but the selected promotion (preferences), which the key holds.
  CREATE TRIGGER users_version_insert_delete AFTER INSERT OR DELETE ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_firm_version();
  CREATE TRIGGER users_version_update AFTER UPDATE OF type, admin, email, password_hash, first_name, last_name, gender, phone, profile_picture, agency_id, restricted_access, number_connections, is_demo, email_notifications, unsubscribe_token, iban, bank_name, bank_holder, office_name, address, zip, city, secretary_gender, secretary_name, secretary_email, secretary_phone, last_login_at, created_at ON users FOR EACH STATEMENT EXECUTE FUNCTION bump_firm_version();
END
$$;
