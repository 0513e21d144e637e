import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidacies, candidates, files, mailMessages, notifications, threadMessages, threads } from '../../db/schema/index.js';
import { bearer, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { NO_CANDIDATE_ACCOUNT } from './threads.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const form = (fields: Record<string, string | number>, file?: { name: string; type: string; content: string }) => {
  const boundary = '----thread-test';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`,
    );
  }
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

const setup = async () => {
  const db = ctx.database.db;
  const promotion = await createPromotion(db);
  const other = await createPromotion(db, { title: 'Autre' });
  const broker = await createUser(db, 'broker', { promotionIds: [promotion.id] });
  const notary = await createUser(db, 'notary', { promotionIds: [promotion.id] });
  const outsider = await createUser(db, 'notary', { promotionIds: [other.id] });
  const [candidate] = await db
    .insert(candidates)
    .values({ promotionId: promotion.id, firstName: 'Anne', lastName: 'Meylan', email: 'anne@test.ch' })
    .returning();
  await db.insert(candidacies).values({ promotionId: promotion.id, candidateId: candidate.id, brokerId: broker.id });
  const account = await createUser(db, 'candidate', { email: 'anne@test.ch', promotionIds: [promotion.id] });
  await db.update(candidates).set({ userId: account.id }).where(eq(candidates.id, candidate.id));
  return { promotion, other, broker, notary, outsider, candidate, account };
};

describe('POST /threads (docs/product/validation.md#new-thread and docs/product/access.md#who-may-do-what thread recipients)', () => {
  it('opens a thread from a broker to a candidate, with attachment, notification and e-mail', async () => {
    const { promotion, broker, candidate, account } = await setup();
    const token = await signIn(ctx.app, broker.email);
    const body = form(
      {
        title: 'Votre dossier',
        content: 'Bonjour,\nmerci pour votre visite.',
        to_id: candidate.id,
        to_base_class: 'candidate',
        promotion: promotion.id,
      },
      { name: 'plan.pdf', type: 'application/pdf', content: '%PDF-1.4 plan' },
    );
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/threads',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { title: 'Votre dossier' }, message: 'Message envoyé' });

    const db = ctx.database.db;
    const [thread] = await db.select().from(threads);
    expect([thread.createdById, thread.toId]).toEqual([broker.id, account.id]);
    expect(await db.select({ content: threadMessages.content }).from(threadMessages)).toEqual([
      { content: 'Bonjour,\nmerci pour votre visite.' },
    ]);
    expect((await db.select().from(files).where(eq(files.owner, 'thread_message'))).map((f) => f.name)).toEqual(['plan.pdf']);
    expect((await db.select().from(notifications).where(eq(notifications.userId, account.id))).map((n) => n.title)).toEqual([
      'Nouveau message : Votre dossier',
    ]);
    expect((await db.select().from(mailMessages)).map((m) => m.to)).toEqual([['anne@test.ch']]);
  });

  it("sends a candidate's thread to his own broker: he cannot choose", async () => {
    const { promotion, broker, notary, account } = await setup();
    const token = await signIn(ctx.app, account.email);
    const body = form({
      title: 'Question',
      content: 'Quand la visite ?',
      to_id: notary.id,
      to_base_class: 'notary',
      promotion: promotion.id,
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/threads',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
    const [thread] = await ctx.database.db.select().from(threads);
    expect(thread.toId).toBe(broker.id);
  });

  it('requires title, content and a recipient the role may choose', async () => {
    const { promotion, broker, notary, outsider } = await setup();
    const token = await signIn(ctx.app, broker.email);
    const send = (fields: Record<string, string | number>) => {
      const body = form(fields);
      return ctx.app.inject({ method: 'POST', url: '/api/threads', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    expect((await send({ title: ' ', content: 'x', promotion: promotion.id })).json().message).toBe('Titre requis');
    expect((await send({ title: 'T', content: 'x', promotion: promotion.id })).json().message).toBe('Destinataire requis');
    expect(
      (await send({ title: 'T', content: 'x', to_id: broker.id, to_base_class: 'broker', promotion: promotion.id })).json().message,
    ).toBe('Destinataire invalide');
    expect(
      (await send({ title: 'T', content: 'x', to_id: outsider.id, to_base_class: 'notary', promotion: promotion.id })).statusCode,
    ).toBe(404);
    expect((await send({ title: 'T', content: 'x', to_id: notary.id, to_base_class: 'notary', promotion: promotion.id })).statusCode).toBe(
      200,
    );
  });

  it('refuses a candidate without account, and another promotion', async () => {
    const { promotion, other, broker } = await setup();
    const [lonely] = await ctx.database.db
      .insert(candidates)
      .values({ promotionId: promotion.id, firstName: 'Paul', lastName: 'Roch', email: 'paul@test.ch' })
      .returning();
    await ctx.database.db.insert(candidacies).values({ promotionId: promotion.id, candidateId: lonely.id, brokerId: broker.id });
    const token = await signIn(ctx.app, broker.email);
    const body = form({ title: 'T', content: 'x', to_id: lonely.id, to_base_class: 'candidate', promotion: promotion.id });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/threads',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(NO_CANDIDATE_ACCOUNT);
    const foreign = form({ title: 'T', content: 'x', to_id: lonely.id, to_base_class: 'candidate', promotion: other.id });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/threads',
      headers: { ...bearer(token), ...foreign.headers },
      payload: foreign.payload,
    });
    expect(refused.statusCode).toBe(404);
  });

  it("refuses another promotion's candidacy and an unknown one like a path id: 404, nothing stored", async () => {
    const { promotion, other, broker, notary } = await setup();
    const [foreigner] = await ctx.database.db
      .insert(candidates)
      .values({ firstName: 'Marc', lastName: 'Autre', promotionId: other.id })
      .returning();
    const [foreign] = await ctx.database.db.insert(candidacies).values({ promotionId: other.id, candidateId: foreigner.id }).returning();
    const [own] = await ctx.database.db.select({ id: candidacies.id }).from(candidacies).where(eq(candidacies.promotionId, promotion.id));
    const token = await signIn(ctx.app, broker.email);
    const send = (candidacyId: number) => {
      const body = form(
        { title: 'Dossier', content: 'x', to_id: notary.id, to_base_class: 'notary', promotion: promotion.id, candidacy_id: candidacyId },
        { name: 'plan.pdf', type: 'application/pdf', content: '%PDF-1.4 plan' },
      );
      return ctx.app.inject({ method: 'POST', url: '/api/threads', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };

    for (const candidacyId of [foreign.id, 999_999]) {
      const refused = await send(candidacyId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Page introuvable' });
    }
    const db = ctx.database.db;
    expect(await db.select().from(threads)).toEqual([]);
    expect(await db.select().from(threadMessages)).toEqual([]);
    expect(await db.select().from(files)).toEqual([]);
    expect(await db.select().from(notifications)).toEqual([]);

    expect((await send(own.id)).statusCode).toBe(200);
    expect((await db.select({ candidacyId: threads.candidacyId }).from(threads)).map((t) => t.candidacyId)).toEqual([own.id]);
  });

  it('refuses an id past 2,147,483,647 and a NUL character with a French message naming the field', async () => {
    const { promotion, broker, notary } = await setup();
    const token = await signIn(ctx.app, broker.email);
    const send = (fields: Record<string, string | number>) => {
      const body = form({ title: 'T', content: 'x', to_id: notary.id, to_base_class: 'notary', promotion: promotion.id, ...fields });
      return ctx.app.inject({ method: 'POST', url: '/api/threads', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    const answers = [
      await send({ candidacy_id: '2147483648' }),
      await send({ to_id: '-1' }),
      await send({ promotion: 'abc' }),
      await send({ title: 'Vis\u0000ite' }),
    ];
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
      [400, 'Identifiant invalide : candidature'],
      [400, 'Identifiant invalide : destinataire'],
      [400, 'Identifiant invalide : promotion'],
      [400, 'Le champ « Titre » contient un caractère interdit.'],
    ]);
    expect(await ctx.database.db.select().from(threads)).toEqual([]);
  });
});
