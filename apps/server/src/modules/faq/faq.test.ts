import { FAQ_MESSAGES } from '@promovente/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { faqQuestions, files, users } from '../../db/schema/index.js';
import { bearer, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Promotion A with a broker, a notary, a candidate, a pilot and an investor; promotion B with its own broker; an admin broker. */
const setUp = async () => {
  const db = ctx.database.db;
  const a = await createPromotion(db, { title: 'Les Hauts de Rolle' });
  const b = await createPromotion(db, { title: 'Le Clos de Nyon' });
  const admin = await createUser(db, 'broker', { admin: true, lastName: 'Admin' });
  const broker = await createUser(db, 'broker', { promotionIds: [a.id], lastName: 'Courtier' });
  const brokerOfB = await createUser(db, 'broker', { promotionIds: [b.id], lastName: 'Vergers' });
  const notary = await createUser(db, 'notary', { promotionIds: [a.id] });
  const candidateOfB = await createUser(db, 'candidate', { promotionIds: [b.id], numberConnections: 1 });
  const pilot = await createUser(db, 'pilot', { promotionIds: [a.id] });
  const investor = await createUser(db, 'investor', { promotionIds: [a.id] });
  const h = async (email: string) => bearer(await signIn(ctx.app, email));
  return {
    db,
    a,
    b,
    admin,
    broker,
    adminH: await h(admin.email),
    brokerH: await h(broker.email),
    brokerOfBH: await h(brokerOfB.email),
    notaryH: await h(notary.email),
    candidateOfBH: await h(candidateOfB.email),
    pilotH: await h(pilot.email),
    investorH: await h(investor.email),
  };
};

const add = (
  promotionId: number,
  headers: Record<string, string>,
  fields: Record<string, string>,
  file?: Buffer,
  filename = 'notice.pdf',
) => {
  const body = multipartBody(fields, file ? [{ field: 'file', filename, type: 'application/pdf', content: file }] : []);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/promotions/${promotionId}/question`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const list = (promotionId: number, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/promotions/${promotionId}/questions`, headers });
