import { describe, expect, it } from 'vitest';
import { databaseBefore } from '../test/migrations-folder.js';

/** Two promotions (the second to be archived by the test), a building and a lot in each. */
const TWO_PROMOTIONS_WITH_LOTS = `
      insert into promotions (id, title) values (1, 'Les Terrasses'), (2, 'Les Vergers');
      insert into buildings (id, promotion_id, title, city) values (10, 1, 'Bâtiment A', 'Rolle'), (20, 2, 'Bâtiment Sud', 'Nyon');
      insert into lots (id, promotion_id, building_id, lot_type_id, floor_id, reference)
        values (100, 1, 10, 5, 1, 'A-101'), (200, 2, 20, 5, 3, 'S-301');`;

/** On TWO_PROMOTIONS_WITH_LOTS: a candidate, his candidacy and an application on the lot, in each promotion. */
const AN_APPLICATION_IN_EACH = `
      insert into candidates (id, promotion_id, first_name, last_name, email)
        values (10, 1, 'Anne', 'Meylan', 'anne@exemple.ch'), (11, 2, 'Éric', 'Zürcher', 'eric@exemple.ch');
      insert into candidacies (id, promotion_id, candidate_id) values (1000, 1, 10), (1001, 2, 11);
      insert into applications (id, promotion_id, lot_id, candidacy1_id) values (5000, 1, 100, 1000), (5001, 2, 200, 1001);`;

/**
 * Before the migration under test (databaseBefore): TWO_PROMOTIONS_WITH_LOTS, AN_APPLICATION_IN_EACH,
 * the second promotion archived, and `more`, what else that time wrote; then that migration and
 * every later one.
 */
const applicationsThenMigrated = async (database: ReturnType<typeof databaseBefore>, more = '') => {
  await database.migrateUpTo();
  await database.client.exec(`
      ${TWO_PROMOTIONS_WITH_LOTS}
      ${AN_APPLICATION_IN_EACH}
      update promotions set archived_at = now() where id = 2;
      ${more}
    `);
  await database.migrateRest();
};

describe('migration 0002: candidate records per promotion (docs/decisions/008-candidates-per-promotion.md)', () => {
  const { client, migrateUpTo, migrateRest } = databaseBefore('0001_reference_data');

  it('splits a person shared by two promotions into one record each, keeps his account on both, and drops unreachable records', async () => {
    await migrateUpTo();

    await client.exec(`
      insert into promotions (id, title) values (1, 'Les Terrasses'), (2, 'Les Vergers');
      insert into candidates (id, promotion_id, first_name, last_name, email, phone, household_income, avs)
        values (10, 1, 'Anne', 'Meylan', 'anne@exemple.ch', '+41 79 111 22 33', 210000, '756.1234.5678.97'),
               (11, null, 'Orphelin', 'Sans', 'orphelin@exemple.ch', null, null, null),
               (12, 2, 'Marc', 'Vaud', 'marc@exemple.ch', null, null, null),
               (13, 2, 'Léa', 'Seule', 'lea@exemple.ch', null, null, null);
      select setval(pg_get_serial_sequence('candidates', 'id'), 13);
      insert into candidacies (id, promotion_id, candidate_id, status) values
        (100, 1, 10, 3), (101, 2, 10, 0), (102, 1, 12, 1);
      insert into users (id, type, email, candidate_id) values (500, 'candidate', 'anne@exemple.ch', 10);
    `);

    await migrateRest();

    const { rows } = await client.query<{
      id: number;
      promotion_id: number;
      email: string;
      phone: string | null;
      household_income: number | null;
      avs: string | null;
      user_id: number | null;
    }>('select id, promotion_id, email, phone, household_income, avs, user_id from candidates order by id');
    const anne = rows.filter((r) => r.email === 'anne@exemple.ch');
    expect(anne.map((r) => r.promotion_id)).toEqual([1, 2]);
    expect(anne[0].id).toBe(10);
    expect(anne[1].id).toBeGreaterThan(13);
    // Each record keeps what its promotion had, and the one account is linked to both.
    for (const record of anne) {
      expect(record).toMatchObject({ phone: '+41 79 111 22 33', household_income: 210000, avs: '756.1234.5678.97', user_id: 500 });
    }
    // The record of a candidacy elsewhere only moves to that promotion; an unreachable one is gone.
    expect(rows.find((r) => r.email === 'marc@exemple.ch')?.promotion_id).toBe(1);
    expect(rows.find((r) => r.email === 'orphelin@exemple.ch')).toBeUndefined();
    expect(rows.find((r) => r.email === 'lea@exemple.ch')?.promotion_id).toBe(2);

    const candidacies = await client.query<{ id: number; candidate_id: number; promotion_id: number }>(
      'select k.id, k.candidate_id, c.promotion_id from candidacies k join candidates c on c.id = k.candidate_id order by k.id',
    );
    expect(candidacies.rows).toEqual([
      { id: 100, candidate_id: 10, promotion_id: 1 },
      { id: 101, candidate_id: anne[1].id, promotion_id: 2 },
      { id: 102, candidate_id: 12, promotion_id: 1 },
    ]);

    // From now on the database itself refuses a candidacy whose person is another promotion's.
    await expect(client.query('insert into candidacies (promotion_id, candidate_id) values (2, 12)')).rejects.toThrow();
    await expect(
      client.query(`insert into candidates (promotion_id, first_name, last_name, email) values (1, 'A', 'B', 'ANNE@exemple.ch')`),
    ).rejects.toThrow();
    const columns = await client.query(
      `select 1 from information_schema.columns where table_name = 'users' and column_name = 'candidate_id'`,
    );
    expect(columns.rows).toEqual([]);
  });
});

