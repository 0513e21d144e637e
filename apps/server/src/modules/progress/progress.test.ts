import { readFileSync } from 'node:fs';
import { PHOTO_SIZES, PROGRESS_MESSAGES, UPLOAD_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { files, photos } from '../../db/schema/index.js';
import { exiftoolTags, locationTags } from '../../test/exiftool.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** A JPEG whose EXIF says "turn 90°": stored 400 x 300, shown 300 x 400. */
const rotatedJpeg = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
const png = (width = 200, height = 100) =>
  sharp({ create: { width, height, channels: 4, background: '#aa6633' } })
    .png()
    .toBuffer();
/** The demo's 6-second MP4, and the same with the GPS position of Lausanne written by exiftool (platform/video-with-gps.mp4). */
const MP4 = readFileSync(new URL('../../db/seed/assets/visite-du-chantier.mp4', import.meta.url));
const MP4_WITH_GPS = readFileSync(new URL('../../platform/video-with-gps.mp4', import.meta.url));
/** An 'ftyp' box and nothing a video is made of. */
const NOT_A_MOVIE = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(64, 1)]);

const setUp = async () => {
  const db = ctx.database.db;
  const a = await createPromotion(db, { title: 'Les Hauts de Rolle' });
  const b = await createPromotion(db, { title: 'Le Clos de Nyon' });
  const { lots } = await createBuildingWithLots(db, a.id, [500_000, 600_000]);
  const { lots: lotsOfB } = await createBuildingWithLots(db, b.id, [700_000]);
  const broker = await createUser(db, 'broker', { promotionIds: [a.id] });
  const pilot = await createUser(db, 'pilot', { promotionIds: [a.id] });
  const promoter = await createUser(db, 'promoter', { promotionIds: [a.id] });
  const candidate = await createUser(db, 'candidate', { promotionIds: [a.id] });
  const investor = await createUser(db, 'investor', { promotionIds: [a.id] });
  const notary = await createUser(db, 'notary', { promotionIds: [a.id] });
  const demoBroker = await createUser(db, 'broker', { promotionIds: [a.id], isDemo: true });
  const brokerOfB = await createUser(db, 'broker', { promotionIds: [b.id] });
  const h = async (u: { email: string }) => bearer(await signIn(ctx.app, u.email));
  return {
    db,
    a,
    b,
    lots,
    lotsOfB,
    broker,
    candidate,
    brokerH: await h(broker),
    pilotH: await h(pilot),
    promoterH: await h(promoter),
    candidateH: await h(candidate),
    investorH: await h(investor),
    notaryH: await h(notary),
    demoH: await h(demoBroker),
    brokerOfBH: await h(brokerOfB),
  };
};

type World = Awaited<ReturnType<typeof setUp>>;

const album = (w: World, headers: Record<string, string>, payload: object, promotionId = w.a.id) =>
  ctx.app.inject({ method: 'POST', url: `/api/promotions/${promotionId}/photoGroups`, headers, payload });

const upload = (
  w: World,
  headers: Record<string, string>,
  groupId: number,
  items: { filename: string; type: string; content: Buffer }[],
  promotionId = w.a.id,
) => {
  const body = multipartBody(
    { promotion_id: promotionId, photo_group_id: groupId },
    items.map((i) => ({ field: 'photos[]', ...i })),
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/promotions/${promotionId}/photos`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

const list = (headers: Record<string, string>, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/photoGroups?${query}`, headers });

