-- The triggers that run with every write plan their statements once per connection (decision 037). The application's main connections plan every call for its values (plan_cache_mode = force_custom_plan, decision 032), and PL/pgSQL follows that setting: a statement of a trigger that reads one of its variables (the table's name, the transaction's id, a row's keys) was planned again on every write, about a quarter of a comment's transaction in PostgreSQL (1.76 ms against 1.50 with these plans made once). Their reads are by key, or of the statement's own rows, so one plan serves every promotion. The triggers that update every candidacy of a broker, an agency, a candidate or a restored promotion keep a plan made for their key (a broker may have 20,000 candidacies): follow_broker_name, follow_agency_name, follow_candidate_budget, refresh_restored_sort_keys. A later CREATE OR REPLACE FUNCTION drops this setting: db/migrations.test.ts holds it.
DO $plans$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() AND p.prorettype = 'trigger'::regtype
      AND p.proname NOT IN ('follow_broker_name', 'follow_agency_name', 'follow_candidate_budget', 'refresh_restored_sort_keys')
  LOOP
    EXECUTE format('ALTER FUNCTION %s SET plan_cache_mode = force_generic_plan', f);
  END LOOP;
END
$plans$;
