// Over 400 lines: the library's suites (who sees, explorer, writes, data-room log) share one promotion world and its helpers.
import { LIBRARY_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileFolders, files, libraryAccesses, logs } from '../../db/schema/index.js';
import { bearer, createUser, PASSWORD } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';
import { isLiveFormula, loadWorkbook, readXlsx } from '../../test/xlsx-reader.js';
import { candidateAccount, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const PDF = (text = 'plans') => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(text), Buffer.alloc(32, 0x20)]);
type Headers = Record<string, string>;
type Flags = Partial<Record<'access_candidate' | 'access_promoter' | 'access_notary' | 'access_investor', '0' | '1'>>;

/** The sales desk of the candidacies' tests, with a pilot, an investor, a demo broker and candidates of each status. */
const library = async () => {
  const db = ctx.database.db;
  const desk = await salesDesk(ctx.app, db);
  const member = { promotionIds: [desk.promotion.id] };
  const pilot = await createUser(db, 'pilot', member);
  const investor = await createUser(db, 'investor', member);
  const demoBroker = await createUser(db, 'broker', { ...member, isDemo: true });
  const otherPilot = await createUser(db, 'pilot', { promotionIds: [desk.other.id] });
  const candidateOf = async (status: number) => {
    const { candidate, candidacy } = await createCandidacyRow(db, desk.promotion.id, { status });
    const user = await candidateAccount(db, desk.promotion.id, candidate);
    return { user, candidacy };
  };
  const client = await candidateOf(3);
  const prospect = await candidateOf(0);
  const notRetained = await candidateOf(1);
  const headers = {
    broker: await desk.token(desk.broker),
    promoter: await desk.token(desk.promoter),
    notary: await desk.token(desk.notary),
    banker: await desk.token(desk.banker),
    architect: await desk.token(desk.architect),
    pilot: await desk.token(pilot),
    investor: await desk.token(investor),
    demo: await desk.token(demoBroker),
    outsider: await desk.token(desk.outsider),
    otherPilot: await desk.token(otherPilot),
    client: await desk.token(client.user),
    prospect: await desk.token(prospect.user),
    notRetained: await desk.token(notRetained.user),
  };
  return { desk, pilot, client, prospect, headers };
};

const send = (
  method: 'POST',
  url: string,
  headers: Headers,
  fields: [string, string][],
  file?: { name: string; content: Buffer; type?: string },
) => {
  const body = multipartBody(
    fields,
    file ? [{ field: 'file', filename: file.name, type: file.type ?? 'application/pdf', content: file.content }] : [],
  );
  return ctx.app.inject({ method, url, headers: { ...headers, ...body.headers }, payload: body.payload });
};

const addFile = async (
  headers: Headers,
  promotionId: number,
  values: { name: string; type?: number; folder_name?: string; folder_id?: number; min?: string } & Flags,
) => {
  const { name, type = 1, folder_name, folder_id, min, ...flags } = values;
  const fields: [string, string][] = [
    ['name', name],
    ['type_id', String(type)],
    ...Object.entries(flags).map(([k, v]) => [k, v] as [string, string]),
  ];
  if (folder_name) fields.push(['folder_name', folder_name]);
  if (folder_id) fields.push(['folder_id', String(folder_id)]);
  if (min !== undefined) fields.push(['candidate_min_status', min]);
  const response = await send('POST', `/api/promotions/${promotionId}/files`, headers, fields, {
    name: 'original.pdf',
    content: PDF(name),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; uuid: string; name: string; folder: { id: number; name: string } | null };
};

const namesSeen = async (headers: Headers, promotionId: number, query = '') => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/files?promotion=${promotionId}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    folders: { id: number; name: string; files_count: number }[];
    files: { data: { name: string; access: unknown }[]; total: number };
    own: { name: string }[] | null;
    can_manage: boolean;
    can_upload: boolean;
    can_read_log: boolean;
  };
};
const fileNames = async (headers: Headers, promotionId: number, query = '') =>
  (await namesSeen(headers, promotionId, query)).files.data.map((f) => f.name).sort();
