import type { PromotionRecord } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, promotionAgencies, promotions, promotionUsers } from '../../db/schema/index.js';
import { bearer, createAgency, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

// The promotion administration (docs/product/promotion-administration.md): the list, the record,
// the creation, the settings and the broker picker, by role.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const png = (width = 400, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .toBuffer();

type FilePart = { field: string; filename: string; type: string; content: Buffer };
/** A multipart body with the caller's headers (the content type joins the authorization). */
const form = (auth: Record<string, string>, fields: Record<string, string>, fileParts: FilePart[] = []) => {
  const body = multipartBody(fields, fileParts);
  return { payload: body.payload, headers: { ...auth, ...body.headers } };
};

/** An admin, a member broker of two promotions of his agency, a broker of another promotion, a promoter. */
const world = async () => {
  const db = ctx.database.db;
  const leman = await createAgency(db, 'Agence du Léman');
  const rive = await createAgency(db, 'Rive Immobilier');
  const rolle = await createPromotion(db, { title: 'Les Hauts de Rolle', url: 'www.hauts-de-rolle.ch', agencyIds: [leman.id, rive.id] });
  const nyon = await createPromotion(db, {
    title: 'Nyon Centre',
    url: 'nyon.ch',
    agencyIds: [leman.id],
    multiAgency: true,
    reservationTimeout: 5,
  });
  const geneve = await createPromotion(db, { title: 'Genève Parc', isDemo: true });
  const admin = await createUser(db, 'broker', { admin: true, agencyId: leman.id, firstName: 'Laurent', lastName: 'Mottier' });
  const broker = await createUser(db, 'broker', {
    agencyId: leman.id,
    promotionIds: [rolle.id, nyon.id],
    firstName: 'Julien',
    lastName: 'Favre',
  });
  const other = await createUser(db, 'broker', { agencyId: rive.id, promotionIds: [geneve.id], firstName: 'Sophie', lastName: 'Rochat' });
  const promoter = await createUser(db, 'promoter', { promotionIds: [rolle.id] });
  const headers = {
    admin: bearer(await signIn(ctx.app, admin.email)),
    broker: bearer(await signIn(ctx.app, broker.email)),
    other: bearer(await signIn(ctx.app, other.email)),
    promoter: bearer(await signIn(ctx.app, promoter.email)),
  };
  return { leman, rive, rolle, nyon, geneve, admin, broker, other, promoter, headers };
};

const settingsOf = (record: PromotionRecord, changes: Record<string, string> = {}) => ({
  title: record.title,
  url: record.url ?? '',
  share_new_candidates: record.share_new_candidates ? '1' : '0',
  prestige: record.prestige ? '1' : '0',
  gtm: record.gtm ?? '',
  external_report_url: record.external_report_url ?? '',
  start_at: '',
  end_at: '',
  ...(record.multi_agency ? { reservation_timeout: String(record.reservation_timeout ?? '') } : {}),
  ...changes,
});

describe('GET promotions: the cards of Mes promotions', () => {
  it('gives a broker his promotions by title, with the names of their agencies; an admin every promotion', async () => {
    const w = await world();
    const mine = (await ctx.app.inject({ method: 'GET', url: '/api/promotions', headers: w.headers.broker })).json();
    expect(mine.data).toEqual([
      { id: w.rolle.id, title: 'Les Hauts de Rolle', logo: null, agencies: ['Agence du Léman', 'Rive Immobilier'], archived: false },
      { id: w.nyon.id, title: 'Nyon Centre', logo: null, agencies: ['Agence du Léman'], archived: false },
    ]);
    expect(mine).toMatchObject({ total: 2, current_page: 1, last_page: 1, from: 1, to: 2 });
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/promotions', headers: w.headers.admin })).json();
    expect(all.data.map((p: { title: string }) => p.title)).toEqual(['Genève Parc', 'Les Hauts de Rolle', 'Nyon Centre']);
  });

  it('searches the title and answers the last page when asked past it', async () => {
    const w = await world();
    const found = (await ctx.app.inject({ method: 'GET', url: '/api/promotions?search=nyon', headers: w.headers.admin })).json();
    expect(found.data.map((p: { id: number }) => p.id)).toEqual([w.nyon.id]);
    const past = (await ctx.app.inject({ method: 'GET', url: '/api/promotions?page=40', headers: w.headers.broker })).json();
    expect(past).toMatchObject({ current_page: 1, total: 2 });
    expect(past.data).toHaveLength(2);
  });

  it('is refused to the other roles and answers French on a bad query', async () => {
    const w = await world();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/promotions', headers: w.headers.promoter })).statusCode).toBe(403);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/promotions?page=zéro', headers: w.headers.broker });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Le champ « Page » est invalide.');
  });
});

