import { type CandidateListItem, type CandidateRecordDetail, type CandidateThread, MESSAGES } from '@promovente/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { candidacies, candidates, promotions, threadMessages, threadReads, threads } from '../../db/schema/index.js';
import { demoBroker, expectBoundedQueries } from '../../test/bounded-queries.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { candidateAccount, createCandidacyRow, salesDesk } from '../candidacies/candidacies.fixtures.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('GET /candidates (docs/product/calls.md#candidates-and-candidacies "GET /candidates (query promotion, all)")', () => {
  beforeEach(() => ctx.reset());

  it("lists the people with a candidacy in the current promotion, by name, with that candidacy's status and broker", async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const zurcher = await createCandidacyRow(db, desk.promotion.id, {
      brokerId: desk.broker.id,
      agencyId: desk.leman.id,
      status: 3,
      candidate: { firstName: 'Marc', lastName: 'Zurcher' },
    });
    const aebi = await createCandidacyRow(db, desk.promotion.id, {
      brokerId: desk.rival.id,
      agencyId: desk.jura.id,
      candidate: { firstName: 'Léa', lastName: 'Aebi', phone: '+41 79 555 12 34' },
    });
    // The same person in another promotion is that promotion's own record: it never comes with him.
    await createCandidacyRow(db, desk.other.id, { candidate: { firstName: 'Marc', lastName: 'Zurcher', email: zurcher.candidate.email } });
    await createCandidacyRow(db, desk.other.id, { candidate: { lastName: 'Ailleurs' } });
    const hidden = await createCandidacyRow(db, desk.promotion.id, { candidate: { lastName: 'Masqué' } });
    await db.update(candidates).set({ hidden: true }).where(eq(candidates.id, hidden.candidate.id));

    const response = await get(`/api/candidates?promotion=${desk.promotion.id}`, await desk.token(desk.broker));
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ current_page: 1, last_page: 1, from: 1, to: 2, total: 2 });
    expect(page.data.map((c: CandidateListItem) => c.full_name)).toEqual(['Léa Aebi', 'Marc Zurcher']);
    const [first, second] = page.data as CandidateListItem[];
    expect(first).toMatchObject({ id: aebi.candidate.id, phone: '+41 79 555 12 34', user_id: null, profile_picture: null });
    expect(first.candidacies).toEqual([
      {
        id: aebi.candidacy.id,
        promotion_id: desk.promotion.id,
        status: 0,
        status_text: 'Prospect',
        agency_id: desk.jura.id,
        broker: { id: desk.rival.id, full_name: 'Luc Rival', profile_picture: null },
      },
    ]);
    expect(second.candidacies.map((c) => [c.id, c.status_text])).toEqual([[zurcher.candidacy.id, 'Client']]);

    // Without a promotion: the current one (the first by title here, 'Les Hauts de Rolle').
    const current = (await get('/api/candidates', await desk.token(desk.broker))).json();
    expect(current.total).toBe(2);
  });

  it('searches by name, full name, e-mail and phone, in SQL', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const berset = await createCandidacyRow(db, desk.promotion.id, {
      candidate: { firstName: 'Thomas', lastName: 'Berset', email: 'thomas.berset@exemple.ch', phonePro: '021 555 00 11' },
    });
    await createCandidacyRow(db, desk.promotion.id, { candidate: { firstName: 'Anne', lastName: 'Meylan' } });
    const headers = await desk.token(desk.broker);
    const ids = async (search: string) =>
      (await get(`/api/candidates?promotion=${desk.promotion.id}&search=${encodeURIComponent(search)}`, headers))
        .json()
        .data.map((c: CandidateListItem) => c.id);
    for (const search of ['berS', 'Thomas Berset', 'Berset Thomas', 'thomas.berset@', '555 00']) {
      expect(await ids(search)).toEqual([berset.candidate.id]);
    }
    expect(await ids('100%')).toEqual([]);
  });

  it('pages by 50, answers the last page past the end, and all=1 answers every match on one page', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    for (let i = 0; i < 51; i += 1) {
      await createCandidacyRow(db, desk.promotion.id, { candidate: { lastName: `Nom${String(i).padStart(2, '0')}` } });
    }
    const headers = await desk.token(desk.broker);
    const base = `/api/candidates?promotion=${desk.promotion.id}`;
    const first = (await get(base, headers)).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, from: 1, to: 50, total: 51 });
    const second = (await get(`${base}&page=2`, headers)).json();
    expect(second).toMatchObject({ current_page: 2, from: 51, to: 51 });
    expect(second.data[0].last_name).toBe('Nom50');
    expect((await get(`${base}&page=9`, headers)).json().current_page).toBe(2);
    const all = (await get(`${base}&all=1`, headers)).json();
    expect(all).toMatchObject({ current_page: 1, last_page: 1, total: 51 });
    expect(all.data).toHaveLength(51);
    const invalid = await get(`${base}&page=0`, headers);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Page invalide');
  });

  it('answers 404 for a promotion the broker is not a member of and 403 to other roles', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const outside = await get(`/api/candidates?promotion=${desk.other.id}`, await desk.token(desk.broker));
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(MESSAGES.pageNotFound);
    for (const user of [desk.promoter, desk.notary]) {
      const refused = await get(`/api/candidates?promotion=${desk.promotion.id}`, await desk.token(user));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MESSAGES.accessDenied);
    }
  });
});

