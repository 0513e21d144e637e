// Over 400 lines: campaigns, reports and the report PDF share one promotion world and its upload helpers.
import { campaignCostOver, campaignVisitUrl, MARKETING_MESSAGES, MESSAGES, reportVisitsMinimum } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, files, lots } from '../../db/schema/index.js';
import { bearer, createAgency, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { type MultipartFile, multipartBody } from '../../test/multipart.js';
import { pdfFonts, pdfPages, pdfText, UNICODE_NAME } from '../../test/pdf-text.js';
import { TINY_PDF, TINY_PNG } from '../../test/security/world.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const db = () => ctx.database.db;

const pdfFile = (name = 'plan-media.pdf'): MultipartFile => ({
  field: 'files[]',
  filename: name,
  type: 'application/pdf',
  content: TINY_PDF,
});
const pngFile = (field = 'visits_report'): MultipartFile => ({ field, filename: 'visites.png', type: 'image/png', content: TINY_PNG });

/** A multi-agency promotion with lots, a broker of each agency, a promoter and a notary; another promotion's broker. */
const setup = async () => {
  const leman = await createAgency(db(), 'Agence du Léman');
  const riviera = await createAgency(db(), 'Agence Riviera');
  const promotion = await createPromotion(db(), { title: 'Les Hauts de Rolle', multiAgency: true, agencyIds: [leman.id, riviera.id] });
  const other = await createPromotion(db(), { title: 'Le Clos de Morges' });
  await createBuildingWithLots(db(), promotion.id, [750_000, 1_250_000]);
  const inA = { promotionIds: [promotion.id] };
  const users = {
    broker: await createUser(db(), 'broker', { ...inA, agencyId: leman.id }),
    rival: await createUser(db(), 'broker', { ...inA, agencyId: riviera.id }),
    promoter: await createUser(db(), 'promoter', inA),
    notary: await createUser(db(), 'notary', inA),
    outsider: await createUser(db(), 'broker', { promotionIds: [other.id], agencyId: leman.id }),
  };
  const token = async (user: { email: string }) => signIn(ctx.app, user.email);
  return {
    promotion,
    other,
    leman,
    riviera,
    broker: await token(users.broker),
    rival: await token(users.rival),
    promoter: await token(users.promoter),
    notary: await token(users.notary),
    outsider: await token(users.outsider),
  };
};
type Setup = Awaited<ReturnType<typeof setup>>;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: bearer(token), payload: payload as Record<string, unknown> | undefined });
const send = (method: Method, url: string, token: string, fields: Record<string, string | number>, parts: MultipartFile[] = []) => {
  const body = multipartBody(fields, parts);
  return ctx.app.inject({ method, url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
};

const addCampaign = (s: Setup, fields: Record<string, string | number>, parts: MultipartFile[] = [], token = s.broker) =>
  send('POST', `/api/promotions/${s.promotion.id}/campaigns`, token, fields, parts);
const listCampaigns = async (s: Setup, query = '', token = s.broker) => {
  const response = await call('GET', `/api/campaigns?promotion=${s.promotion.id}${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const reportsUrl = (s: Setup) => `/api/promotions/${s.promotion.id}/marketing-reports`;
const report = (fields: Record<string, string | number> = {}) => ({
  number_of_visits: 12,
  number_of_future_visits: 3,
  feedback_positive: 'Les visiteurs aiment la vue sur le lac.',
  feedback_todo: 'Relancer les visiteurs de samedi.',
  feedback_problem: 'Le parking visiteurs est trop petit.',
  include_lots: 1,
  include_marketing_campaigns: 1,
  ...fields,
});

describe('campaigns (docs/product/marketing.md#screens and #rules)', () => {
  it('a broker adds a campaign with its files: price default 0, dates as year-month-day, his agency', async () => {
    const s = await setup();
    const created = await addCampaign(
      s,
      { title: ' Affichage gare de Rolle ', method: 'Affichage', start_at: '2026-03-01', end_at: '2026-03-31' },
      [pdfFile(), pdfFile('devis.pdf')],
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      message: MESSAGES.changesSaved,
      data: {
        title: 'Affichage gare de Rolle',
        method: 'Affichage',
        start_at: '2026-03-01',
        end_at: '2026-03-31',
        price: 0,
        agency: { id: s.leman.id, name: 'Agence du Léman' },
        can_edit: true,
      },
    });
    expect(created.json().data.files.map((f: { name: string }) => f.name)).toEqual(['plan-media.pdf', 'devis.pdf']);
    const stored = await db().select().from(files).where(eq(files.owner, 'campaign'));
    expect(stored).toHaveLength(2);
    expect(stored[0].promotionId).toBe(s.promotion.id);
  });

  it("requires the title ('Titre *'), refuses a start after the end, a negative price and a bad date", async () => {
    const s = await setup();
    const cases: [Record<string, string>, string][] = [
      [{ title: '  ' }, MARKETING_MESSAGES.titleRequired],
      [{ method: 'Radio' }, MARKETING_MESSAGES.titleRequired],
      [{ title: 'Radio', start_at: '2026-04-02', end_at: '2026-04-01' }, MARKETING_MESSAGES.datesOrder],
      [{ title: 'Radio', price: '-5' }, MARKETING_MESSAGES.priceMin],
      [{ title: 'Radio', start_at: '2026-02-30' }, MARKETING_MESSAGES.dateInvalid],
    ];
    for (const [fields, message] of cases) {
      const response = await addCampaign(s, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const edit = await call('PUT', `/api/campaigns/${(await addCampaign(s, { title: 'Radio' })).json().data.id}`, s.broker, {
      title: 'Radio',
      start_at: '2026-05-10',
      end_at: '2026-05-01',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(MARKETING_MESSAGES.datesOrder);
  });

  it('refuses a file that is not a document by its content', async () => {
    const s = await setup();
    const html: MultipartFile = { field: 'files[]', filename: 'page.pdf', type: 'application/pdf', content: Buffer.from('<html><script>') };
    const response = await addCampaign(s, { title: 'Radio' }, [html]);
    expect(response.statusCode).toBe(422);
    expect(await db().select().from(campaigns)).toHaveLength(0);
  });

  it("lists every agency's campaigns, searches, filters by start after and end before, sorts and paginates", async () => {
    const s = await setup();
    await addCampaign(s, { title: 'Affichage gare', method: 'Affichage', start_at: '2026-03-01', end_at: '2026-03-31', price: '4500' });
    await addCampaign(s, { title: 'Annonces Homegate', method: 'Portail', start_at: '2026-02-01', end_at: '2026-06-30', price: 1200 });
    await addCampaign(
      s,
      { title: 'Radio Chablais', method: 'Radio', start_at: '2026-04-10', end_at: '2026-04-20', price: 8000 },
      [],
      s.rival,
    );

    const all = await listCampaigns(s);
    expect(all).toMatchObject({ total: 3, current_page: 1, last_page: 1, from: 1, to: 3, multi_agency: true });
    expect(all.data.map((c: { title: string }) => c.title)).toEqual(['Radio Chablais', 'Affichage gare', 'Annonces Homegate']);
    expect(all.data.map((c: { can_edit: boolean }) => c.can_edit)).toEqual([false, true, true]);

    expect((await listCampaigns(s, '&search=homegate')).data.map((c: { title: string }) => c.title)).toEqual(['Annonces Homegate']);
    expect((await listCampaigns(s, '&search=radio')).total).toBe(1);
    expect((await listCampaigns(s, '&start_after=2026-03-01')).data.map((c: { title: string }) => c.title)).toEqual([
      'Radio Chablais',
      'Affichage gare',
    ]);
    expect((await listCampaigns(s, '&end_before=2026-04-30')).total).toBe(2);
    const byPrice = await listCampaigns(s, '&orderBy=price&order=asc');
    expect(byPrice.data.map((c: { price: number }) => c.price)).toEqual([1200, 4500, 8000]);
    const byAgency = await listCampaigns(s, '&orderBy=agency&order=desc');
    expect(byAgency.data[0].agency.name).toBe('Agence Riviera');
    const byTitle = await listCampaigns(s, '&orderBy=title&order=asc', s.promoter);
    expect(byTitle.data.map((c: { title: string }) => c.title)).toEqual(['Affichage gare', 'Annonces Homegate', 'Radio Chablais']);
    expect(byTitle.data.every((c: { can_edit: boolean }) => !c.can_edit)).toBe(true);

    const bad = await call('GET', `/api/campaigns?promotion=${s.promotion.id}&orderBy=couleur`, s.broker);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Tri invalide');
  });

  it('paginates in SQL: a page past the last answers the last', async () => {
    const s = await setup();
    await db()
      .insert(campaigns)
      .values(Array.from({ length: 25 }, (_, i) => ({ promotionId: s.promotion.id, title: `Campagne ${i + 1}`, agencyId: s.leman.id })));
    const second = await listCampaigns(s, '&page=2');
    expect(second).toMatchObject({ total: 25, current_page: 2, last_page: 2, from: 21, to: 25 });
    expect((await listCampaigns(s, '&page=9')).current_page).toBe(2);
  });

  it("edits (PUT) only his own agency's campaign: another agency's broker 403, a promoter 403", async () => {
    const s = await setup();
    const id = (await addCampaign(s, { title: 'Radio' })).json().data.id;
    const body = { title: 'Radio Chablais', price: 2500, url: 'www.radiochablais.ch', start_at: '2026-01-05', end_at: null };
    const edited = await call('PUT', `/api/campaigns/${id}`, s.broker, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: MESSAGES.changesSaved,
      data: { title: 'Radio Chablais', price: 2500, start_at: '2026-01-05' },
    });
    const rival = await call('PUT', `/api/campaigns/${id}`, s.rival, body);
    expect(rival.statusCode).toBe(403);
    expect(rival.json().message).toBe(MARKETING_MESSAGES.otherAgency);
    expect((await call('PUT', `/api/campaigns/${id}`, s.promoter, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/campaigns/${id}`, s.rival)).statusCode).toBe(403);
  });

  it('lets a broker without an agency add no campaign and edit none, not even one without an agency; reports stay open to him', async () => {
    const s = await setup();
    const loner = await createUser(db(), 'broker', { promotionIds: [s.promotion.id], agencyId: null });
    const token = await signIn(ctx.app, loner.email);
    const refused = await addCampaign(s, { title: 'Affiches' }, [], token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MARKETING_MESSAGES.noAgency);
    const [orphan] = await db()
      .insert(campaigns)
      .values({ promotionId: s.promotion.id, title: 'Sans agence', agencyId: null })
      .returning({ id: campaigns.id });
    expect((await call('PUT', `/api/campaigns/${orphan.id}`, token, { title: 'Reprise' })).statusCode).toBe(403);
    const listed = await listCampaigns(s, '', token);
    expect(listed.data.find((c: { id: number }) => c.id === orphan.id).can_edit).toBe(false);
    const added = await send('POST', reportsUrl(s), token, report(), [pngFile()]);
    expect(added.statusCode, added.body).toBe(200);
  });

  it('adds documents (at least one), deletes one, then deletes the campaign with its files', async () => {
    const s = await setup();
    const id = (await addCampaign(s, { title: 'Radio' })).json().data.id;
    const none = await send('POST', `/api/campaigns/${id}/files`, s.broker, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MARKETING_MESSAGES.filesRequired);
    const added = await send('POST', `/api/campaigns/${id}/files`, s.broker, {}, [pdfFile('a.pdf'), pdfFile('b.pdf')]);
    expect(added.statusCode).toBe(200);
    const [first, second] = added.json().data.files;
    expect((await call('DELETE', `/api/campaigns/${id}/files/${first.id}`, s.promoter)).statusCode).toBe(403);
    const removed = await call('DELETE', `/api/campaigns/${id}/files/${first.id}`, s.broker);
    expect(removed.json()).toMatchObject({ message: MARKETING_MESSAGES.documentDeleted, data: { files: [{ name: 'b.pdf' }] } });
    expect((await call('DELETE', `/api/campaigns/${id}/files/${first.id}`, s.broker)).statusCode).toBe(404);

    // The promoter opens a campaign document (maySeeFile: owner 'campaign'); a notary does not.
    expect((await call('GET', `/api/file-url/${second.uuid}`, s.promoter)).statusCode).toBe(200);
    expect((await call('GET', `/api/file-url/${second.uuid}`, s.notary)).statusCode).toBe(404);
    expect((await call('GET', `/api/file-url/${second.uuid}`, s.outsider)).statusCode).toBe(404);

    const deleted = await call('DELETE', `/api/campaigns/${id}`, s.broker);
    expect(deleted.json().message).toBe(MARKETING_MESSAGES.campaignDeleted);
    expect(await db().select().from(files).where(eq(files.owner, 'campaign'))).toHaveLength(0);
    expect((await listCampaigns(s)).total).toBe(0);
  });

  it("hides another promotion's campaigns (404) and refuses roles without Marketing (403)", async () => {
    const s = await setup();
    const id = (await addCampaign(s, { title: 'Radio' })).json().data.id;
    expect((await call('GET', `/api/campaigns?promotion=${s.promotion.id}`, s.outsider)).statusCode).toBe(404);
    expect((await call('PUT', `/api/campaigns/${id}`, s.outsider, { title: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/campaigns/${id}`, s.outsider)).statusCode).toBe(404);
    expect((await addCampaign(s, { title: 'Radio' }, [], s.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/campaigns?promotion=${s.promotion.id}`, s.notary)).statusCode).toBe(403);
    expect((await addCampaign(s, { title: 'Radio' }, [], s.promoter)).statusCode).toBe(403);
  });
});