describe('GET promotions/{id}: the record of the Informations menu', () => {
  it('answers every field of the form, the token only for a promotion that is not a demo one', async () => {
    const w = await world();
    await ctx.database.db.update(promotions).set({ brokerId: w.broker.id }).where(eq(promotions.id, w.rolle.id));
    const response = await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.rolle.id}`, headers: w.headers.broker });
    expect(response.statusCode).toBe(200);
    const record = response.json().data as PromotionRecord;
    expect(record).toMatchObject({
      id: w.rolle.id,
      title: 'Les Hauts de Rolle',
      url: 'www.hauts-de-rolle.ch',
      main_broker: { id: w.broker.id, full_name: 'Julien Favre' },
      agencies: [
        { id: w.leman.id, name: 'Agence du Léman' },
        { id: w.rive.id, name: 'Rive Immobilier' },
      ],
      token: w.rolle.token,
      is_demo: false,
      multi_agency: false,
      crm_updated_at: null,
      archived_at: null,
    });
    const demo = (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.geneve.id}`, headers: w.headers.admin })).json().data;
    expect(demo).toMatchObject({ is_demo: true, token: null });
  });

  it("answers 404 for another promotion's id, 403 to other roles", async () => {
    const w = await world();
    const other = await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.geneve.id}`, headers: w.headers.broker });
    expect(other.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/promotions/999999', headers: w.headers.admin })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.rolle.id}`, headers: w.headers.promoter })).statusCode).toBe(
      403,
    );
  });
});