const urlStatus = async (headers: Headers, uuid: string, query = '') =>
  (await ctx.app.inject({ method: 'GET', url: `/api/file-url/${uuid}${query}`, headers })).statusCode;

describe('docs/product/documents.md#rules: the list and the file link apply the library reader rule', () => {
  // The rule itself is tested once in shared (permissions.test.ts, library reader) and its SQL
  // against it in library.reader.test.ts; here, that both endpoints ask it for the signed-in reader.
  it("lists and opens the files of the reader: by role, by flag, by a candidate's status; 404 elsewhere", async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const staffOnly = await addFile(headers.broker, p, { name: 'Budget interne.pdf' });
    const forPromoter = await addFile(headers.broker, p, { name: 'Rapport promoteur.pdf', access_promoter: '1' });
    const forClients = await addFile(headers.broker, p, { name: 'Plans des étages.pdf', access_candidate: '1', min: '3' });
    const forBuyers = await addFile(headers.broker, p, { name: 'Acte de vente.pdf', access_candidate: '1', min: '5' });
    const every = [staffOnly, forPromoter, forClients, forBuyers];
    const expected: [keyof typeof headers, string[]][] = [
      ['pilot', ['Acte de vente.pdf', 'Budget interne.pdf', 'Plans des étages.pdf', 'Rapport promoteur.pdf']],
      ['promoter', ['Rapport promoteur.pdf']],
      ['banker', []],
      ['client', ['Plans des étages.pdf']],
      // 'Non retenu' counts as a prospect.
      ['notRetained', []],
    ];
    for (const [role, names] of expected) {
      expect(await fileNames(headers[role], p), role).toEqual(names);
      for (const file of every) {
        expect(await urlStatus(headers[role], file.uuid), `${role} ${file.name}`).toBe(names.includes(file.name) ? 200 : 404);
      }
    }
    // Another promotion's member sees nothing of it: 404 on the list and on the file.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files?promotion=${p}`, headers: headers.outsider })).statusCode).toBe(404);
    expect(await urlStatus(headers.otherPilot, staffOnly.uuid)).toBe(404);
  });

  it("lists the candidate's own documents ('Mes documents') first, and only his", async () => {
    const { desk, client, prospect, headers } = await library();
    const db = ctx.database.db;
    const stored = (candidacyId: number, name: string) => ({
      promotionId: desk.promotion.id,
      name,
      mime: 'application/pdf',
      size: 10,
      storageKey: '00000000-0000-4000-8000-000000000001',
      owner: 'candidacy',
      candidacyId,
    });
    await db.insert(files).values([stored(client.candidacy.id, 'Fiche de salaire.pdf'), stored(prospect.candidacy.id, 'Autre.pdf')]);
    const page = await namesSeen(headers.client, desk.promotion.id);
    expect(page.own?.map((f) => f.name)).toEqual(['Fiche de salaire.pdf']);
    expect(page).toMatchObject({ can_manage: false, can_upload: false, can_read_log: false });
    expect((await namesSeen(headers.broker, desk.promotion.id)).own).toBeNull();
  });
});