describe('migration 0020: the sort keys of the candidates screen (issue 20)', () => {
  const { client, migrateUpTo, migrateRest } = databaseBefore('0019_candidate_name_sort');

  it('sets the keys of the candidacies already there, an archived promotion’s included', async () => {
    await migrateUpTo();
    await client.exec(`
      insert into agencies (id, name) values (1, 'Agence du Léman');
      insert into promotions (id, title) values (1, 'Les Terrasses'), (2, 'Les Vergers');
      insert into users (id, type, email, first_name, last_name) values (500, 'broker', 'eva@exemple.ch', 'Éva', 'Zürcher');
      insert into candidates (id, promotion_id, first_name, last_name, email, budget)
        values (10, 1, 'Anne', 'Meylan', 'anne@exemple.ch', 800000), (11, 2, 'Marc', 'Vaud', 'marc@exemple.ch', null);
      insert into candidacies (id, promotion_id, candidate_id, broker_id, agency_id, budget)
        values (100, 1, 10, 500, 1, null), (101, 2, 11, null, null, 650000);
      update promotions set archived_at = now() where id = 2;
    `);
    await migrateRest();
    const { rows } = await client.query(
      'select id, sort_broker_last, sort_broker_first, sort_agency, sort_budget from candidacies order by id',
    );
    expect(rows).toEqual([
      { id: 100, sort_broker_last: 'zürcher', sort_broker_first: 'éva', sort_agency: 'Agence du Léman', sort_budget: 800000 },
      { id: 101, sort_broker_last: null, sort_broker_first: null, sort_agency: null, sort_budget: 650000 },
    ]);
    // The archived promotion's guard is back.
    await expect(client.query('update candidacies set budget = 1 where id = 101')).rejects.toThrow(/archived/);
  });
});

describe('migration 0032: the sort keys of the lots screen (issue 20)', () => {
  const { client, migrateUpTo, migrateRest } = databaseBefore('0031_password_resets_versioned');

  it('sets the keys of the lots already there, an archived promotion’s included', async () => {
    await migrateUpTo();
    await client.exec(`
      ${TWO_PROMOTIONS_WITH_LOTS}
      update promotions set archived_at = now() where id = 2;
    `);
    await migrateRest();
    const { rows } = await client.query(
      'select l.id, l.sort_building, l.sort_floor = f.sort_order as floor_ok from lots l join floors f on f.id = l.floor_id order by l.id',
    );
    expect(rows).toEqual([
      { id: 100, sort_building: 'Bâtiment A', floor_ok: true },
      { id: 200, sort_building: 'Bâtiment Sud', floor_ok: true },
    ]);
    // The archived promotion's guard is back.
    await expect(client.query(`update lots set reference = 'S-302' where id = 200`)).rejects.toThrow(/archived/);
  });
});

