import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authTokens, lots, notifications, promotionUsers, threadMessages, threads } from '../../db/schema/index.js';
import { type Frame, openEventStream } from '../../test/event-stream.js';
import { bearer, createBuildingWithLots, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * The live events (issue 21, docs/architecture.md 'Live events'): GET /api/events over a real
 * socket, read frame by frame as a browser's EventSource reads them.
 */

const changeOf = (frame: Frame) =>
  frame.event === 'change' && frame.data ? (JSON.parse(frame.data) as { what: string; promotion?: number }) : null;
const isChange = (what: string, promotion?: number) => (frame: Frame) => {
  const change = changeOf(frame);
  return change !== null && change.what === what && change.promotion === promotion;
};

let ctx: TestContext;
let baseUrl: string;
const streams: { close: () => void }[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

const streamOf = async (headers: Record<string, string>) => {
  const stream = await openEventStream(baseUrl, headers);
  streams.push(stream);
  return stream;
};

describe('GET /api/events: the live events (issue 21)', () => {
  it("tells a promotion's members what changed there, and nobody else; a rolled-back change is never told", async () => {
    const db = ctx.database.db;
    const ours = await createPromotion(db, { title: 'Les Vergers' });
    const theirs = await createPromotion(db, { title: 'Le Clos' });
    const member = await createUser(db, 'broker', { promotionIds: [ours.id] });
    const outsider = await createUser(db, 'broker', { promotionIds: [theirs.id] });
    const admin = await createUser(db, 'promoter', { admin: true });
    const { lots: created } = await createBuildingWithLots(db, ours.id, [500_000]);
    const [memberStream, outsiderStream, adminStream] = await Promise.all(
      [member, outsider, admin].map(async (user) => streamOf(bearer(await signIn(ctx.app, user.email)))),
    );
    expect(memberStream.status).toBe(200);
    expect(memberStream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(memberStream.headers['cache-control']).toBe('no-store');

    await db
      .transaction(async (tx) => {
        await tx.update(lots).set({ rawPrice: 1 }).where(eq(lots.id, created[0].id));
        tx.rollback();
      })
      .catch(() => undefined);
    await db.update(lots).set({ rawPrice: 510_000 }).where(eq(lots.id, created[0].id));
    await createBuildingWithLots(db, theirs.id, [400_000]);

    expect(await memberStream.next(isChange('lots', ours.id))).toHaveLength(1);
    expect(await adminStream.next(isChange('lots', ours.id))).toHaveLength(1);
    expect(await adminStream.next(isChange('lots', theirs.id))).toHaveLength(1);
    // The outsider hears of his own promotion's lots, which were written after: ours were never sent to him.
    expect(await outsiderStream.next(isChange('lots', theirs.id))).toHaveLength(1);
    expect(outsiderStream.frames.filter((frame) => changeOf(frame)?.promotion === ours.id)).toEqual([]);
    // One committed statement, one event: the rolled-back one said nothing.
    expect(memberStream.frames.filter(isChange('lots', ours.id))).toHaveLength(1);
  });

  it('tells a notification and a message to their users alone, without naming the promotion', async () => {
    const db = ctx.database.db;
    const promotion = await createPromotion(db);
    const broker = await createUser(db, 'broker', { promotionIds: [promotion.id] });
    const promoter = await createUser(db, 'promoter', { promotionIds: [promotion.id] });
    const colleague = await createUser(db, 'broker', { promotionIds: [promotion.id] });
    const admin = await createUser(db, 'promoter', { admin: true });
    const [brokerStream, promoterStream, colleagueStream, adminStream] = await Promise.all(
      [broker, promoter, colleague, admin].map(async (user) => streamOf(bearer(await signIn(ctx.app, user.email)))),
    );

    await db.insert(notifications).values({ userId: broker.id, title: 'Option expirée', description: 'Lot A-101' });
    const [thread] = await db
      .insert(threads)
      .values({ promotionId: promotion.id, title: 'Acompte', createdById: promoter.id, toId: broker.id })
      .returning();
    await db.insert(threadMessages).values({ threadId: thread.id, senderId: promoter.id, content: 'Reçu ?' });
    // A change the colleague hears of, written last.
    await createBuildingWithLots(db, promotion.id, [300_000]);

    expect(await brokerStream.next(isChange('notifications'))).toHaveLength(1);
    expect(await brokerStream.next(isChange('thread_messages'))).toHaveLength(1);
    expect(await promoterStream.next(isChange('thread_messages'))).toHaveLength(1);
    expect(await colleagueStream.next(isChange('lots', promotion.id))).toHaveLength(1);
    const heard = colleagueStream.frames.map((frame) => changeOf(frame)?.what);
    expect(heard).not.toContain('notifications');
    expect(heard).not.toContain('thread_messages');
    expect(heard).not.toContain('threads');
    expect(promoterStream.frames.map((frame) => changeOf(frame)?.what)).not.toContain('notifications');
    // The version of the broker's own scope (migration 0038) is raised, not announced: an admin,
    // who hears every promotion, does not hear of another user's notification.
    expect(await adminStream.next(isChange('lots', promotion.id))).toHaveLength(1);
    expect(adminStream.frames.map((frame) => changeOf(frame)?.what)).not.toContain('notifications');
  });

  it('follows a membership given while the stream is open', async () => {
    const db = ctx.database.db;
    const promotion = await createPromotion(db);
    const broker = await createUser(db, 'broker');
    const stream = await streamOf(bearer(await signIn(ctx.app, broker.email)));
    await db.insert(promotionUsers).values({ promotionId: promotion.id, userId: broker.id });
    await createBuildingWithLots(db, promotion.id, [300_000]);
    expect(await stream.next(isChange('lots', promotion.id))).toHaveLength(1);
  });

  it('catches up a reconnecting stream from its Last-Event-ID, and asks an unknown one to resync', async () => {
    const db = ctx.database.db;
    const promotion = await createPromotion(db);
    const broker = await createUser(db, 'broker', { promotionIds: [promotion.id] });
    const token = await signIn(ctx.app, broker.email);
    const first = await streamOf(bearer(token));
    const { lots: created } = await createBuildingWithLots(db, promotion.id, [300_000]);
    const [seen] = await first.next(isChange('lots', promotion.id));
    first.close();

    // Missed while away: two changes, one of them the reader's.
    await db.update(lots).set({ rawPrice: 310_000 }).where(eq(lots.id, created[0].id));
    await db.insert(notifications).values({ userId: broker.id, title: 'Nouvelle option', description: '' });
    const back = await streamOf({ ...bearer(token), 'last-event-id': seen.id ?? '' });
    const missed = await back.next((frame) => frame.event === 'change', 2);
    expect(missed.map(changeOf)).toEqual([{ what: 'lots', promotion: promotion.id }, { what: 'notifications' }]);

    const stranger = await streamOf({ ...bearer(token), 'last-event-id': '0123456789ab-4' });
    expect(await stranger.next((frame) => frame.event === 'resync')).toHaveLength(1);
  });

  it('opens on the session cookie an EventSource sends, and nowhere else; a closed session ends the stream', async () => {
    const db = ctx.database.db;
    const broker = await createUser(db, 'broker');
    const token = await signIn(ctx.app, broker.email);

    const anonymous = await fetch(`${baseUrl}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Merci de vous connecter' });
    // Only this route reads the cookie.
    const other = await fetch(`${baseUrl}/api/notifications/count`, { headers: { cookie: `token=${encodeURIComponent(token)}` } });
    expect(other.status).toBe(401);

    const stream = await streamOf({ cookie: `lang=fr; token=${encodeURIComponent(token)}` });
    expect(stream.status).toBe(200);
    await db.update(authTokens).set({ revokedAt: sql`now()` }).where(eq(authTokens.userId, broker.id));
    await ctx.app.events.checkSessions();
    await stream.next(() => false, 1, 2000);
    expect(stream.ended()).toBe(true);
  });

  it('ends every stream when the process stops, so that the clients reconnect elsewhere', async () => {
    const broker = await createUser(ctx.database.db, 'broker');
    const stream = await streamOf(bearer(await signIn(ctx.app, broker.email)));
    await stream.next(() => false, 1, 100);
    expect(ctx.app.events.size()).toBe(1);
    ctx.app.events.endStreams();
    await stream.next(() => false, 1, 2000);
    expect(stream.ended()).toBe(true);
    expect(ctx.app.events.size()).toBe(0);
  });
});