describe('docs/product/documents.md#library: the explorer (search, types, folders with counts, files without folder)', () => {
  it('counts the documents of each folder, lists the root files, filters by search and type', async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const first = await addFile(headers.broker, p, { name: 'Plans du rez.pdf', type: 1, folder_name: 'Plans', access_promoter: '1' });
    await addFile(headers.broker, p, { name: 'Plans des étages.pdf', type: 1, folder_name: 'plans' });
    await addFile(headers.broker, p, { name: 'Brochure.pdf', type: 3, access_promoter: '1' });
    expect(first.folder?.name).toBe('Plans');

    const root = await namesSeen(headers.broker, p);
    expect(root.folders).toEqual([{ id: first.folder?.id, name: 'Plans', files_count: 2 }]);
    expect(root.files.data.map((f) => f.name)).toEqual(['Brochure.pdf']);
    expect(root.files.data[0].access).toMatchObject({ access_promoter: true, access_candidate: false });
    // The promoter's count is of what he sees; he is not shown the flags.
    const promoter = await namesSeen(headers.promoter, p);
    expect(promoter.folders).toEqual([{ id: first.folder?.id, name: 'Plans', files_count: 1 }]);
    expect(promoter.files.data[0].access).toBeNull();

    expect(await fileNames(headers.broker, p, `&folder=${first.folder?.id}`)).toEqual(['Plans des étages.pdf', 'Plans du rez.pdf']);
    expect(await fileNames(headers.broker, p, `&folder=${first.folder?.id}&search=ÉTAGES`)).toEqual(['Plans des étages.pdf']);
    expect((await namesSeen(headers.broker, p, '&types=3')).folders).toEqual([]);
    expect(await fileNames(headers.broker, p, '&types=1,2')).toEqual([]);
    expect(await fileNames(headers.broker, p, '&types=3')).toEqual(['Brochure.pdf']);
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/files?promotion=${p}&types=x`, headers: headers.broker });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Type de document invalide');
    // Another promotion's folder: 404.
    const [foreign] = await ctx.database.db.insert(fileFolders).values({ promotionId: desk.other.id, name: 'Secret' }).returning();
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/files?promotion=${p}&folder=${foreign.id}`, headers: headers.broker })).statusCode,
    ).toBe(404);
  });

  it('answers the document types (3 is the brochure) and the folder picker to the people who manage', async () => {
    const { desk, headers } = await library();
    const types = await ctx.app.inject({ method: 'GET', url: '/api/files_types', headers: headers.client });
    expect(types.json().data).toContainEqual({ id: 3, name: 'Brochure' });
    await addFile(headers.architect, desk.promotion.id, { name: 'Coupe.pdf', folder_name: 'Plans' });
    const folders = await ctx.app.inject({
      method: 'GET',
      url: `/api/files_folders?promotion=${desk.promotion.id}`,
      headers: headers.pilot,
    });
    expect(folders.json().data.map((f: { name: string }) => f.name)).toEqual(['Plans']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/files_folders', headers: headers.notary })).statusCode).toBe(403);
  });
});