const remove = (promotionId: number, id: number, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/promotions/${promotionId}/questions/${id}`, headers });

const question = { question: 'Quand puis-je visiter le chantier ?', answer: 'Le premier samedi du mois, sur rendez-vous.' };

describe('POST promotions/{id}/question (docs/product/faq.md#rules)', () => {
  it('adds a question of the promotion, trimmed, with its file, and lists it with the promotion', async () => {
    const w = await setUp();
    const res = await add(w.a.id, w.brokerH, { question: `  ${question.question} `, answer: question.answer }, PDF);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: FAQ_MESSAGES.added,
      data: { question: question.question, answer: question.answer, global: false, file: { name: 'notice.pdf' }, can_delete: true },
    });
    const [file] = await w.db.select().from(files).where(eq(files.owner, 'faq'));
    expect(file).toMatchObject({ promotionId: w.a.id, name: 'notice.pdf', mime: 'application/pdf' });
    const listed = (await list(w.a.id, w.notaryH)).json().data;
    expect(listed.map((q: { question: string }) => q.question)).toEqual([question.question]);
    expect(listed[0].can_delete).toBe(false);
    expect((await list(w.b.id, w.brokerOfBH)).json().data).toEqual([]);
  });

  it('refuses an empty question or answer with a French message', async () => {
    const w = await setUp();
    const noQuestion = await add(w.a.id, w.brokerH, { question: '   ', answer: 'x' });
    expect(noQuestion.statusCode).toBe(400);
    expect(noQuestion.json().message).toBe(FAQ_MESSAGES.questionRequired);
    const noAnswer = await add(w.a.id, w.brokerH, { question: 'x' });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().message).toBe(FAQ_MESSAGES.answerRequired);
    expect(await w.db.select().from(faqQuestions)).toEqual([]);
  });

  it('refuses a file judged by its content (an HTML page called .pdf) and stores nothing', async () => {
    const w = await setUp();
    const res = await add(w.a.id, w.brokerH, question, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(res.statusCode).toBe(422);
    expect(await w.db.select().from(faqQuestions)).toEqual([]);
    expect(await w.db.select().from(files)).toEqual([]);
  });

  it("is the brokers': a notary gets 403, another promotion's broker 404", async () => {
    const w = await setUp();
    expect((await add(w.a.id, w.notaryH, question)).statusCode).toBe(403);
    expect((await add(w.a.id, w.brokerOfBH, question)).statusCode).toBe(404);
  });

  it('lets only an admin broker add a global question (docs/decisions/018-faq-global-questions-and-demo-mode.md)', async () => {
    const w = await setUp();
    expect((await add(w.a.id, w.brokerH, { ...question, global: '1' })).statusCode).toBe(403);
    const res = await add(w.a.id, w.adminH, { ...question, global: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ global: true, can_delete: true });
  });

  it('refuses a file and a global question to a demo account, and accepts its plain question', async () => {
    const w = await setUp();
    await w.db.update(users).set({ isDemo: true }).where(eq(users.id, w.broker.id));
    await w.db.update(users).set({ isDemo: true }).where(eq(users.id, w.admin.id));
    expect((await add(w.a.id, w.brokerH, question, PDF)).statusCode).toBe(403);
    expect((await add(w.a.id, w.adminH, { ...question, global: '1' })).statusCode).toBe(403);
    expect((await add(w.a.id, w.brokerH, question)).statusCode).toBe(200);
  });
});

describe('GET promotions/{id}/questions: global questions appear in every promotion', () => {
  it("lists the promotion's questions and the global ones, oldest first, and no other promotion's", async () => {
    const w = await setUp();
    await add(w.a.id, w.brokerH, { question: 'Question de A', answer: 'a' });
    await add(w.a.id, w.adminH, { question: 'Question pour toutes', answer: 'g', global: '1' });
    await add(w.b.id, w.brokerOfBH, { question: 'Question de B', answer: 'b' });
    const ofA = (await list(w.a.id, w.brokerH)).json().data.map((q: { question: string }) => q.question);
    expect(ofA).toEqual(['Question de A', 'Question pour toutes']);
    const ofB = (await list(w.b.id, w.candidateOfBH)).json().data;
    expect(ofB.map((q: { question: string; global: boolean }) => [q.question, q.global])).toEqual([
      ['Question pour toutes', true],
      ['Question de B', false],
    ]);
  });

  it('is closed to pilots and investors (403) and to another promotion (404)', async () => {
    const w = await setUp();
    expect((await list(w.a.id, w.pilotH)).statusCode).toBe(403);
    expect((await list(w.a.id, w.investorH)).statusCode).toBe(403);
    expect((await list(w.a.id, w.brokerOfBH)).statusCode).toBe(404);
    expect((await list(w.a.id, w.notaryH)).statusCode).toBe(200);
  });
});

describe('DELETE promotions/{id}/questions/{qid}', () => {
  it("deletes a promotion's question and its file", async () => {
    const w = await setUp();
    const created = (await add(w.a.id, w.brokerH, question, PDF)).json().data;
    const res = await remove(w.a.id, created.id, w.brokerH);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(FAQ_MESSAGES.deleted);
    expect(await w.db.select().from(faqQuestions)).toEqual([]);
    expect(await w.db.select().from(files)).toEqual([]);
  });

  it("answers 404 for another promotion's question, even named under its own promotion", async () => {
    const w = await setUp();
    const ofB = (await add(w.b.id, w.brokerOfBH, question)).json().data;
    expect((await remove(w.a.id, ofB.id, w.brokerH)).statusCode).toBe(404);
    expect((await remove(w.b.id, ofB.id, w.brokerH)).statusCode).toBe(404);
    expect((await list(w.b.id, w.brokerOfBH)).json().data).toHaveLength(1);
  });

  it('lets a broker see but not delete a global question; an admin deletes it from every promotion', async () => {
    const w = await setUp();
    const global = (await add(w.a.id, w.adminH, { ...question, global: '1' })).json().data;
    const seenInB = (await list(w.b.id, w.brokerOfBH)).json().data;
    expect(seenInB).toMatchObject([{ id: global.id, can_delete: false }]);
    expect((await remove(w.b.id, global.id, w.brokerOfBH)).statusCode).toBe(403);
    expect((await remove(w.a.id, global.id, w.brokerH)).statusCode).toBe(403);
    expect((await remove(w.b.id, global.id, w.adminH)).statusCode).toBe(200);
    expect((await list(w.a.id, w.brokerH)).json().data).toEqual([]);
  });

  it('is refused to a notary (403)', async () => {
    const w = await setUp();
    const created = (await add(w.a.id, w.brokerH, question)).json().data;
    expect((await remove(w.a.id, created.id, w.notaryH)).statusCode).toBe(403);
  });
});

describe('GET file-url/{uuid} of a FAQ file (maySeeFile, owner faq)', () => {
  const fileUrl = (uuid: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: `/api/file-url/${uuid}`, headers });

  it("opens a promotion's FAQ file to its FAQ readers only", async () => {
    const w = await setUp();
    const created = (await add(w.a.id, w.brokerH, question, PDF)).json().data;
    expect((await fileUrl(created.file.uuid, w.notaryH)).statusCode).toBe(200);
    expect((await fileUrl(created.file.uuid, w.pilotH)).statusCode).toBe(404);
    expect((await fileUrl(created.file.uuid, w.brokerOfBH)).statusCode).toBe(404);
    expect((await fileUrl(created.file.uuid, w.candidateOfBH)).statusCode).toBe(404);
  });

  it("opens a global question's file to the FAQ readers of every promotion", async () => {
    const w = await setUp();
    await w.db.update(users).set({ isDemo: false }).where(eq(users.id, w.admin.id));
    const created = (await add(w.a.id, w.adminH, { ...question, global: '1' }, PDF)).json().data;
    expect((await fileUrl(created.file.uuid, w.candidateOfBH)).statusCode).toBe(200);
    expect((await fileUrl(created.file.uuid, w.brokerOfBH)).statusCode).toBe(200);
    expect((await fileUrl(created.file.uuid, w.investorH)).statusCode).toBe(404);
  });
});
