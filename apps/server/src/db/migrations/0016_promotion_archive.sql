-- An archived promotion (docs/product/promotion-administration.md#archived-promotion, docs/decisions/027-local-mailbox-and-administration-actions.md): its members still read it, nothing in it changes until an admin restores it.
ALTER TABLE "promotions" ADD COLUMN "archived_at" timestamp with time zone;
--> statement-breakpoint
-- The one guard of every write: after each statement that inserts, updates or deletes rows of a promotion's data, the statement fails (SQLSTATE PV001, answered 409 in French by platform/errors.ts) when one of the rows belongs to an archived promotion. One function per way of finding a row's promotion (r: the row), each made from the same template with its expression written in, so that its queries are static and planned once.
DO $guards$
DECLARE
  kinds text[][] := ARRAY[
    ['refuse_archived_promotion_write', 'r.promotion_id'],
    ['refuse_archived_thread_message_write', '(select t.promotion_id from threads t where t.id = r.thread_id)'],
    ['refuse_archived_campaign_file_write', '(select c.promotion_id from campaigns c where c.id = r.campaign_id)'],
    ['refuse_archived_file_write', 'case when r.owner = ''export'' then null else coalesce(r.promotion_id, (select c.promotion_id from candidacies c where c.id = r.candidacy_id)) end']
  ];
  kind text[];
BEGIN
  FOREACH kind SLICE 1 IN ARRAY kinds LOOP
    EXECUTE format($template$
      CREATE FUNCTION %1$I() RETURNS trigger LANGUAGE plpgsql AS $body$
      BEGIN
        -- Each table is read only where the event has it (an insert has no old rows, a delete no new ones).
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          IF EXISTS (SELECT 1 FROM new_rows r JOIN promotions p ON p.id = %2$s WHERE p.archived_at IS NOT NULL) THEN
            RAISE EXCEPTION 'the promotion is archived: its data cannot change' USING ERRCODE = 'PV001';
          END IF;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          IF EXISTS (SELECT 1 FROM old_rows r JOIN promotions p ON p.id = %2$s WHERE p.archived_at IS NOT NULL) THEN
            RAISE EXCEPTION 'the promotion is archived: its data cannot change' USING ERRCODE = 'PV001';
          END IF;
        END IF;
        RETURN NULL;
      END
      $body$
    $template$, kind[1], kind[2]);
  END LOOP;
END
$guards$;
--> statement-breakpoint
-- The promotion row itself: while it stays archived nothing of it changes; archiving and restoring (archived_at set or cleared) pass.
CREATE FUNCTION "refuse_archived_promotion_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.archived_at IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.archived_at IS NOT NULL) THEN
    RAISE EXCEPTION 'the promotion is archived: its data cannot change' USING ERRCODE = 'PV001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "promotions_archived_guard" BEFORE UPDATE OR DELETE ON "promotions" FOR EACH ROW EXECUTE FUNCTION "refuse_archived_promotion_change"();
--> statement-breakpoint
-- Three statement triggers (insert, update, delete) on each table of a promotion's data. Left out on purpose: what reading writes (notifications and their read mark, thread_reads, library_accesses: the data-room log; the generated downloads, files of owner 'export'; the insert of the empty finances record its first read makes: finances has update and delete only), the e-mail outbox (mail_messages) and the accounts (users, auth_tokens, ...).
DO $$
DECLARE
  guarded text[][] := ARRAY[
    ['promotion_user', 'refuse_archived_promotion_write'],
    ['promotion_agency', 'refuse_archived_promotion_write'],
    ['buildings', 'refuse_archived_promotion_write'],
    ['lots', 'refuse_archived_promotion_write'],
    ['action_lots', 'refuse_archived_promotion_write'],
    ['price_grid_imports', 'refuse_archived_promotion_write'],
    ['candidates', 'refuse_archived_promotion_write'],
    ['candidacies', 'refuse_archived_promotion_write'],
    ['applications', 'refuse_archived_promotion_write'],
    ['actions', 'refuse_archived_promotion_write'],
    ['user_comments', 'refuse_archived_promotion_write'],
    ['logs', 'refuse_archived_promotion_write'],
    ['threads', 'refuse_archived_promotion_write'],
    ['thread_messages', 'refuse_archived_thread_message_write'],
    ['files', 'refuse_archived_file_write'],
    ['file_folders', 'refuse_archived_promotion_write'],
    ['faq_questions', 'refuse_archived_promotion_write'],
    ['campaigns', 'refuse_archived_promotion_write'],
    ['campaign_files', 'refuse_archived_campaign_file_write'],
    ['marketing_reports', 'refuse_archived_promotion_write'],
    ['photo_groups', 'refuse_archived_promotion_write'],
    ['photos', 'refuse_archived_promotion_write'],
    ['planning_tasks', 'refuse_archived_promotion_write'],
    ['crm_sends', 'refuse_archived_promotion_write']
  ];
  entry text[];
BEGIN
  FOREACH entry SLICE 1 IN ARRAY guarded LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_archived_insert', entry[1], entry[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_archived_update', entry[1], entry[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()', entry[1] || '_archived_delete', entry[1], entry[2]);
  END LOOP;
  CREATE TRIGGER finances_archived_update AFTER UPDATE ON finances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_archived_promotion_write();
  CREATE TRIGGER finances_archived_delete AFTER DELETE ON finances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION refuse_archived_promotion_write();
END
$$;