describe('docs/product/documents.md#who-may-do-what: add, edit and delete (architects, brokers and pilots)', () => {
  it('requires the name, the type and, on creation, the file, in French', async () => {
    const { desk, headers } = await library();
    const url = `/api/promotions/${desk.promotion.id}/files`;
    const pdf = { name: 'a.pdf', content: PDF() };
    const cases: [[string, string][], typeof pdf | undefined, number, string][] = [
      [[['type_id', '1']], pdf, 400, LIBRARY_MESSAGES.nameRequired],
      [
        [
          ['name', '  '],
          ['type_id', '1'],
        ],
        pdf,
        400,
        LIBRARY_MESSAGES.nameRequired,
      ],
      [[['name', 'Plans']], pdf, 400, LIBRARY_MESSAGES.typeRequired],
      [
        [
          ['name', 'Plans'],
          ['type_id', '99'],
        ],
        pdf,
        400,
        LIBRARY_MESSAGES.typeUnknown,
      ],
      [
        [
          ['name', 'Plans'],
          ['type_id', '1'],
        ],
        undefined,
        400,
        LIBRARY_MESSAGES.fileRequired,
      ],
      [
        [
          ['name', 'Plans'],
          ['type_id', '1'],
          ['candidate_min_status', '2'],
        ],
        pdf,
        400,
        LIBRARY_MESSAGES.invalidMinStatus,
      ],
      [
        [
          ['name', 'Plans'],
          ['type_id', '1'],
          ['access_candidate', 'oui'],
        ],
        pdf,
        400,
        LIBRARY_MESSAGES.invalidFlag,
      ],
    ];
    for (const [fields, file, status, message] of cases) {
      const response = await send('POST', url, headers.broker, fields, file);
      expect(response.statusCode, JSON.stringify(fields)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const html = await send(
      'POST',
      url,
      headers.broker,
      [
        ['name', 'Page'],
        ['type_id', '1'],
      ],
      {
        name: 'page.pdf',
        content: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    );
    expect(html.statusCode).toBe(422);
    expect(await ctx.database.db.select().from(files)).toEqual([]);
  });

  it('lets architects, brokers and pilots add; refuses the other roles and demo users', async () => {
    const { desk, headers } = await library();
    const url = `/api/promotions/${desk.promotion.id}/files`;
    const fields: [string, string][] = [
      ['name', 'Plans'],
      ['type_id', '1'],
    ];
    for (const role of ['architect', 'broker', 'pilot'] as const) {
      const response = await send('POST', url, headers[role], fields, { name: 'plans.pdf', content: PDF() });
      expect(response.statusCode, role).toBe(200);
      expect(response.json()).toMatchObject({ message: 'Fichier ajouté', data: { name: 'Plans.pdf' } });
    }
    for (const role of ['promoter', 'notary', 'banker', 'investor', 'client'] as const) {
      expect((await send('POST', url, headers[role], fields, { name: 'plans.pdf', content: PDF() })).statusCode, role).toBe(403);
    }
    const demo = await send('POST', url, headers.demo, fields, { name: 'plans.pdf', content: PDF() });
    expect(demo.statusCode).toBe(403);
    expect(demo.json().message).toBe(LIBRARY_MESSAGES.demoUpload);
    expect((await send('POST', url, headers.outsider, fields, { name: 'plans.pdf', content: PDF() })).statusCode).toBe(404);
    const history = await ctx.database.db.select().from(logs).where(eq(logs.promotionId, desk.promotion.id));
    expect(history.map((l) => l.title)).toContain('Document ajouté à la bibliothèque : Plans.pdf');
  });

  it('refuses a file from a broker signed in from the demo page, and takes it from his ordinary session', async () => {
    const { desk, headers } = await library();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: desk.broker.email, password: PASSWORD, demo: true },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.is_demo).toBe(true);
    const demoSession = bearer(login.json().token);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: demoSession })).json().data.is_demo).toBe(true);
    const url = `/api/promotions/${desk.promotion.id}/files`;
    const page = await ctx.app.inject({ method: 'GET', url: `/api/files?promotion=${desk.promotion.id}`, headers: demoSession });
    expect(page.json().data).toMatchObject({ can_manage: true, can_upload: false });
    const fields: [string, string][] = [
      ['name', 'Plans'],
      ['type_id', '1'],
    ];
    const refused = await send('POST', url, demoSession, fields, { name: 'plans.pdf', content: PDF() });
    expect([refused.statusCode, refused.json().message]).toEqual([403, LIBRARY_MESSAGES.demoUpload]);
    expect(await ctx.database.db.select().from(files)).toEqual([]);
    // The same account outside demo mode adds files as any broker.
    expect((await send('POST', url, headers.broker, fields, { name: 'plans.pdf', content: PDF() })).statusCode).toBe(200);
  });

  it('edits name, type, folder and access, keeps the file when none is sent, replaces it when one is', async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const file = await addFile(headers.broker, p, { name: 'Plans', folder_name: 'Anciens plans' });
    const url = `/api/promotions/${p}/files/${file.id}`;
    const kept = await send('POST', url, headers.pilot, [
      ['name', 'Plans définitifs'],
      ['type_id', '2'],
      ['access_candidate', '1'],
      ['candidate_min_status', '4'],
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      message: 'Fichier modifié',
      data: { name: 'Plans définitifs.pdf', type: { id: 2 }, folder: null, access: { access_candidate: true, candidate_min_status: 4 } },
    });
    // The folder left empty is gone; the content is the same.
    expect(await ctx.database.db.select().from(fileFolders)).toEqual([]);
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, file.id));
    expect((await ctx.app.deps.storage.get(row.storageKey)).toString()).toContain('Plans');

    const replaced = await send(
      'POST',
      url,
      headers.architect,
      [
        ['name', 'Plans v2'],
        ['type_id', '2'],
      ],
      {
        name: 'nouveaux.pdf',
        content: PDF('version 2'),
      },
    );
    expect(replaced.statusCode).toBe(200);
    const [after] = await ctx.database.db.select().from(files).where(eq(files.id, file.id));
    expect(after.storageKey).not.toBe(row.storageKey);
    expect((await ctx.app.deps.storage.get(after.storageKey)).toString()).toContain('version 2');
    await expect(ctx.app.deps.storage.get(row.storageKey)).rejects.toThrow();

    // A demo user edits but does not upload; another promotion's folder is 404.
    expect(
      (
        await send('POST', url, headers.demo, [
          ['name', 'Plans'],
          ['type_id', '2'],
        ])
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await send(
          'POST',
          url,
          headers.demo,
          [
            ['name', 'Plans'],
            ['type_id', '2'],
          ],
          { name: 'x.pdf', content: PDF() },
        )
      ).statusCode,
    ).toBe(403);
    const [foreign] = await ctx.database.db.insert(fileFolders).values({ promotionId: desk.other.id, name: 'Secret' }).returning();
    expect(
      (
        await send('POST', url, headers.broker, [
          ['name', 'Plans'],
          ['type_id', '2'],
          ['folder_id', String(foreign.id)],
        ])
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await send('POST', url, headers.notary, [
          ['name', 'Plans'],
          ['type_id', '2'],
        ])
      ).statusCode,
    ).toBe(403);
  });

  it('deletes the row, its empty folder and its content; another promotion answers 404', async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const file = await addFile(headers.broker, p, { name: 'Plans', folder_name: 'Plans' });
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, file.id));
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${p}/files/${file.id}`, headers: headers.promoter })).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${desk.other.id}/files/${file.id}`, headers: headers.otherPilot }))
        .statusCode,
    ).toBe(404);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${p}/files/${file.id}`, headers: headers.architect });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Fichier supprimé');
    expect(await ctx.database.db.select().from(files)).toEqual([]);
    expect(await ctx.database.db.select().from(fileFolders)).toEqual([]);
    await expect(ctx.app.deps.storage.get(row.storageKey)).rejects.toThrow();
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${p}/files/${file.id}`, headers: headers.broker })).statusCode,
    ).toBe(404);
  });
});

