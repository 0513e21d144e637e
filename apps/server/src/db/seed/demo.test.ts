// Over 400 lines: the demo's invariants at scale 1 and 2, with and without a storage, on one seeded database.
import { randomUUID } from 'node:crypto';
import { DEMO_SINGLE_PROMOTION_ACCOUNTS, swissWallTime, taskTimeStatus } from '@promovente/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserPayload } from '../../modules/users/users.queries.js';
import { verifyPassword } from '../../platform/passwords.js';
import type { Storage } from '../../platform/storage.js';
import { expectProcessInvariants, query } from '../../test/seed-invariants.js';
import { type Database, openPglite } from '../client.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

const fresh = async (options: Parameters<typeof seedDemo>[1]) => {
  const database = await openPglite(undefined);
  await database.migrate();
  await seedDemo(database.db, options);
  return database;
};

describe('seedDemo at scale 1', () => {
  let database: Database;
  let users: Record<
    string,
    {
      id: number;
      type: string;
      admin: boolean;
      number_connections: number;
      password_hash: string;
      restricted_access: number;
    }
  >;

  beforeAll(async () => {
    database = await fresh({ scale: 1 });
    const list = await query<(typeof users)[string] & { email: string }>(database, 'select * from users');
    users = Object.fromEntries(list.map((u) => [u.email, u]));
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the process invariants', async () => {
    await expectProcessInvariants(database);
  });

  it('seeds the two promotions, their agencies and lots', async () => {
    const promotions = await query<{
      id: number;
      title: string;
      multi_agency: boolean;
      reservation_timeout: number | null;
      crm_updated_at: Date | null;
      url: string;
      broker_id: number;
    }>(database, 'select * from promotions order by id');
    expect(promotions.map((p) => p.title)).toEqual(['Les Terrasses du Lac', 'Quartier des Vergers']);
    const [p1, p2] = promotions;
    expect(p1).toMatchObject({
      multi_agency: false,
      crm_updated_at: null,
      url: 'https://terrasses-du-lac.ch',
      broker_id: users['courtier@demo.ch'].id,
    });
    expect(p2).toMatchObject({ multi_agency: true, reservation_timeout: 5 });
    expect(new Date(p2.crm_updated_at as Date).getTime()).toBeLessThan(Date.now());
    expect(await query(database, 'select promotion_id, agency_id from promotion_agency order by 1, 2')).toEqual([
      { promotion_id: p1.id, agency_id: 1 },
      { promotion_id: p2.id, agency_id: 1 },
      { promotion_id: p2.id, agency_id: 2 },
    ]);
    expect(await query(database, 'select id, name from agencies where id <= 2 order by id')).toEqual([
      { id: 1, name: 'Naef Immobilier' },
      { id: 2, name: "Cardis Sotheby's International Realty" },
    ]);

    const counts = await query<{ promotion_id: number; n: number; buildings: number; min_floor: number; attic: number }>(
      database,
      `select l.promotion_id, count(*)::int n, count(distinct l.building_id)::int buildings,
         count(*) filter (where l.floor_id = 1)::int min_floor, count(*) filter (where l.floor_id = 14)::int attic
       from lots l group by 1 order by 1`,
    );
    expect(counts[0].n).toBeGreaterThanOrEqual(38);
    expect(counts[0].n).toBeLessThanOrEqual(45);
    expect(counts[1].n).toBeGreaterThanOrEqual(55);
    expect(counts[1].n).toBeLessThanOrEqual(65);
    for (const c of counts) {
      expect(c.buildings).toBe(2);
      expect(c.attic).toBeGreaterThan(0);
    }
    expect(counts[0].min_floor).toBeGreaterThan(0);

    // Types, rooms, areas, prices.
    const types = await query<{ lot_type_id: number }>(database, `select distinct lot_type_id from lots where promotion_id = ${p1.id}`);
    expect(types.map((t) => t.lot_type_id).sort()).toEqual([1, 2, 3, 5, 6, 7]);
    expect(
      await query(
        database,
        `select id, reference from lots where
           (lot_type_id = 5 and (raw_price not between 650000 and 2400000 or area_hab not between 55 and 200 or area_ppe <= area_hab
             or (nb_rooms * 2) % 2 <> 1))
           or (lot_type_id < 5 and (area_jar + area_bal + area_ter <> 0 or raw_price not between 35000 and 55000))
           or (lot_type_id = 7 and raw_price <> 15000)
           or (lot_type_id = 3 and raw_price <> 55000)
           or (lot_type_id in (5, 6) and exposure not in ('Nord', 'Sud', 'Est', 'Ouest', 'Nord-Est', 'Nord-Ouest', 'Sud-Est', 'Sud-Ouest'))
           or lot_ppe is null or feuillet_ppe is null`,
      ),
    ).toEqual([]);
    const refs = await query<{ reference: string }>(database, `select reference from lots where promotion_id = ${p1.id}`);
    expect(refs.map((r) => r.reference)).toEqual(expect.arrayContaining(['A-101', 'B-ATT-2', 'P-12']));
    const [children] = await query<{ n: number; named: number; included: number; caves: number }>(
      database,
      `select count(*)::int n, count(name_child)::int named, count(*) filter (where price_included)::int included,
         count(*) filter (where lot_type_id = 7)::int caves
       from lots l where parent_id is not null and exists (select 1 from lots p where p.id = l.parent_id and p.lot_type_id in (5, 6) and p.parent_id is null)`,
    );
    expect(children.n).toBeGreaterThan(10);
    expect(children.named).toBe(children.n);
    expect(children.included).toBeGreaterThan(0);
    expect(children.caves).toBeGreaterThan(0);
    const statuses = await query<{ status: number }>(database, 'select distinct status from lots order by 1');
    expect(statuses.map((s) => s.status)).toEqual([0, 1, 2, 3, 4]);
  });

  it('creates the demo accounts with one password and their memberships', async () => {
    expect(Object.keys(users).sort()).toEqual(
      [
        'admin@demo.ch',
        'architecte@demo.ch',
        'banquier@demo.ch',
        'candidat@demo.ch',
        'courtier2@demo.ch',
        'courtier@demo.ch',
        'investisseur-leger@demo.ch',
        'investisseur@demo.ch',
        'notaire@demo.ch',
        'nouveau.candidat@demo.ch',
        'pilote@demo.ch',
        'promoteur@demo.ch',
        ...Object.values(DEMO_SINGLE_PROMOTION_ACCOUNTS),
      ].sort(),
    );
    const hashes = new Set(Object.values(users).map((u) => u.password_hash));
    expect(hashes.size).toBe(1);
    expect(await verifyPassword([...hashes][0], DEMO_PASSWORD)).toBe(true);
    expect(users['admin@demo.ch']).toMatchObject({ type: 'broker', admin: true });
    expect(users['investisseur-leger@demo.ch']).toMatchObject({ type: 'investor', restricted_access: 1 });
    expect(users['candidat@demo.ch'].number_connections).toBe(1);
    expect(users['nouveau.candidat@demo.ch'].number_connections).toBe(0);
    expect(users['courtier@demo.ch'].number_connections).toBeGreaterThan(1);
    const [agency] = await query<{ c1: number; c2: number; a: number }>(
      database,
      `select (select agency_id from users where email = 'courtier@demo.ch') c1, (select agency_id from users where email = 'courtier2@demo.ch') c2,
         (select agency_id from users where email = 'admin@demo.ch') a`,
    );
    expect(agency).toEqual({ c1: 1, c2: 2, a: 1 });
    const [notary] = await query<{ iban: string; bank_name: string; address: string }>(
      database,
      `select * from users where email = 'notaire@demo.ch'`,
    );
    expect(notary.iban).toMatch(/^CH\d\d/);
    expect(notary.bank_name).toBeTruthy();
    expect(notary.address).toBeTruthy();

    const membership = await query<{ email: string; promotions: number[]; mains: boolean[] }>(
      database,
      `select u.email, array_agg(pu.promotion_id order by pu.promotion_id) promotions, array_agg(pu.main order by pu.promotion_id) mains
       from users u join promotion_user pu on pu.user_id = u.id group by u.email`,
    );
    const byEmail = Object.fromEntries(membership.map((m) => [m.email, m]));
    const [p1, p2] = (await query<{ id: number }>(database, 'select id from promotions order by id')).map((p) => p.id);
    const singlePromotion = new Set<string>(Object.values(DEMO_SINGLE_PROMOTION_ACCOUNTS));
    for (const email of Object.keys(users)) {
      const expected = singlePromotion.has(email) ? [p2] : email.includes('candidat') ? [p1] : [p1, p2];
      expect(byEmail[email]?.promotions, email).toEqual(expected);
    }
    expect(byEmail['notaire@demo.ch'].mains).toEqual([true, true]);
    expect(
      await query(
        database,
        `select u.email from promotion_user pu join users u on u.id = pu.user_id where pu.main and u.email <> 'notaire@demo.ch'`,
      ),
    ).toEqual([]);

    // Candidate accounts: linked to their record, candidacies in promotion 1 only, each with an application.
    for (const email of ['candidat@demo.ch', 'nouveau.candidat@demo.ch']) {
      const [link] = await query<{ email: string; promotions: number[]; applications: number }>(
        database,
        `select c.email, array_agg(distinct cy.promotion_id) promotions,
           (select count(*)::int from applications a join candidacies x on x.id = a.candidacy1_id where x.candidate_id = c.id) applications
         from users u join candidates c on c.user_id = u.id join candidacies cy on cy.candidate_id = c.id
         where u.email = '${email}' group by c.id`,
      );
      expect(link).toEqual({ email, promotions: [p1], applications: 1 });
    }
  });

  it('spreads candidacies and applications over every status, priority and agency', async () => {
    const [c] = await query<{ candidates: number; candidacies: number; both: number }>(
      database,
      `select (select count(*)::int from candidates) candidates, (select count(*)::int from candidacies) candidacies,
         (select count(*)::int from (select lower(email) from candidates group by 1 having count(distinct promotion_id) > 1) x) both`,
    );
    // One record per person and promotion (decision 008): a person in both promotions is two records.
    expect(c.candidates).toBe(c.candidacies);
    expect(c.candidates).toBeGreaterThanOrEqual(100);
    expect(c.candidates).toBeLessThanOrEqual(140);
    expect(c.both).toBeGreaterThan(5);

    const distinct = async (text: string) => (await query<{ v: number }>(database, text)).map((r) => Number(r.v));
    expect(await distinct('select distinct status v from candidacies order by 1')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await distinct('select distinct priority v from candidacies order by 1')).toEqual([1, 2, 3, 9]);
    for (const promotion of await distinct('select id v from promotions')) {
      expect(
        await distinct(
          `select distinct status v from applications where promotion_id = ${promotion} and not hidden and closed_at is null order by 1`,
        ),
      ).toEqual([0, 1, 2, 3]);
    }
    expect(await distinct('select distinct priority v from applications order by 1')).toEqual([1, 2, 3, 9]);
    const [flags] = await query<Record<string, number>>(
      database,
      `select count(*) filter (where vip)::int vip, count(*) filter (where crm_validated)::int crm, count(*) filter (where comment is not null)::int comment,
         count(*) filter (where mortgage_amount is not null)::int financed, count(*) filter (where agency_id = 2)::int agency2,
         count(*) filter (where couple)::int couple,
         (select count(*)::int from applications where candidacy2_id is not null) partners,
         (select count(*)::int from applications where negociated_price is not null) negotiated,
         (select count(*)::int from applications where hidden) hidden,
         (select count(*)::int from applications where closed_at is not null) closed,
         (select count(*)::int from applications where status = 0 and reservation_sent_at is not null and first_reservation_at is null) sent_not_filled,
         (select count(*)::int from applications where status = 0 and first_reservation_at is not null and reservation_confirmed_at is null) filled_not_confirmed
       from candidacies`,
    );
    for (const [key, value] of Object.entries(flags)) expect(value, key).toBeGreaterThan(0);
    const emails = await query<{ email: string }>(database, 'select email from candidates');
    for (const { email } of emails) expect(email).toMatch(/^[a-z0-9.-]+@[a-z0-9.-]+\.(ch|com)$/);
    const phones = await query<{ phone: string }>(database, 'select phone from candidates');
    for (const { phone } of phones) expect(phone).toMatch(/^\+41 7\d \d{3} \d{2} \d{2}$/);
  });

  it('gives one priority 1 an expired deadline and one a deadline within 24 hours', async () => {
    const [d] = await query<{ expired: number; soon: number }>(
      database,
      `select count(*) filter (where a.last_priority_change + make_interval(days => p.reservation_timeout) < now())::int expired,
         count(*) filter (where a.last_priority_change + make_interval(days => p.reservation_timeout) between now() and now() + interval '24 hours')::int soon
       from applications a join promotions p on p.id = a.promotion_id
       where p.multi_agency and a.priority = 1 and a.status = 0 and not a.hidden and a.closed_at is null`,
    );
    expect(d).toEqual({ expired: 1, soon: 1 });
  });

  it('seeds tasks late, today, upcoming and done, on every kind of target', async () => {
    const list = await query<{
      end_at: Date;
      done_at: Date | null;
      email: string;
      candidacy_id: number | null;
      lot_id: number | null;
      application_id: number | null;
      type: number;
      kind: string | null;
    }>(database, 'select t.*, u.email from actions t join users u on u.id = t.assigned_to_id');
    const broker = list.filter((t) => t.email === 'courtier@demo.ch');
    const open = broker.filter((t) => !t.done_at);
    const times = new Set(open.map((t) => taskTimeStatus(t.end_at)));
    expect(times.has('late')).toBe(true);
    expect(times.has('next')).toBe(true);
    const localHour = swissWallTime(new Date()).hour;
    if (localHour < 23) expect(new Set(list.filter((t) => !t.done_at).map((t) => taskTimeStatus(t.end_at))).has('today')).toBe(true);
    expect(broker.some((t) => t.done_at)).toBe(true);
    expect(list.some((t) => t.candidacy_id)).toBe(true);
    expect(list.some((t) => t.lot_id)).toBe(true);
    expect(list.some((t) => t.application_id && !t.kind)).toBe(true);
    expect(new Set(list.map((t) => t.type))).toEqual(new Set([0, 1]));
    expect(list.some((t) => t.email === 'notaire@demo.ch' && !t.done_at)).toBe(true);
    const kinds = await query<{ title: string }>(database, 'select distinct title from actions where kind is not null order by 1');
    expect(kinds.map((k) => k.title)).toEqual(
      [
        'Acompte de réservation attendu',
        'Confirmer la réception des fonds de la promesse',
        "Envoyer l'appel de fonds",
        "Envoyer le projet d'acte",
        'Formulaire de réservation en attente du client',
        'Vérifier la solvabilité du client',
        'Vérifier le formulaire de réservation',
      ].sort(),
    );
  });

  it('leaves comments, history, notifications and unread messages', async () => {
    const [n] = await query<Record<string, number>>(
      database,
      `select (select count(*)::int from user_comments) comments,
         (select count(*)::int from action_lots where "column" = 'raw_price') prices,
         (select count(*)::int from action_lots where "column" = 'raw_status') prs,
         (select count(*)::int from logs where title like 'Lot % attribué') attributed,
         (select count(*)::int from notifications n join users u on u.id = n.user_id where u.email = 'courtier@demo.ch' and read_at is null) unread,
         (select count(*)::int from notifications n join users u on u.id = n.user_id where u.email = 'courtier@demo.ch' and read_at is not null) read`,
    );
    for (const [key, value] of Object.entries(n)) expect(value, key).toBeGreaterThan(0);
    for (const email of ['candidat@demo.ch', 'courtier@demo.ch']) {
      const u = users[email];
      const payload = await loadUserPayload(database.db, u);
      expect(payload?.unread_messages_count, email).toBeGreaterThan(0);
    }
  });
});