describe('migration 0034: the sort keys of the funnel, and the keys kept whatever the session (issue 20)', () => {
  const database = databaseBefore('0033_open_tasks_by_target');
  const { client } = database;

  it('sets the keys of the applications already there, an archived promotion’s included, and the lots a replica session left without theirs', async () => {
    await applicationsThenMigrated(
      database,
      `-- As the scale seed loads its rows before 0034: as a replica, the lots' key triggers of 0032 did not fire.
      set session_replication_role = replica;
      update lots set sort_building = '', sort_floor = 0;
      set session_replication_role = origin;`,
    );
    const { rows } = await client.query('select id, sort_lot, sort_candidate from applications order by id');
    expect(rows).toEqual([
      { id: 5000, sort_lot: 'A-101', sort_candidate: 'anne meylan' },
      { id: 5001, sort_lot: 'S-301', sort_candidate: 'éric zürcher' },
    ]);
    const lots = await client.query(
      'select l.id, l.sort_building, l.sort_floor = f.sort_order as floor_ok from lots l join floors f on f.id = l.floor_id order by l.id',
    );
    expect(lots.rows).toEqual([
      { id: 100, sort_building: 'Bâtiment A', floor_ok: true },
      { id: 200, sort_building: 'Bâtiment Sud', floor_ok: true },
    ]);
    // The archived promotion's guards are back.
    await expect(client.query('update applications set priority = 2 where id = 5001')).rejects.toThrow(/archived/);
    await expect(client.query(`update lots set reference = 'S-302' where id = 200`)).rejects.toThrow(/archived/);
    // And a replica session's rows now get their keys.
    await client.exec(`
      set session_replication_role = replica;
      insert into lots (id, promotion_id, building_id, lot_type_id, floor_id, reference) values (101, 1, 10, 5, 1, 'A-102');
      insert into applications (id, promotion_id, lot_id, candidacy1_id) values (5002, 1, 101, 1000);
      set session_replication_role = origin;
    `);
    const added = await client.query(
      'select l.sort_building, a.sort_lot, a.sort_candidate from applications a join lots l on l.id = a.lot_id where a.id = 5002',
    );
    expect(added.rows).toEqual([{ sort_building: 'Bâtiment A', sort_lot: 'A-102', sort_candidate: 'anne meylan' }]);
  });
});

describe('migration 0035: the building key of the funnel (issue 20)', () => {
  const database = databaseBefore('0034_application_sort_keys');
  const { client } = database;

  it('sets the key of the applications already there, an archived promotion’s included, and follows the lots from then on', async () => {
    await applicationsThenMigrated(database);
    const { rows } = await client.query('select id, sort_building from applications order by id');
    expect(rows).toEqual([
      { id: 5000, sort_building: 'bâtiment a' },
      { id: 5001, sort_building: 'bâtiment sud' },
    ]);
    await expect(client.query('update applications set priority = 2 where id = 5001')).rejects.toThrow(/archived/);
    await client.exec(`update buildings set title = 'Bâtiment Nord' where id = 10; update lots set reference = 'A-102' where id = 100;`);
    const followed = await client.query('select sort_lot, sort_building from applications where id = 5000');
    expect(followed.rows).toEqual([{ sort_lot: 'A-102', sort_building: 'bâtiment nord' }]);
  });
});

describe('migration 0039: the floor key of the funnel (issue 20)', () => {
  const database = databaseBefore('0038_notifications_versioned');
  const { client } = database;

  it('sets the key of the applications already there, an archived promotion’s included, and follows the lots from then on', async () => {
    await applicationsThenMigrated(database);
    // Floor 1 ('Rez-de-jardin') is shown first (0), floor 3 ('Rez supérieur') third (2): migration 0001.
    const { rows } = await client.query('select id, sort_floor from applications order by id');
    expect(rows).toEqual([
      { id: 5000, sort_floor: 0 },
      { id: 5001, sort_floor: 2 },
    ]);
    await expect(client.query('update applications set priority = 2 where id = 5001')).rejects.toThrow(/archived/);
    await client.exec('update floors set sort_order = 777 where id = (select floor_id from lots where id = 100);');
    const followed = await client.query('select sort_floor from applications where id = 5000');
    expect(followed.rows).toEqual([{ sort_floor: 777 }]);
  });
});