describe('the data-room log (beyond the spec): every view and download of a library file', () => {
  it('records a view or a download in the request that signs the url, and serves the file inline or as a download', async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const file = await addFile(headers.broker, p, { name: 'Brochure', type: 3, access_candidate: '1' });
    const view = await ctx.app.inject({ method: 'GET', url: `/api/file-url/${file.uuid}`, headers: headers.client });
    const download = await ctx.app.inject({ method: 'GET', url: `/api/file-url/${file.uuid}?download=1`, headers: headers.client });
    expect(view.json().data.url).toContain('&inline=1');
    expect(download.json().data.url).not.toContain('inline');
    const inline = await ctx.app.inject({ method: 'GET', url: view.json().data.url });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const saved = await ctx.app.inject({ method: 'GET', url: download.json().data.url });
    expect(saved.headers['content-disposition']).toMatch(/^attachment;/);
    // A refused file is not logged.
    const closed = await addFile(headers.broker, p, { name: 'Interne' });
    expect(await urlStatus(headers.client, closed.uuid)).toBe(404);
    const rows = await ctx.database.db.select().from(libraryAccesses);
    expect(rows.map((r) => [r.fileId, r.kind])).toEqual([
      [file.id, 'view'],
      [file.id, 'download'],
    ]);
  });

  it('shows an opening at the next read of the log and of its people, though both are served by version (migration 0030)', async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const brochure = await addFile(headers.broker, p, { name: 'Brochure', type: 3, access_notary: '1' });
    const log = () => ctx.app.inject({ method: 'GET', url: `/api/files_log?promotion=${p}`, headers: headers.broker });
    const people = () => ctx.app.inject({ method: 'GET', url: `/api/files_log/people?promotion=${p}`, headers: headers.broker });
    const before = await log();
    expect(before.json().data.total).toBe(0);
    expect((await people()).json().data).toEqual([]);
    // Read again, unchanged: the same answer under the same ETag.
    expect((await log()).headers.etag).toBe(before.headers.etag);
    await urlStatus(headers.notary, brochure.uuid);
    const after = await log();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().data.total).toBe(1);
    expect((await people()).json().data.map((person: { accesses_count: number }) => person.accesses_count)).toEqual([1]);
  });

  it('exports the log with a document name a spreadsheet would run as inert text, once saved as CSV too (openpyxl, Gnumeric)', async () => {
    const { desk, headers } = await library();
    const p = desk.promotion.id;
    const hostile = await addFile(headers.broker, p, { name: '=HYPERLINK("evil.example","Plans")', access_notary: '1' });
    await urlStatus(headers.notary, hostile.uuid);
    const exported = await ctx.app.inject({ method: 'GET', url: `/api/files_log/download?promotion=${p}`, headers: headers.pilot });
    const read = readXlsx((await ctx.app.inject({ method: 'GET', url: exported.json().data.url })).rawPayload);
    expect(read.formulas).toEqual([]);
    expect(read.cells[1][0]).toMatchObject({ isDate: true });
    expect(String(read.cells[1][3].value)).toMatch(/^'=HYPERLINK/);
    expect(read.csv[1][3]).toMatch(/^'=HYPERLINK/);
    expect(read.csv.flat().filter(isLiveFormula)).toEqual([]);
  });

  it('shows brokers and pilots the log per file and per person, and exports it as .xlsx; others are refused', async () => {
    const { desk, client, headers } = await library();
    const p = desk.promotion.id;
    const brochure = await addFile(headers.broker, p, { name: 'Brochure', type: 3, access_candidate: '1', access_notary: '1' });
    const plans = await addFile(headers.broker, p, { name: 'Plans', access_notary: '1' });
    await urlStatus(headers.client, brochure.uuid);
    await urlStatus(headers.notary, brochure.uuid, '?download=1');
    await urlStatus(headers.notary, plans.uuid);

    const read = async (query: string, who: Headers = headers.broker) =>
      ctx.app.inject({ method: 'GET', url: `/api/files_log?promotion=${p}${query}`, headers: who });
    const all = (await read('')).json().data;
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({ kind: 'view', file: { id: plans.id, name: 'Plans.pdf' } });
    expect(all).not.toHaveProperty('people');
    const people = async (query: string, who: Headers = headers.broker) =>
      ctx.app.inject({ method: 'GET', url: `/api/files_log/people?promotion=${p}${query}`, headers: who });
    const everyone = (await people('')).json().data;
    expect(everyone.map((person: { accesses_count: number }) => person.accesses_count).sort()).toEqual([1, 2]);
    expect(everyone.find((person: { id: number }) => person.id === client.user.id)).toMatchObject({ type: 'candidate', accesses_count: 1 });
    const ofPlans = (await people(`&file_id=${plans.id}`, headers.pilot)).json().data;
    expect(ofPlans.map((person: { accesses_count: number }) => person.accesses_count)).toEqual([1]);
    const perFile = (await read(`&file_id=${brochure.id}`, headers.pilot)).json().data;
    expect(perFile.data.map((e: { kind: string }) => e.kind)).toEqual(['download', 'view']);
    const perPerson = (await read(`&user_id=${client.user.id}`)).json().data;
    expect(perPerson.data).toHaveLength(1);
    expect(perPerson.data[0].user).toMatchObject({ id: client.user.id, type: 'candidate' });
    for (const role of ['notary', 'promoter', 'architect', 'client'] as const) {
      expect((await read('', headers[role])).statusCode, role).toBe(403);
      expect((await people('', headers[role])).statusCode, role).toBe(403);
    }
    expect((await read('&file_id=2000000000')).statusCode).toBe(404);
    expect((await people('&file_id=2000000000')).statusCode).toBe(404);

    const exported = await ctx.app.inject({ method: 'GET', url: `/api/files_log/download?promotion=${p}`, headers: headers.pilot });
    expect(exported.statusCode).toBe(200);
    const content = await ctx.app.inject({ method: 'GET', url: exported.json().data.url });
    const workbook = await loadWorkbook(content.rawPayload);
    const sheet = workbook.getWorksheet('Consultations');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Date', 'Personne', 'Rôle', 'Document', 'Action']);
    expect(sheet?.rowCount).toBe(4);
    expect(sheet?.getRow(2).getCell(5).value).toBe('Consultation');
    expect(sheet?.getRow(3).getCell(5).value).toBe('Téléchargement');

    // The log outlives the file it names.
    await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${p}/files/${plans.id}`, headers: headers.broker });
    const kept = (await read('')).json().data;
    expect(kept.total).toBe(3);
    expect(kept.data[0].file.name).toBe('Plans.pdf');
  });
});