/** A storage in memory: what the seed stored, by key. */
const memoryStorage = () => {
  const contents = new Map<string, Buffer>();
  const storage: Storage = {
    put: async (content) => {
      const key = randomUUID();
      contents.set(key, content);
      return key;
    },
    get: async (key) => {
      const content = contents.get(key);
      if (!content) throw new Error('missing');
      return content;
    },
    remove: async (key) => void contents.delete(key),
    promotionQuotaBytes: Number.POSITIVE_INFINITY,
  };
  return { storage, contents };
};

describe("seedDemo with a storage (the server's first start): docs/sales-process.md#demo-file-contents-built", () => {
  let database: Database;
  const { storage, contents } = memoryStorage();
  beforeAll(async () => {
    database = await fresh({ scale: 1, storage });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores a real content for every library file, campaign document and report screenshot, of the row size and type', async () => {
    const rows = await query<{ owner: string; name: string; mime: string; size: number; storage_key: string; promotion_id: number }>(
      database,
      `select owner, name, mime, size, storage_key, promotion_id from files
       where owner in ('library', 'campaign', 'marketing_report') order by id`,
    );
    const byOwner = (owner: string) => rows.filter((r) => r.owner === owner);
    expect(byOwner('library')).toHaveLength(20);
    expect(byOwner('campaign')).toHaveLength(6);
    expect(byOwner('marketing_report')).toHaveLength(4);
    const signature = { 'application/pdf': '%PDF-', 'image/png': '\x89PNG', xlsx: 'PK' };
    for (const row of rows) {
      const content = contents.get(row.storage_key);
      expect(content, row.name).toBeDefined();
      expect(content?.length, row.name).toBe(row.size);
      const head = content?.subarray(0, 5).toString('latin1') ?? '';
      if (row.mime === 'application/pdf') expect(head, row.name).toBe(signature['application/pdf']);
      else if (row.mime === 'image/png') expect(head.slice(0, 4), row.name).toBe(signature['image/png']);
      else expect(head.slice(0, 2), row.name).toBe(signature.xlsx);
    }
    const brochure = rows.find((r) => r.name === 'Brochure.pdf' && r.owner === 'library');
    const text = contents.get(brochure?.storage_key ?? '')?.toString('latin1') ?? '';
    expect(text).toMatch(/\/Count [2-9]/);
    expect(text).toContain('Les Terrasses du Lac');
  });

  it('links the documents to their campaigns and each report to its screenshot', async () => {
    const [links] = await query<{ campaign_files: number; reports_with_screenshot: number; reports: number }>(
      database,
      `select (select count(*)::int from campaign_files cf join files f on f.id = cf.file_id and f.owner = 'campaign') campaign_files,
         (select count(*)::int from marketing_reports r join files f on f.id = r.visits_report_file_id and f.owner = 'marketing_report') reports_with_screenshot,
         (select count(*)::int from marketing_reports) reports`,
    );
    expect(links).toEqual({ campaign_files: 6, reports_with_screenshot: 4, reports: 4 });
  });

  it("stores the demo video (docs/product/progress.md): an MP4 in each promotion's progress albums", async () => {
    const videos = await query<{ name: string; mime: string; size: number; storage_key: string }>(
      database,
      `select f.name, f.mime, f.size, f.storage_key from photos p join files f on f.id = p.file_id where p.is_video order by p.id`,
    );
    expect(videos).toHaveLength(2);
    for (const video of videos) {
      const content = contents.get(video.storage_key);
      expect(video.mime).toBe('video/mp4');
      expect(content?.length).toBe(video.size);
      expect(content?.subarray(4, 8).toString('latin1')).toBe('ftyp');
    }
  });
});