describe('albums (docs/product/progress.md#rules; docs/product/progress.md)', () => {
  it('creates an album with its name, date, comment, lot and flags, defaults not hidden and not on the home page', async () => {
    const w = await setUp();
    const res = await album(w, w.brokerH, {
      name: 'Gros œuvre',
      date: '2026-03-12',
      comment: 'Dalle du 2e',
      lot_id: w.lots[0].id,
      promotion_id: w.a.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: PROGRESS_MESSAGES.albumCreated,
      data: { name: 'Gros œuvre', date: '2026-03-12', comment: 'Dalle du 2e', lot_id: w.lots[0].id, hidden: false, home_page: false },
    });
    expect(res.json().data.lot.reference).toBe('A-101');
  });

  it('requires a name and a date, in French', async () => {
    const w = await setUp();
    expect((await album(w, w.brokerH, { name: ' ', date: '2026-03-12' })).json().message).toBe(PROGRESS_MESSAGES.nameRequired);
    expect((await album(w, w.brokerH, { name: 'Toiture' })).json().message).toBe(PROGRESS_MESSAGES.dateRequired);
    const bad = await album(w, w.brokerH, { name: 'Toiture', date: '12.03.2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(PROGRESS_MESSAGES.dateInvalid);
  });

  it('lets brokers and pilots write; promoters, candidates and investors get 403, notaries do not reach the route', async () => {
    const w = await setUp();
    expect((await album(w, w.pilotH, { name: 'Façades', date: '2026-04-01' })).statusCode).toBe(200);
    expect((await album(w, w.promoterH, { name: 'X', date: '2026-04-01' })).statusCode).toBe(403);
    expect((await album(w, w.candidateH, { name: 'X', date: '2026-04-01' })).statusCode).toBe(403);
    expect((await album(w, w.investorH, { name: 'X', date: '2026-04-01' })).statusCode).toBe(403);
    expect((await list(w.notaryH, '')).statusCode).toBe(403);
  });

  it("a pilot does not choose a lot: the lot he sends is ignored and an edit keeps the album's lot", async () => {
    const w = await setUp();
    const created = (await album(w, w.pilotH, { name: 'Façades', date: '2026-04-01', lot_id: w.lots[0].id })).json().data;
    expect(created.lot_id).toBeNull();
    const byBroker = (await album(w, w.brokerH, { name: 'Cuisine', date: '2026-04-02', lot_id: w.lots[1].id })).json().data;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/promotions/${w.a.id}/photoGroups/${byBroker.id}`,
      headers: w.pilotH,
      payload: { name: 'Cuisine équipée', date: '2026-04-02', lot_id: null, hidden: true },
    });
    expect(edited.json().data).toMatchObject({ name: 'Cuisine équipée', lot_id: w.lots[1].id, hidden: true });
  });

  it("answers 404 for another promotion's album, lot or promotion", async () => {
    const w = await setUp();
    expect((await album(w, w.brokerH, { name: 'X', date: '2026-04-01', lot_id: w.lotsOfB[0].id })).statusCode).toBe(404);
    expect((await album(w, w.brokerH, { name: 'X', date: '2026-04-01' }, w.b.id)).statusCode).toBe(404);
    const ofB = (await album(w, w.brokerOfBH, { name: 'B', date: '2026-04-01' }, w.b.id)).json().data;
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/promotions/${w.a.id}/photoGroups/${ofB.id}`,
      headers: w.brokerH,
      payload: { name: 'Y', date: '2026-04-01' },
    });
    expect(put.statusCode).toBe(404);
    expect((await list(w.brokerH, `lot=${w.lotsOfB[0].id}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/photos?photo_group_id=${ofB.id}`, headers: w.brokerH })).statusCode).toBe(404);
  });
});