describe('POST promotions: the creation (admins)', () => {
  it('creates the promotion with its logo, the creator and the main broker as members and his agency, in one go', async () => {
    const w = await world();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/promotions',
      ...form(w.headers.admin, { title: '  Les Jardins du Lac ', url: 'https://jardins-du-lac.ch', broker_id: String(w.other.id) }, [
        { field: 'logo', filename: 'logo.jpg', type: 'image/jpeg', content: await jpeg() },
      ]),
    });
    expect(response.statusCode).toBe(200);
    // A success with a message: the client's success toast (docs/product/errors.md#http-answers).
    expect(response.json().message).toBe('Promotion créée');
    const record = response.json().data as PromotionRecord;
    expect(record).toMatchObject({
      title: 'Les Jardins du Lac',
      url: 'https://jardins-du-lac.ch',
      broker_id: w.other.id,
      agencies: [{ id: w.rive.id, name: 'Rive Immobilier' }],
    });
    const members = await ctx.database.db.select().from(promotionUsers).where(eq(promotionUsers.promotionId, record.id));
    expect(members.map((m) => m.userId).sort()).toEqual([w.admin.id, w.other.id].sort());
    // The logo is a 150x150 PNG served like the profile pictures.
    expect(record.logo).toMatch(/^\/api\/images\/[0-9a-f-]{36}$/);
    const image = await ctx.app.inject({ method: 'GET', url: record.logo as string });
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ width: 150, height: 150, format: 'png' });
    const [file] = await ctx.database.db.select().from(files).where(eq(files.promotionId, record.id));
    expect(file.owner).toBe('logo');
    // The main broker now finds it among his cards.
    const cards = (await ctx.app.inject({ method: 'GET', url: '/api/promotions', headers: w.headers.other })).json().data;
    expect(cards.map((c: { title: string }) => c.title)).toContain('Les Jardins du Lac');
  });

  it('requires title, url and main broker, in French, and refuses a logo that is no PNG or JPG by content', async () => {
    const w = await world();
    const post = async (fields: Record<string, string>, parts: FilePart[] = []) =>
      ctx.app.inject({ method: 'POST', url: '/api/promotions', ...form(w.headers.admin, fields, parts) });
    const base = { title: 'Les Jardins', url: 'jardins.ch', broker_id: String(w.broker.id) };
    const cases: [Record<string, string>, number, string][] = [
      [{ ...base, title: '  ' }, 400, 'Titre requis'],
      [{ ...base, url: '' }, 400, 'Adresse du site requise'],
      [{ ...base, url: 'javascript:alert(1)' }, 400, 'Adresse du site invalide'],
      [{ title: 'Les Jardins', url: 'jardins.ch' }, 400, 'Courtier principal requis'],
      [{ ...base, broker_id: String(w.promoter.id) }, 422, "Ce courtier principal n'existe pas"],
    ];
    for (const [fields, status, message] of cases) {
      const response = await post(fields);
      expect([response.statusCode, response.json().message], JSON.stringify(fields)).toEqual([status, message]);
    }
    const svg = await post(base, [{ field: 'logo', filename: 'logo.png', type: 'image/png', content: Buffer.from('<svg onload="x()"/>') }]);
    expect([svg.statusCode, svg.json().message]).toEqual([422, 'Le logo doit être une image PNG ou JPG']);
    expect(await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Les Jardins'))).toEqual([]);
  });

  it('refuses a logo over 10 MB, in French, and creates nothing', async () => {
    const w = await world();
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/promotions',
      ...form(w.headers.admin, { title: 'Trop lourd', url: 'lourd.ch', broker_id: String(w.broker.id) }, [
        { field: 'logo', filename: 'logo.png', type: 'image/png', content: big },
      ]),
    });
    expect([response.statusCode, response.json().message]).toEqual([413, 'Fichier trop volumineux (logo) : 10 Mo au maximum']);
    expect(await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Trop lourd'))).toEqual([]);
  });

  it('is refused to a broker without the admin flag and to other roles', async () => {
    const w = await world();
    const fields = { title: 'Les Jardins', url: 'jardins.ch', broker_id: String(w.broker.id) };
    for (const headers of [w.headers.broker, w.headers.promoter]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/promotions', ...form(headers, fields) });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('POST promotions/{id}/settings: the Informations form (admins)', () => {
  it('saves every field and a new cropped logo, and answers the record', async () => {
    const w = await world();
    const record = (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.nyon.id}`, headers: w.headers.admin })).json().data;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${w.nyon.id}/settings`,
      ...form(
        w.headers.admin,
        settingsOf(record, {
          title: 'Nyon Centre-ville',
          url: 'nyon-centre.ch',
          share_new_candidates: '1',
          prestige: 'true',
          gtm: 'GTM-ABC123',
          external_report_url: 'https://rapports.exemple.ch/nyon',
          start_at: '2026-03-29',
          end_at: '2027-06-30',
          reservation_timeout: '7',
        }),
        [{ field: 'logo_full_path', filename: 'blob', type: 'image/png', content: await png(150, 150) }],
      ),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      title: 'Nyon Centre-ville',
      url: 'nyon-centre.ch',
      share_new_candidates: true,
      prestige: true,
      gtm: 'GTM-ABC123',
      external_report_url: 'https://rapports.exemple.ch/nyon',
      // Swiss midnight: the day of the change to summer time (UTC+2) and a summer day.
      start_at: '2026-03-28T23:00:00.000Z',
      end_at: '2027-06-29T22:00:00.000Z',
      reservation_timeout: 7,
    });
    expect(response.json().data.logo).toMatch(/^\/api\/images\//);
  });

  it('keeps the reservation timeout to multi-agency promotions, in whole days from 1', async () => {
    const w = await world();
    const get = async (id: number) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${id}`, headers: w.headers.admin })).json().data;
    const save = (id: number, fields: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: `/api/promotions/${id}/settings`, ...form(w.headers.admin, fields) });
    const nyon = await get(w.nyon.id);
    for (const [value, message] of [
      ['0', 'Le délai de réservation est un nombre entier de jours entre 1 et 365'],
      ['2.5', 'Le délai de réservation est un nombre entier de jours entre 1 et 365'],
      ['', 'Délai de réservation requis pour une promotion multi-agences'],
    ]) {
      const response = await save(w.nyon.id, settingsOf(nyon, { reservation_timeout: value }));
      expect([response.statusCode, response.json().message]).toEqual([400, message]);
    }
    const rolle = await get(w.rolle.id);
    const single = await save(w.rolle.id, { ...settingsOf(rolle), reservation_timeout: '3' });
    expect([single.statusCode, single.json().message]).toEqual([
      400,
      'Le délai de réservation ne concerne que les promotions multi-agences',
    ]);
  });

  it('answers French messages on bad input and changes nothing', async () => {
    const w = await world();
    const rolle = (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.rolle.id}`, headers: w.headers.admin })).json().data;
    const cases: [Record<string, string>, string][] = [
      [{ title: '' }, 'Titre requis'],
      [{ url: 'pas une adresse' }, 'Adresse du site invalide'],
      [{ external_report_url: 'ftp://rapports.ch' }, 'Adresse du rapport externe invalide'],
      [{ start_at: '2026-02-30' }, 'Date de début invalide'],
      [{ start_at: '2026-05-01', end_at: '2026-04-01' }, 'La date de fin doit suivre la date de début'],
      [{ prestige: 'peut-être' }, 'Prestige invalide'],
      [{ gtm: 'G'.repeat(51) }, 'Identifiant Google Tag Manager trop long'],
    ];
    for (const [changes, message] of cases) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/promotions/${w.rolle.id}/settings`,
        ...form(w.headers.admin, settingsOf(rolle, changes)),
      });
      expect([response.statusCode, response.json().message], JSON.stringify(changes)).toEqual([400, message]);
    }
    const text = await ctx.app.inject({
      method: 'POST',
      url: `/api/promotions/${w.rolle.id}/settings`,
      ...form(w.headers.admin, settingsOf(rolle), [
        { field: 'logo_full_path', filename: 'logo.png', type: 'image/png', content: Buffer.from('bonjour') },
      ]),
    });
    expect([text.statusCode, text.json().message]).toEqual([422, 'Le logo doit être une image PNG ou JPG']);
    const [row] = await ctx.database.db.select().from(promotions).where(eq(promotions.id, w.rolle.id));
    expect(row).toMatchObject({ title: 'Les Hauts de Rolle', logo: null });
  });

  it('is refused to a member broker without the admin flag (he reads the menu), to other roles, and 404 for a missing promotion', async () => {
    const w = await world();
    const rolle = (await ctx.app.inject({ method: 'GET', url: `/api/promotions/${w.rolle.id}`, headers: w.headers.broker })).json().data;
    for (const headers of [w.headers.broker, w.headers.promoter]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/promotions/${w.rolle.id}/settings`,
        ...form(headers, settingsOf(rolle)),
      });
      expect(response.statusCode).toBe(403);
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/promotions/999999/settings',
      ...form(w.headers.admin, settingsOf(rolle)),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET brokers/options: the brokers an admin may pick', () => {
  it('lists every broker account by name, searchable, without the members of a promotion when asked', async () => {
    const w = await world();
    const names = async (query: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/api/brokers/options${query}`, headers: w.headers.admin }))
        .json()
        .data.map((p: { full_name: string }) => p.full_name);
    expect(await names('')).toEqual(['Julien Favre', 'Laurent Mottier', 'Sophie Rochat']);
    expect(await names('?search=roch')).toEqual(['Sophie Rochat']);
    expect(await names(`?promotion=${w.rolle.id}`)).toEqual(['Laurent Mottier', 'Sophie Rochat']);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/brokers/options?search=favre', headers: w.headers.admin })).json();
    expect(page).toMatchObject({ total: 1, current_page: 1, last_page: 1 });
    expect(page.data[0]).toEqual({ id: w.broker.id, full_name: 'Julien Favre', email: w.broker.email, profile_picture: null });
  });

  it('is refused to brokers without the admin flag and to other roles; a missing promotion is 404', async () => {
    const w = await world();
    for (const headers of [w.headers.broker, w.headers.promoter]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/brokers/options', headers })).statusCode).toBe(403);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/brokers/options?promotion=999999', headers: w.headers.admin });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the agencies of a created promotion', () => {
  it('follow the main broker: none when he has no agency', async () => {
    const w = await world();
    const loner = await createUser(ctx.database.db, 'broker', { agencyId: null });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/promotions',
      ...form(w.headers.admin, { title: 'Sans agence', url: 'sans-agence.ch', broker_id: String(loner.id) }),
    });
    expect(response.statusCode).toBe(200);
    const id = response.json().data.id;
    expect(await ctx.database.db.select().from(promotionAgencies).where(eq(promotionAgencies.promotionId, id))).toEqual([]);
  });
});