describe('seedDemo without a storage (the test databases)', () => {
  it('writes the library rows without content and no campaign document nor screenshot', async () => {
    const database = await fresh({ scale: 1 });
    try {
      const counts = await query<{ owner: string; n: number }>(
        database,
        `select owner, count(*)::int n from files where owner in ('library', 'campaign', 'marketing_report') group by owner`,
      );
      expect(counts).toEqual([{ owner: 'library', n: 20 }]);
      const [reports] = await query<{ n: number }>(
        database,
        'select count(*)::int n from marketing_reports where visits_report_file_id is not null',
      );
      expect(reports.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe('seedDemo at scale 2', () => {
  const now = new Date('2026-03-16T09:30:00Z');
  let a: Database;
  let b: Database;

  beforeAll(async () => {
    a = await fresh({ scale: 2, candidaciesPerPromotion: 120, now });
    b = await fresh({ scale: 2, candidaciesPerPromotion: 120, now });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('copies each promotion with the same shape and keeps the invariants', async () => {
    const titles = await query<{ title: string }>(a, 'select title from promotions order by id');
    expect(titles.map((t) => t.title)).toEqual([
      'Les Terrasses du Lac',
      'Quartier des Vergers',
      'Les Terrasses du Lac #2',
      'Quartier des Vergers #2',
    ]);
    const [c] = await query<{ candidacies: number; users: number; members: number }>(
      a,
      `select (select count(*)::int from candidacies) candidacies, (select count(*)::int from users) users,
         (select count(*)::int from promotion_user pu join users u on u.id = pu.user_id where u.email = 'courtier@demo.ch') members`,
    );
    expect(c).toEqual({ candidacies: 4 * 120 + 3, users: 15, members: 4 });
    await expectProcessInvariants(a);
  });

  it('is deterministic', async () => {
    const fingerprint = async (database: Database) =>
      query(
        database,
        `select md5(string_agg(x, '|' order by x)) f from (
           select concat_ws(',', id, reference, raw_price, status, raw_status, area_hab, parent_id) x from lots
           union all select concat_ws(',', id, email, first_name, last_name, birthday, created_at) from candidates
           union all select concat_ws(',', id, candidate_id, status, priority, broker_id, agency_id, vip, crm_validated) from candidacies
           union all select concat_ws(',', id, lot_id, candidacy1_id, candidacy2_id, status, priority, last_priority_change, status_fr, hidden, closed_at) from applications
           union all select concat_ws(',', id, title, end_at, done_at, assigned_to_id) from actions
           union all select concat_ws(',', id, title, created_at) from logs) t`,
      );
    expect(await fingerprint(a)).toEqual(await fingerprint(b));
  });
});