describe('marketing reports (docs/product/marketing.md#rules and #calls)', () => {
  it('adds reports: the visits at least the highest report, future visits >= 0, the screenshot stored', async () => {
    const s = await setup();
    const first = await send('POST', reportsUrl(s), s.broker, report(), [pngFile()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: MARKETING_MESSAGES.reportCreated,
      data: { number_of_visits: 12, number_of_future_visits: 3, include_lots: true, visits_report: { name: 'visites.png' } },
    });
    const fewer = await send('POST', reportsUrl(s), s.broker, report({ number_of_visits: 11 }));
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().message).toBe(MARKETING_MESSAGES.visitsMin(12));
    const negative = await send('POST', reportsUrl(s), s.broker, report({ number_of_visits: 20, number_of_future_visits: -1 }));
    expect(negative.json().message).toBe(MARKETING_MESSAGES.futureVisitsMin);
    const pdfShot = await send('POST', reportsUrl(s), s.broker, report({ number_of_visits: 20 }), [
      { field: 'visits_report', filename: 'x.pdf', type: 'application/pdf', content: TINY_PDF },
    ]);
    expect(pdfShot.statusCode).toBe(422);
    expect(pdfShot.json().message).toBe(MARKETING_MESSAGES.screenshotRefused);
    const second = await send('POST', reportsUrl(s), s.broker, report({ number_of_visits: 12, include_lots: 0 }));
    expect(second.json().data.include_lots).toBe(false);

    const list = await call('GET', reportsUrl(s), s.promoter);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([second.json().data.id, first.json().data.id]);
    expect(reportVisitsMinimum(list.json().data)).toBe(12);
    expect((await send('POST', reportsUrl(s), s.promoter, report({ number_of_visits: 30 }))).statusCode).toBe(403);
    expect((await call('GET', reportsUrl(s), s.outsider)).statusCode).toBe(404);
  });

  it('refuses, with its reason, a screenshot that is no readable image, and a screenshot over 10 Mo, before storing anything', async () => {
    const s = await setup();
    const broken = Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 7)]);
    const corrupt = await send('POST', reportsUrl(s), s.broker, report(), [
      { field: 'visits_report', filename: 'capture.png', type: 'image/png', content: broken },
    ]);
    expect(corrupt.statusCode, corrupt.body).toBe(422);
    expect(corrupt.json().message).toBe(MARKETING_MESSAGES.screenshotUnreadable);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(11 * 1024 * 1024)]);
    const tooBig = await send('POST', reportsUrl(s), s.broker, report(), [
      { field: 'visits_report', filename: 'capture.png', type: 'image/png', content: big },
    ]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toBe('Fichier trop volumineux (capture.png) : 10 Mo au maximum');
    expect(await db().select().from(files).where(eq(files.owner, 'marketing_report'))).toHaveLength(0);
  });

  it('still downloads the PDF of a report whose stored screenshot cannot be read, and says so', async () => {
    const s = await setup();
    const id = (await send('POST', reportsUrl(s), s.broker, report(), [pngFile()])).json().data.id;
    // A screenshot stored before uploads were decoded.
    const [file] = await db().select().from(files).where(eq(files.owner, 'marketing_report'));
    await ctx.app.deps.storage.remove(file.storageKey);
    const key = await ctx.app.deps.storage.put(Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(64, 7)]));
    await db().update(files).set({ storageKey: key }).where(eq(files.id, file.id));
    const answer = await call('GET', `${reportsUrl(s)}/${id}`, s.broker);
    expect(answer.statusCode, answer.body).toBe(200);
    const pdf = await ctx.app.inject({ method: 'GET', url: answer.json().data });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf.rawPayload)).toContain(MARKETING_MESSAGES.screenshotUnreadableInPdf);
  });

  it("deletes a report ('Rapport supprimé') with its screenshot; another promotion's answers 404", async () => {
    const s = await setup();
    const id = (await send('POST', reportsUrl(s), s.broker, report(), [pngFile()])).json().data.id;
    expect((await call('DELETE', `${reportsUrl(s)}/${id}`, s.promoter)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/promotions/${s.other.id}/marketing-reports/${id}`, s.outsider)).statusCode).toBe(404);
    const deleted = await call('DELETE', `${reportsUrl(s)}/${id}`, s.broker);
    expect(deleted.json()).toEqual({ message: MARKETING_MESSAGES.reportDeleted });
    expect(await db().select().from(files).where(eq(files.owner, 'marketing_report'))).toHaveLength(0);
    expect((await call('DELETE', `${reportsUrl(s)}/${id}`, s.broker)).statusCode).toBe(404);
  });

  it('downloads a real PDF: screenshot, feedback, the lots with status and price, the campaigns with their cost', async () => {
    const s = await setup();
    await db().update(lots).set({ status: 3 }).where(eq(lots.rawPrice, 1_250_000));
    const today = new Date().toISOString().slice(0, 10);
    await addCampaign(s, { title: 'Affichage gare', method: 'Affichage', start_at: '2026-01-01', end_at: today, price: 4500 });
    const id = (await send('POST', reportsUrl(s), s.broker, report(), [pngFile()])).json().data.id;

    const answer = await call('GET', `${reportsUrl(s)}/${id}`, s.promoter);
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: answer.json().data });
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const text = pdfText(file.rawPayload);
    for (const expected of [
      'Rapport marketing n° 1',
      'Nombre de visites : 12',
      'Les visiteurs aiment la vue sur le lac.',
      'Relancer les visiteurs de samedi.',
      'Le parking visiteurs est trop petit.',
      'Référence',
      'A-101',
      "1'250'000 CHF",
      'Réservé',
      'Disponible',
      'Campagnes marketing',
      'Affichage gare (Agence du',
      "4'500 CHF",
      'Coût (période)',
    ]) {
      expect(text, expected).toContain(expected);
    }

    const bare = (await send('POST', reportsUrl(s), s.broker, report({ include_lots: 0, include_marketing_campaigns: 0 }))).json().data.id;
    const bareText = pdfText(
      (await ctx.app.inject({ method: 'GET', url: (await call('GET', `${reportsUrl(s)}/${bare}`, s.broker)).json().data })).rawPayload,
    );
    expect(bareText).toContain('Les visiteurs aiment la vue sur le lac.');
    expect(bareText).not.toContain('A-101');
    expect(bareText).not.toContain('Campagnes marketing');
  });
});

describe('the report PDF reads right (docs/product/marketing.md#the-report-pdf)', () => {
  const download = async (s: Setup, id: number) => {
    const answer = await call('GET', `${reportsUrl(s)}/${id}`, s.broker);
    expect(answer.statusCode, answer.body).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: answer.json().data });
    return { pdf: file.rawPayload, disposition: String(file.headers['content-disposition']) };
  };

  it('numbers the reports per promotion (1, 2, 3) and keeps each number when another is deleted', async () => {
    const s = await setup();
    // Another promotion's reports come first: the global ids are no longer 1, 2, 3.
    const otherBroker = await signIn(ctx.app, (await createUser(db(), 'broker', { promotionIds: [s.other.id] })).email);
    for (const visits of [1, 2]) {
      const other = await send(
        'POST',
        `/api/promotions/${s.other.id}/marketing-reports`,
        otherBroker,
        report({ number_of_visits: visits }),
      );
      expect(other.json().data.number).toBe(visits);
    }
    const numbers: number[] = [];
    for (const visits of [10, 11, 12])
      numbers.push((await send('POST', reportsUrl(s), s.broker, report({ number_of_visits: visits }))).json().data.number);
    expect(numbers).toEqual([1, 2, 3]);
    const listed = (await call('GET', reportsUrl(s), s.broker)).json().data as { id: number; number: number }[];
    expect(listed.map((r) => r.number)).toEqual([3, 2, 1]);
    expect(listed.map((r) => r.id)).not.toEqual([3, 2, 1]);

    await call('DELETE', `${reportsUrl(s)}/${listed[1].id}`, s.broker);
    const kept = (await call('GET', reportsUrl(s), s.broker)).json().data as { number: number }[];
    expect(kept.map((r) => r.number)).toEqual([3, 1]);
    expect((await send('POST', reportsUrl(s), s.broker, report({ number_of_visits: 13 }))).json().data.number).toBe(4);
  });

  it('prints kinds instead of "0 pièce", sorts lots naturally, an open campaign once, numbered pages, any name; the file is named after the promotion and the day', async () => {
    const s = await setup();
    const [{ id: buildingId }] = await db().select({ id: lots.buildingId }).from(lots).where(eq(lots.promotionId, s.promotion.id)).limit(1);
    const parking = (reference: string, lotTypeId: number) => ({
      promotionId: s.promotion.id,
      buildingId,
      lotTypeId,
      floorId: 1,
      reference,
      nbRooms: 0,
      rawPrice: 35_000,
    });
    await db()
      .insert(lots)
      .values([parking('P-10', 1), parking('P-2', 1), parking('P-1', 3), parking('C-1', 7)]);
    await addCampaign(s, { title: 'Campagne Facebook', method: 'Réseaux sociaux', start_at: '2026-01-05', price: 1200 });
    await addCampaign(s, { title: 'Affichage gare', start_at: '2026-01-01', end_at: '2026-01-31', price: 4500 });
    // A long feedback: the report runs over several pages.
    const long = Array.from({ length: 60 }, (_, i) => `Ligne ${i + 1} du retour de ${UNICODE_NAME}.`).join('\n');
    const id = (await send('POST', reportsUrl(s), s.broker, report({ feedback_positive: long }))).json().data.id;

    const { pdf, disposition } = await download(s, id);
    const text = pdfText(pdf);
    expect(text).toContain(UNICODE_NAME);
    expect(text).not.toMatch(/0 pièce/);
    expect(text).toContain('Place de parc intérieure');
    expect(text).toContain('Box');
    expect(text).toContain('Cave');
    expect(text).toContain('Appartement, 2,5 pièces');
    const order = ['A-101', 'A-102', 'C-1', 'P-1', 'P-2', 'P-10'].map((reference) => text.search(new RegExp(`^${reference}$`, 'm')));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Dès le 05/01/2026');
    expect(text).not.toMatch(/ - -/);
    expect(text).toContain('01/01/2026 - 31/01/2026');
    const pages = pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
    });
    expect(pdfFonts(pdf).every((font) => font.embedded)).toBe(true);
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Zurich' }).format(new Date());
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe(`Rapport marketing 1 - Les Hauts de Rolle - ${day}.pdf`);
  });
});

describe('shared marketing rules', () => {
  it("'Visiter' adds a protocol-relative prefix to a url without http or https", () => {
    expect(campaignVisitUrl('www.homegate.ch/annonce')).toBe('//www.homegate.ch/annonce');
    expect(campaignVisitUrl('https://www.homegate.ch')).toBe('https://www.homegate.ch');
    expect(campaignVisitUrl('HTTP://radio.ch')).toBe('HTTP://radio.ch');
    expect(campaignVisitUrl('  ')).toBeNull();
  });

  it("spreads a campaign's price over its days for the report's period", () => {
    const campaign = { price: 3100, start_at: '2026-03-01', end_at: '2026-03-31', created_at: '2026-02-20' };
    expect(campaignCostOver(campaign, { from: '2026-03-01', to: '2026-03-31' })).toBe(3100);
    expect(campaignCostOver(campaign, { from: '2026-03-11', to: '2026-03-20' })).toBe(1000);
    expect(campaignCostOver(campaign, { from: '2026-04-01', to: '2026-04-30' })).toBe(0);
    expect(campaignCostOver({ ...campaign, start_at: null, end_at: null }, { from: '2026-02-20', to: '2026-02-21' })).toBe(3100);
  });
});
