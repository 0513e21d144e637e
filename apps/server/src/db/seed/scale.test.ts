import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../platform/passwords.js';
import { expectProcessInvariants, query, ROW_COUNTS } from '../../test/seed-invariants.js';
import { type Database, openPglite } from '../client.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';
import { HANDFUL, promotionShapes, scaleStaffEmail, seedScale } from './scale.js';

describe('promotionShapes', () => {
  it('reaches 2,000 lots and 50,000 candidacies at --scale 1000, with a long tail of small promotions', () => {
    const shapes = promotionShapes(1000);
    expect(shapes).toHaveLength(2000);
    expect(shapes[0]).toMatchObject({ lots: 2000, candidacies: 50_000 });
    const sizes = shapes.map((s) => s.lots).sort((a, b) => a - b);
    expect(sizes[0]).toBe(10);
    expect(Math.max(...shapes.slice(1).map((s) => s.lots))).toBeLessThan(2000);
    // The median promotion is small, a few are big.
    expect(sizes[1000]).toBeLessThan(40);
    expect(shapes.filter((s) => s.lots >= 500).length).toBeGreaterThanOrEqual(3);
    expect(shapes.filter((s) => s.lots >= 500).length).toBeLessThanOrEqual(20);
  });

  it('scales down and stays deterministic', () => {
    expect(promotionShapes(50)).toEqual(promotionShapes(50));
    const shapes = promotionShapes(50);
    expect(shapes).toHaveLength(100);
    expect(shapes[0].lots).toBe(100);
  });
});