describe('photos (docs/product/progress.md#rules)', () => {
  it('makes a 160 px high thumbnail and a 1300 px wide version, upright and without metadata', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Chantier', date: '2026-03-12' })).json().data;
    const res = await upload(w, w.brokerH, group.id, [
      { filename: 'dalle.jpg', type: 'image/jpeg', content: await rotatedJpeg() },
      { filename: 'grue.png', type: 'image/png', content: await png() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROGRESS_MESSAGES.photosAdded);
    const listed = (await ctx.app.inject({ method: 'GET', url: `/api/photos?photo_group_id=${group.id}`, headers: w.candidateH })).json()
      .data;
    expect(listed).toHaveLength(2);
    const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).rawPayload;
    const large = await sharp(await get(listed[0].url_1300w)).metadata();
    const thumb = await sharp(await get(listed[0].url_160h)).metadata();
    // 300 x 400 once upright: 1300 wide is 1733 high; 160 high is 120 wide.
    expect([large.width, large.height, large.format]).toEqual([PHOTO_SIZES.largeWidth, 1733, 'jpeg']);
    expect([thumb.width, thumb.height]).toEqual([120, PHOTO_SIZES.thumbnailHeight]);
    expect(large.exif).toBeUndefined();
    expect(large.orientation).toBeUndefined();
    expect(listed[1]).toMatchObject({ name: 'grue.png', is_video: false, url_video: null });
  });

  it('stores a video, its metadata removed, and plays it from url_video', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Visite', date: '2026-03-12' })).json().data;
    expect((await upload(w, w.brokerH, group.id, [{ filename: 'visite.mp4', type: 'video/mp4', content: MP4 }])).statusCode).toBe(200);
    const [video] = (await ctx.app.inject({ method: 'GET', url: `/api/photos?photo_group_id=${group.id}`, headers: w.brokerH })).json()
      .data;
    expect(video).toMatchObject({ is_video: true, url_160h: null, url_1300w: null });
    const served = (await ctx.app.inject({ method: 'GET', url: video.url_video })).rawPayload;
    expect(served.length).toBe(MP4.length);
    const tags = await exiftoolTags(served, 'mp4');
    expect([tags['Track1:ImageWidth'], tags['Track1:ImageHeight'], tags['QuickTime:Duration']]).toEqual([640, 448, 6]);
    // What ffmpeg wrote about itself in the item list is metadata too.
    expect(tags['ItemList:Encoder']).toBeUndefined();
  });

  it("serves a phone's video without the GPS position it was filmed at", async () => {
    const w = await setUp();
    expect(Object.keys(locationTags(await exiftoolTags(MP4_WITH_GPS, 'mp4')))).not.toEqual([]);
    const group = (await album(w, w.brokerH, { name: 'Visite', date: '2026-03-12' })).json().data;
    const sent = await upload(w, w.brokerH, group.id, [{ filename: 'IMG_0042.MOV', type: 'video/quicktime', content: MP4_WITH_GPS }]);
    expect(sent.statusCode).toBe(200);
    const [video] = (await ctx.app.inject({ method: 'GET', url: `/api/photos?photo_group_id=${group.id}`, headers: w.candidateH })).json()
      .data;
    const served = (await ctx.app.inject({ method: 'GET', url: video.url_video })).rawPayload;
    expect(locationTags(await exiftoolTags(served, 'mp4'))).toEqual({});
  });

  it('refuses a video whose metadata cannot be removed, and stores nothing of the upload', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Visite', date: '2026-03-12' })).json().data;
    const res = await upload(w, w.brokerH, group.id, [
      { filename: 'ok.png', type: 'image/png', content: await png() },
      { filename: 'visite.mp4', type: 'video/mp4', content: NOT_A_MOVIE },
    ]);
    expect([res.statusCode, res.json().message]).toEqual([422, UPLOAD_MESSAGES.videoNotCleanable('visite.mp4')]);
    expect(await w.db.select().from(photos)).toEqual([]);
    expect(await w.db.select().from(files)).toEqual([]);
  });

  it('refuses a file that is neither photo nor video, and stores nothing of the upload', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Chantier', date: '2026-03-12' })).json().data;
    const res = await upload(w, w.brokerH, group.id, [
      { filename: 'ok.png', type: 'image/png', content: await png() },
      { filename: 'page.html', type: 'image/png', content: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PROGRESS_MESSAGES.refused);
    expect(await w.db.select().from(photos)).toHaveLength(0);
    expect(await w.db.select().from(files).where(eq(files.owner, 'photo'))).toHaveLength(0);
  });

  it('takes 20 files in one request and refuses a 21st; refuses a photo over 10 Mo in French', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Chantier', date: '2026-03-12' })).json().data;
    const small = await png(40, 30);
    const twenty = Array.from({ length: 20 }, (_, i) => ({ filename: `p${i}.png`, type: 'image/png', content: small }));
    expect((await upload(w, w.brokerH, group.id, twenty)).statusCode).toBe(200);
    expect(await w.db.select().from(photos)).toHaveLength(20);
    const tooMany = await upload(w, w.brokerH, group.id, [...twenty, { filename: 'p20.png', type: 'image/png', content: small }]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(PROGRESS_MESSAGES.tooMany);
    const big = Buffer.concat([small, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await upload(w, w.brokerH, group.id, [{ filename: 'grand.png', type: 'image/png', content: big }]);
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().message).toBe(PROGRESS_MESSAGES.photoTooBig('grand.png'));
    expect(await w.db.select().from(photos)).toHaveLength(20);
  });

  it('refuses demo users (403) and an album of another promotion (404)', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Chantier', date: '2026-03-12' })).json().data;
    const demo = await upload(w, w.demoH, group.id, [{ filename: 'a.png', type: 'image/png', content: await png() }]);
    expect(demo.statusCode).toBe(403);
    expect(demo.json().message).toBe(PROGRESS_MESSAGES.demoCannotAdd);
    const ofB = (await album(w, w.brokerOfBH, { name: 'B', date: '2026-04-01' }, w.b.id)).json().data;
    expect((await upload(w, w.brokerH, ofB.id, [{ filename: 'a.png', type: 'image/png', content: await png() }])).statusCode).toBe(404);
  });

  it('deletes a photo, then an album with its photos, and their stored files', async () => {
    const w = await setUp();
    const group = (await album(w, w.brokerH, { name: 'Chantier', date: '2026-03-12' })).json().data;
    await upload(w, w.brokerH, group.id, [
      { filename: 'a.png', type: 'image/png', content: await png() },
      { filename: 'b.png', type: 'image/png', content: await png() },
    ]);
    const [first] = await w.db.select().from(photos);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${w.a.id}/photos/${first.id}`, headers: w.brokerH });
    expect(del.json().message).toBe(PROGRESS_MESSAGES.photoDeleted);
    expect(await w.db.select().from(files).where(eq(files.owner, 'photo'))).toHaveLength(2);
    const gone = await ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${w.a.id}/photoGroups/${group.id}`, headers: w.brokerH });
    expect(gone.json().message).toBe(PROGRESS_MESSAGES.albumDeleted);
    expect(await w.db.select().from(photos)).toHaveLength(0);
    expect(await w.db.select().from(files).where(eq(files.owner, 'photo'))).toHaveLength(0);
  });
});