describe('migration 0040: the candidacies’ copy of their candidate’s search text, and its trigram index (issue 20)', () => {
  const database = databaseBefore('0039_application_floor_key');
  const { client } = database;

  it('copies the text of the candidacies already there, an archived promotion’s included, and follows the candidates from then on', async () => {
    await applicationsThenMigrated(database);
    const { rows } = await client.query('select id, search_text from candidacies order by id');
    expect(rows).toEqual([
      { id: 1000, search_text: 'anne meylan\nmeylan anne\nanne@exemple.ch\n\n\n' },
      { id: 1001, search_text: 'éric zürcher\nzürcher éric\neric@exemple.ch\n\n\n' },
    ]);
    await expect(client.query('update candidacies set priority = 2 where id = 1001')).rejects.toThrow(/archived/);
    await client.exec(`update candidates set last_name = 'Pittet' where id = 10;`);
    const followed = await client.query('select search_text from candidacies where id = 1000');
    expect(followed.rows).toEqual([{ search_text: 'anne pittet\npittet anne\nanne@exemple.ch\n\n\n' }]);
    // The embedded database loads pg_trgm: the index answers a contains-match.
    await client.exec('set enable_seqscan = off');
    const found = await client.query(`select id from candidacies where search_text like '%pittet%'`);
    expect(found.rows).toEqual([{ id: 1000 }]);
  });
});

describe('migration 0041: the funnel’s search text kept on the application (issue 20)', () => {
  const database = databaseBefore('0040_candidacy_search_text');
  const { client } = database;

  it('makes the text of the applications already there, an archived promotion’s included, and follows their lots and candidates from then on', async () => {
    await applicationsThenMigrated(database);
    const { rows } = await client.query('select id, search_text from applications order by id');
    // The lot's reference and title (empty), the main candidate's names both ways and e-mail, no partner.
    expect(rows).toEqual([
      { id: 5000, search_text: 'a-101\n\nanne meylan\nmeylan anne\nanne@exemple.ch\n' },
      { id: 5001, search_text: 's-301\n\néric zürcher\nzürcher éric\neric@exemple.ch\n' },
    ]);
    await expect(client.query('update applications set priority = 2 where id = 5001')).rejects.toThrow(/archived/);
    await client.exec(`update lots set title = 'Attique' where id = 100; update candidates set first_name = 'Lise' where id = 10;`);
    const followed = await client.query('select search_text from applications where id = 5000');
    expect(followed.rows).toEqual([{ search_text: 'a-101\nattique\nlise meylan\nmeylan lise\nanne@exemple.ch\n' }]);
  });
});

describe('migration 0042: the candidate’s names kept on the candidacy for the sort by name (issue 20)', () => {
  const database = databaseBefore('0041_application_search_text');
  const { client } = database;

  it('sets the names of the candidacies already there, an archived promotion’s included, and follows the candidates from then on', async () => {
    await applicationsThenMigrated(database);
    const { rows } = await client.query('select id, sort_last, sort_first from candidacies order by id');
    expect(rows).toEqual([
      { id: 1000, sort_last: 'meylan', sort_first: 'anne' },
      { id: 1001, sort_last: 'zürcher', sort_first: 'éric' },
    ]);
    await expect(client.query('update candidacies set priority = 2 where id = 1001')).rejects.toThrow(/archived/);
    await client.exec(`update candidates set last_name = 'Pittet' where id = 10;`);
    const followed = await client.query('select sort_last, search_text from candidacies where id = 1000');
    expect(followed.rows).toEqual([{ sort_last: 'pittet', search_text: 'anne pittet\npittet anne\nanne@exemple.ch\n\n\n' }]);
  });
});