describe('seedScale at scale 25 (beside the demo)', () => {
  const now = new Date('2026-03-16T09:30:00Z');
  let database: Database;

  beforeAll(async () => {
    database = await openPglite(undefined);
    await database.migrate();
    await seedDemo(database.db, { scale: 1, now });
    await seedScale(database.db, { scale: 25, now });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('makes 50 promotions of varied sizes, the biggest with the most lots and 25 candidacies per lot', async () => {
    const sizes = await query<{ id: number; lots: number; candidacies: number }>(
      database,
      `select p.id, (select count(*)::int from lots l where l.promotion_id = p.id) as lots,
              (select count(*)::int from candidacies c where c.promotion_id = p.id) as candidacies
       from promotions p where p.id > 2 order by p.id`,
    );
    expect(sizes).toHaveLength(50);
    const biggest = sizes.reduce((a, b) => (b.lots > a.lots ? b : a));
    expect(biggest).toMatchObject({ lots: 50, candidacies: 1250 });
    expect(sizes.filter((s) => s.lots === 50)).toHaveLength(1);
    expect(Math.min(...sizes.map((s) => s.lots))).toBe(10);
    expect(new Set(sizes.map((s) => s.lots)).size).toBeGreaterThan(5);
  });

  it('puts each staff member in a handful of promotions, never in all', async () => {
    const members = await query<{ type: string; n: number }>(
      database,
      `select u.type, count(pu.promotion_id)::int as n from users u join promotion_user pu on pu.user_id = u.id
       where u.email like '%@scale.promovente.ch' group by u.id, u.type`,
    );
    expect(new Set(members.map((m) => m.type))).toEqual(
      new Set(['broker', 'notary', 'banker', 'architect', 'promoter', 'pilot', 'investor']),
    );
    for (const m of members) expect(m.n).toBeLessThanOrEqual(2 * HANDFUL);
    const average = members.reduce((sum, m) => sum + m.n, 0) / members.length;
    expect(average).toBeGreaterThanOrEqual(HANDFUL - 2);
    expect(average).toBeLessThanOrEqual(HANDFUL + 1);
    // Every generated promotion has brokers, one main notary, a banker.
    const [staffed] = await query<{ missing: number }>(
      database,
      `select count(*)::int as missing from promotions p where p.id > 2 and (
         (select count(*) from promotion_user pu join users u on u.id = pu.user_id where pu.promotion_id = p.id and u.type = 'broker') < 2
         or (select count(*) from promotion_user pu where pu.promotion_id = p.id and pu.main) <> 1
         or not exists (select 1 from promotion_user pu join users u on u.id = pu.user_id where pu.promotion_id = p.id and u.type = 'banker'))`,
    );
    expect(staffed.missing).toBe(0);
  });

  it('gives candidates accounts and leaves threads, files, photos and notifications in every promotion', async () => {
    const [c] = await query<Record<string, number>>(
      database,
      `select
         (select count(*)::int from candidates ca join users u on u.id = ca.user_id and u.type = 'candidate'
            join promotion_user pu on pu.user_id = u.id and pu.promotion_id = ca.promotion_id where ca.promotion_id > 2) as accounts,
         (select count(*)::int from promotions p where p.id > 2 and not exists (select 1 from threads t where t.promotion_id = p.id)) as without_threads,
         (select count(*)::int from promotions p where p.id > 2 and not exists (select 1 from files f where f.promotion_id = p.id and f.owner = 'photo')) as without_photos,
         (select count(*)::int from promotions p where p.id > 2 and not exists (select 1 from files f where f.promotion_id = p.id and f.owner = 'candidacy')) as without_files,
         (select count(*)::int from promotions p where p.id > 2 and not exists (select 1 from notifications n where n.promotion_id = p.id)) as without_notifications,
         (select count(*)::int from thread_messages m join threads t on t.id = m.thread_id where t.promotion_id > 2) as messages`,
    );
    expect(c.accounts).toBeGreaterThan(100);
    expect(c).toMatchObject({ without_threads: 0, without_photos: 0, without_files: 0, without_notifications: 0 });
    expect(c.messages).toBeGreaterThan(c.accounts / 4);
  });

  it('gives every promotion a planning, finances, campaigns, reports, FAQ, a library with its log and albums with photos', async () => {
    const missing = (table: string, extra = '') =>
      `(select count(*)::int from promotions p where p.id > 2 and not exists (select 1 from ${table} x where x.promotion_id = p.id ${extra}))`;
    const [c] = await query<Record<string, number>>(
      database,
      `select ${missing('planning_tasks')} as planning, ${missing('finances')} as finances, ${missing('campaigns')} as campaigns,
         ${missing('marketing_reports')} as reports, ${missing('faq_questions')} as faq, ${missing('files', "and x.owner = 'library'")} as library,
         ${missing('library_accesses')} as log, ${missing('photos')} as photos,
         (select count(*)::int from photos ph join files f on f.id = ph.thumbnail_file_id where f.promotion_id <> ph.promotion_id) as foreign_thumbnails`,
    );
    expect(c).toEqual({ planning: 0, finances: 0, campaigns: 0, reports: 0, faq: 0, library: 0, log: 0, photos: 0, foreign_thumbnails: 0 });
  });

  it('keeps the process invariants and the demo accounts', async () => {
    await expectProcessInvariants(database);
    const [demo] = await query<{ n: number }>(
      database,
      `select count(*)::int as n from promotion_user pu join users u on u.id = pu.user_id where u.email = 'courtier@demo.ch'`,
    );
    expect(demo.n).toBe(2);
    const [broker] = await query<{ password_hash: string; selected: number }>(
      database,
      `select password_hash, (preferences->>'selected_promotion')::int as selected from users where email = '${scaleStaffEmail('broker', 1)}'`,
    );
    expect(await verifyPassword(broker.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(broker.selected).toBeGreaterThan(2);
  });
  it('leaves no row a foreign key would refuse, although the load skips their checks', async () => {
    const keys = await query<{ name: string; child: string; parent: string; columns: string[]; targets: string[] }>(
      database,
      `select c.conname::text as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
         array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
         array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
               join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as targets
       from pg_constraint c join pg_namespace s on s.oid = c.connamespace
       where c.contype = 'f' and s.nspname = 'public' order by 1`,
    );
    expect(keys.length).toBeGreaterThan(40);
    const refused: string[] = [];
    for (const key of keys) {
      const present = key.columns.map((column) => `c."${column}" is not null`).join(' and ');
      const found = key.columns.map((column, i) => `t."${key.targets[i]}" = c."${column}"`).join(' and ');
      const [row] = await query<{ n: number }>(
        database,
        `select count(*)::int as n from ${key.child} c where ${present} and not exists (select 1 from ${key.parent} t where ${found})`,
      );
      if (row.n > 0) refused.push(`${key.name}: ${row.n} rows`);
    }
    expect(refused).toEqual([]);
  });

  it('keeps the sort keys and the counts the database keeps, and raises every promotion’s version', async () => {
    const [keys] = await query<{ n: number }>(
      database,
      `select count(*)::int as n from candidacies k join candidates d on d.id = k.candidate_id
         left join users u on u.id = k.broker_id left join agencies a on a.id = k.agency_id
       where k.sort_broker_last is distinct from lower(u.last_name) or k.sort_broker_first is distinct from lower(u.first_name)
         or k.sort_agency is distinct from a.name or k.sort_budget is distinct from coalesce(k.budget, d.budget)`,
    );
    expect(keys.n).toBe(0);
    // The candidacies' copy of their candidate's search text and names (migrations 0040 and 0042).
    const [searchTexts] = await query<{ n: number }>(
      database,
      `select count(*)::int as n from candidacies k join candidates d on d.id = k.candidate_id
       where k.search_text is distinct from d.search_text or k.sort_last <> lower(d.last_name) or k.sort_first <> lower(d.first_name)`,
    );
    expect(searchTexts.n).toBe(0);
    // The trigram index, which the load drops and builds again after its rows (migrations 0040 and 0048).
    const [trigram] = await query<{ indexdef: string }>(
      database,
      `select indexdef from pg_indexes where indexname = 'candidacies_promotion_search_trgm_idx'`,
    );
    expect(trigram.indexdef).toContain('USING gin (promotion_id, search_text gin_trgm_ops)');
    // The lots' and the funnel's keys (migrations 0032, 0034, 0035 and 0039), kept although the seed loads as a replica.
    const [lotKeys] = await query<{ n: number }>(
      database,
      `select count(*)::int as n from lots l join buildings b on b.id = l.building_id join floors f on f.id = l.floor_id
       where l.sort_building is distinct from b.title or l.sort_floor is distinct from f.sort_order`,
    );
    expect(lotKeys.n).toBe(0);
    const [applicationKeys] = await query<{ n: number; all: number }>(
      database,
      `select count(*) filter (where a.sort_lot is distinct from l.reference
                or a.sort_candidate is distinct from lower(c.first_name || ' ' || c.last_name)
                or a.sort_building is distinct from lower(b.title)
                or a.sort_floor is distinct from f.sort_order)::int as n, count(*)::int as all
       from applications a join lots l on l.id = a.lot_id join buildings b on b.id = l.building_id join floors f on f.id = l.floor_id
         join candidacies k on k.id = a.candidacy1_id join candidates c on c.id = k.candidate_id`,
    );
    expect(applicationKeys).toEqual({ n: 0, all: expect.any(Number) });
    expect(applicationKeys.all).toBeGreaterThan(0);
    // The funnel's search text (migration 0041): its lot, its main candidate, its partner if any.
    const [searchTextsOfApplications] = await query<{ n: number; partners: number }>(
      database,
      `select count(*) filter (where a.search_text is distinct from lower(l.reference || E'\n' || l.title || E'\n'
                || c.first_name || ' ' || c.last_name || E'\n' || c.last_name || ' ' || c.first_name || E'\n' || coalesce(c.email, '') || E'\n'
                || coalesce(p.first_name || ' ' || p.last_name || E'\n' || p.last_name || ' ' || p.first_name, '')))::int as n,
         count(p.id)::int as partners
       from applications a join lots l on l.id = a.lot_id join candidacies k on k.id = a.candidacy1_id join candidates c on c.id = k.candidate_id
         left join candidacies pk on pk.id = a.candidacy2_id left join candidates p on p.id = pk.candidate_id`,
    );
    expect(searchTextsOfApplications.n).toBe(0);
    expect(searchTextsOfApplications.partners).toBeGreaterThan(0);
    const kept = await query(database, 'select promotion_id, agency_key, status::int, n from candidacy_status_counts order by 1, 2, 3');
    const counted = await query(
      database,
      'select promotion_id, coalesce(agency_id, 0) as agency_key, status::int, count(*)::int as n from candidacies group by 1, 2, 3 order by 1, 2, 3',
    );
    expect(kept).toEqual(counted);
    expect(await query(database, ROW_COUNTS.kept)).toEqual(await query(database, ROW_COUNTS.counted));
    expect(await query(database, ROW_COUNTS.keptOfApplications)).toEqual(await query(database, ROW_COUNTS.countedOfApplications));
    const [unversioned] = await query<{ n: number }>(
      database,
      'select count(*)::int as n from promotions p where not exists (select 1 from data_versions v where v.scope = p.id and v.version > 0)',
    );
    expect(unversioned.n).toBe(0);
    const [untabled] = await query<{ n: number }>(
      database,
      `select count(*)::int as n from promotions p where not exists
         (select 1 from data_table_versions v where v.scope = p.id and v.table_name = 'lots' and v.version > 0)`,
    );
    expect(untabled.n).toBe(0);
  });
});