describe('GET photoGroups (the list, the lot filter, the readers)', () => {
  it('hides hidden albums from candidates and investors, not from staff; filters by lot', async () => {
    const w = await setUp();
    await album(w, w.brokerH, { name: 'Visible', date: '2026-03-01', lot_id: w.lots[0].id });
    const hidden = (await album(w, w.brokerH, { name: 'Caché', date: '2026-03-02', hidden: true })).json().data;
    expect((await list(w.brokerH, '')).json().data.map((g: { name: string }) => g.name)).toEqual(['Caché', 'Visible']);
    expect((await list(w.promoterH, '')).json().total).toBe(2);
    const asCandidate = (await list(w.candidateH, '')).json();
    expect(asCandidate.data.map((g: { name: string }) => g.name)).toEqual(['Visible']);
    expect(asCandidate).toMatchObject({ can_manage: false, can_add_photos: false });
    expect((await list(w.investorH, '')).json().total).toBe(1);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/photos?photo_group_id=${hidden.id}`, headers: w.candidateH })).statusCode,
    ).toBe(404);
    const byLot = (await list(w.brokerH, `lot=${w.lots[0].id}`)).json();
    expect(byLot.data.map((g: { name: string }) => g.name)).toEqual(['Visible']);
    expect(byLot.lot.reference).toBe('A-101');
    expect((await list(w.brokerH, '')).json()).toMatchObject({ can_manage: true, can_add_photos: true });
    expect((await list(w.demoH, '')).json()).toMatchObject({ can_manage: true, can_add_photos: false });
  });

  it('lets a candidate open a visible photo through file-url, not a hidden one', async () => {
    const w = await setUp();
    const visible = (await album(w, w.brokerH, { name: 'Visible', date: '2026-03-01' })).json().data;
    const hidden = (await album(w, w.brokerH, { name: 'Caché', date: '2026-03-02', hidden: true })).json().data;
    await upload(w, w.brokerH, visible.id, [{ filename: 'a.png', type: 'image/png', content: await png() }]);
    await upload(w, w.brokerH, hidden.id, [{ filename: 'b.png', type: 'image/png', content: await png() }]);
    const uuids = await w.db.select({ uuid: files.uuid, name: files.name }).from(files).where(eq(files.owner, 'photo'));
    const uuidOf = (name: string) => uuids.find((f) => f.name === name)?.uuid;
    const open = (uuid: string | undefined) => ctx.app.inject({ method: 'GET', url: `/api/file-url/${uuid}`, headers: w.candidateH });
    expect((await open(uuidOf('a.png'))).statusCode).toBe(200);
    expect((await open(uuidOf('b.png'))).statusCode).toBe(404);
  });
});