describe('GET /candidates (architecture note: no N+1)', () => {
  it('costs the same queries for a page of 50 people as for one', async () => {
    await ctx.reset();
    const headers = await demoBroker(ctx);
    const [promotion] = await ctx.database.db.select().from(promotions).where(eq(promotions.title, 'Quartier des Vergers'));
    const [one] = await ctx.database.db
      .select({ email: candidates.email })
      .from(candidacies)
      .innerJoin(candidates, eq(candidates.id, candidacies.candidateId))
      .where(and(eq(candidacies.promotionId, promotion.id), eq(candidates.hidden, false)))
      .limit(1);
    await expectBoundedQueries(ctx, headers, {
      many: `/api/candidates?promotion=${promotion.id}`,
      one: `/api/candidates?promotion=${promotion.id}&search=${encodeURIComponent(one.email ?? '')}`,
    });
  });
});

/** A thread with its messages (sender, minutes ago) and read marks (user, minutes ago). */
const addThread = async (
  db: Db,
  values: { promotionId: number; title: string; createdById: number; toId: number; candidacyId?: number | null },
  messages: [number, number][],
  reads: [number, number][] = [],
) => {
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  const [thread] = await db
    .insert(threads)
    .values({ ...values, createdAt: at(messages[0][1]), lastMessageAt: at(messages[messages.length - 1][1]) })
    .returning();
  await db
    .insert(threadMessages)
    .values(messages.map(([senderId, ago]) => ({ threadId: thread.id, senderId, content: 'Bonjour', createdAt: at(ago) })));
  if (reads.length > 0)
    await db.insert(threadReads).values(reads.map(([userId, ago]) => ({ threadId: thread.id, userId, lastReadAt: at(ago) })));
  return thread;
};

describe('GET /candidates/{id}: the threads about the candidate (docs/product/calls.md#threads "includes threads")', () => {
  beforeEach(() => ctx.reset());

  it('answers the threads the caller takes part in, on a candidacy of the candidate or with his account, most recent first', async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidate, candidacy } = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id, agencyId: desk.leman.id });
    const account = await candidateAccount(db, desk.promotion.id, candidate);
    const someoneElse = await createCandidacyRow(db, desk.promotion.id, { brokerId: desk.broker.id });

    // To the candidate, read by him up to the broker's first message, then a reply: one unread for the broker.
    const conversation = await addThread(
      db,
      {
        promotionId: desk.promotion.id,
        title: 'Votre réservation',
        createdById: desk.broker.id,
        toId: account.id,
        candidacyId: candidacy.id,
      },
      [
        [desk.broker.id, 60],
        [account.id, 30],
        [account.id, 10],
      ],
      [
        [desk.broker.id, 20],
        [account.id, 5],
      ],
    );
    // From the broker to the notary about the candidacy, never read by the notary.
    const aboutHim = await addThread(
      db,
      {
        promotionId: desk.promotion.id,
        title: 'Acte de M. ou Mme',
        createdById: desk.broker.id,
        toId: desk.notary.id,
        candidacyId: candidacy.id,
      },
      [[desk.broker.id, 120]],
    );
    // Between the candidate and the notary: not the broker's.
    const notaryThread = await addThread(
      db,
      { promotionId: desk.promotion.id, title: 'Question au notaire', createdById: account.id, toId: desk.notary.id, candidacyId: null },
      [[account.id, 15]],
    );
    // About another candidate: not on this record.
    await addThread(
      db,
      {
        promotionId: desk.promotion.id,
        title: 'Autre candidat',
        createdById: desk.broker.id,
        toId: desk.notary.id,
        candidacyId: someoneElse.candidacy.id,
      },
      [[desk.broker.id, 1]],
    );

    const response = await get(`/api/candidates/${candidate.id}`, await desk.token(desk.broker));
    expect(response.statusCode).toBe(200);
    const record = response.json().data as CandidateRecordDetail;
    expect(record.candidacies.map((c) => c.id)).toEqual([candidacy.id]);
    expect(record.threads.map((t) => t.id)).toEqual([conversation.id, aboutHim.id]);
    const [first, second] = record.threads as CandidateThread[];
    expect(first).toMatchObject({
      title: 'Votre réservation',
      promotion_id: desk.promotion.id,
      candidacy_id: candidacy.id,
      is_from_me: true,
      messages_count: 3,
      unread_count: 1,
      created_by: { id: desk.broker.id, full_name: 'Paul Courtier' },
      interlocutor: { id: account.id },
    });
    expect(second).toMatchObject({ is_from_me: true, messages_count: 1, unread_count: 0, interlocutor: { id: desk.notary.id } });

    // The candidate reads his own record: his two threads, nothing unread in the broker's.
    const own = (await get(`/api/candidates/${candidate.id}`, await desk.token(account))).json().data as CandidateRecordDetail;
    expect(own.threads.map((t) => [t.id, t.is_from_me, t.unread_count])).toEqual([
      [conversation.id, false, 0],
      [notaryThread.id, true, 0],
    ]);
    expect(own.threads[0].interlocutor).toMatchObject({ id: desk.broker.id, full_name: 'Paul Courtier' });
  });

  it("leaves out the threads about the same person's record in another promotion (decision 008)", async () => {
    const db = ctx.database.db;
    const desk = await salesDesk(ctx.app, db);
    const { candidate } = await createCandidacyRow(db, desk.promotion.id);
    const { candidacy: elsewhere } = await createCandidacyRow(db, desk.other.id, { candidate: { email: candidate.email } });
    // The broker once wrote in the other promotion, which he is no longer a member of.
    await addThread(
      db,
      {
        promotionId: desk.other.id,
        title: 'Ancienne promotion',
        createdById: desk.broker.id,
        toId: desk.outsider.id,
        candidacyId: elsewhere.id,
      },
      [[desk.broker.id, 5]],
    );
    const record = (await get(`/api/candidates/${candidate.id}`, await desk.token(desk.broker))).json().data as CandidateRecordDetail;
    expect(record.threads).toEqual([]);
  });
});
