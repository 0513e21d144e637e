// Over 400 lines: the recipients, readers, conversation and list suites share one messaging world.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assistants, candidacies, candidates, files, mailMessages, notifications, threadMessages, users } from '../../db/schema/index.js';
import { bearer, createAgency, createPromotion, createUser, signIn } from '../../test/fixtures.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipartBody } from '../../test/multipart.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

type Fields = Record<string, string | number>;
type Attachment = { name: string; type: string; content: string };

const form = (fields: Fields, file?: Attachment) => {
  const boundary = '----thread-read-test';
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

const PLAN = { name: 'plan.pdf', type: 'application/pdf', content: '%PDF-1.4 plan' };

/**
 * A promotion with two agencies: Julien (Léman) sells to Anne, Sophie is his colleague at Léman,
 * Marc works for Riviera; a notary, a pilot, an investor and a promoter complete the desk.
 */
const setup = async () => {
  const db = ctx.database.db;
  const leman = await createAgency(db, 'Agence du Léman');
  const riviera = await createAgency(db, 'Agence Riviera');
  const promotion = await createPromotion(db, { title: 'Les Terrasses', agencyIds: [leman.id, riviera.id] });
  const other = await createPromotion(db, { title: 'Autre' });
  const inP = { promotionIds: [promotion.id] };
  const julien = await createUser(db, 'broker', { ...inP, agencyId: leman.id, firstName: 'Julien', lastName: 'Favre' });
  const sophie = await createUser(db, 'broker', { ...inP, agencyId: leman.id, firstName: 'Sophie', lastName: 'Collègue' });
  const marc = await createUser(db, 'broker', { ...inP, agencyId: riviera.id, firstName: 'Marc', lastName: 'Riviera' });
  const notary = await createUser(db, 'notary', { ...inP, firstName: 'Claire', lastName: 'Jaquier' });
  const pilot = await createUser(db, 'pilot', { ...inP, firstName: 'Pierre', lastName: 'Pilote' });
  const investor = await createUser(db, 'investor', { ...inP, firstName: 'Irène', lastName: 'Investit' });
  const promoter = await createUser(db, 'promoter', inP);
  const account = await createUser(db, 'candidate', { ...inP, email: 'anne@test.ch', firstName: 'Anne', lastName: 'Meylan' });
  const [candidate] = await db
    .insert(candidates)
    .values({ promotionId: promotion.id, firstName: 'Anne', lastName: 'Meylan', email: 'anne@test.ch', userId: account.id })
    .returning();
  const [candidacy] = await db
    .insert(candidacies)
    .values({ promotionId: promotion.id, candidateId: candidate.id, brokerId: julien.id, agencyId: leman.id })
    .returning();
  const [foreigner] = await db.insert(candidates).values({ promotionId: other.id, firstName: 'Luc', lastName: 'Ailleurs' }).returning();
  const tokens = {
    julien: bearer(await signIn(ctx.app, julien.email)),
    sophie: bearer(await signIn(ctx.app, sophie.email)),
    marc: bearer(await signIn(ctx.app, marc.email)),
    notary: bearer(await signIn(ctx.app, notary.email)),
    pilot: bearer(await signIn(ctx.app, pilot.email)),
    investor: bearer(await signIn(ctx.app, investor.email)),
    promoter: bearer(await signIn(ctx.app, promoter.email)),
    anne: bearer(await signIn(ctx.app, account.email)),
  };
  return { promotion, other, julien, sophie, marc, notary, pilot, investor, account, candidate, candidacy, foreigner, tokens };
};
type Desk = Awaited<ReturnType<typeof setup>>;

const post = (url: string, headers: Record<string, string>, fields: Fields, file?: Attachment) => {
  const body = form(fields, file);
  return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
};
const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

/** Julien writes to Anne about her candidacy, with a plan attached; answers the thread id. */
const julienWritesToAnne = async (desk: Desk, title = 'Votre dossier') => {
  const response = await post(
    '/api/threads',
    desk.tokens.julien,
    {
      title,
      content: 'Bonjour, voici le plan.',
      to_id: desk.candidate.id,
      to_base_class: 'candidate',
      promotion: desk.promotion.id,
      candidacy_id: desk.candidacy.id,
    },
    PLAN,
  );
  expect(response.statusCode).toBe(200);
  return response.json().data.id as number;
};

describe('thread recipients by role (docs/product/messages.md#rules)', () => {
  it('lets a notary write to a broker or a candidate, never to a notary', async () => {
    const desk = await setup();
    const send = (fields: Fields) =>
      post('/api/threads', desk.tokens.notary, { title: 'Acte', content: 'Bonjour', promotion: desk.promotion.id, ...fields });
    expect((await send({ to_id: desk.julien.id, to_base_class: 'broker' })).statusCode).toBe(200);
    expect((await send({ to_id: desk.candidate.id, to_base_class: 'candidate' })).statusCode).toBe(200);
    const refused = await send({ to_id: desk.notary.id, to_base_class: 'notary' });
    expect([refused.statusCode, refused.json().message]).toEqual([400, 'Destinataire invalide']);
  });

  it('lets a pilot write to an investor and an investor to a pilot, and nobody else', async () => {
    const desk = await setup();
    const send = (token: Record<string, string>, fields: Fields) =>
      post('/api/threads', token, { title: 'Planning', content: 'Bonjour', promotion: desk.promotion.id, ...fields });
    expect((await send(desk.tokens.pilot, { to_id: desk.investor.id, to_base_class: 'investor' })).statusCode).toBe(200);
    expect((await send(desk.tokens.investor, { to_id: desk.pilot.id, to_base_class: 'pilot' })).statusCode).toBe(200);
    expect((await send(desk.tokens.pilot, { to_id: desk.julien.id, to_base_class: 'broker' })).json().message).toBe(
      'Destinataire invalide',
    );
    expect((await send(desk.tokens.investor, { to_id: desk.candidate.id, to_base_class: 'candidate' })).json().message).toBe(
      'Destinataire invalide',
    );
    // A promoter chooses nobody (and is no candidate): a recipient is required and none is his.
    expect((await send(desk.tokens.promoter, {})).json().message).toBe('Destinataire requis');
    expect((await send(desk.tokens.promoter, { to_id: desk.julien.id, to_base_class: 'broker' })).json().message).toBe(
      'Destinataire invalide',
    );
  });

  it("refuses a recipient the role may choose but of the wrong type (a broker's id given as a notary)", async () => {
    const desk = await setup();
    const response = await post('/api/threads', desk.tokens.julien, {
      title: 'T',
      content: 'x',
      promotion: desk.promotion.id,
      to_id: desk.sophie.id,
      to_base_class: 'notary',
    });
    expect(response.statusCode).toBe(404);
  });

  it('offers the pickers their candidates and notaries: a broker both, a notary the candidates, others none', async () => {
    const desk = await setup();
    const candidatesOf = await get(`/api/threads/recipients?class=candidate&promotion=${desk.promotion.id}`, desk.tokens.notary);
    expect(candidatesOf.json().data).toEqual([{ id: desk.candidate.id, full_name: 'Anne Meylan', base_class: 'candidate' }]);
    const notaries = await get(`/api/threads/recipients?class=notary&search=jaq&promotion=${desk.promotion.id}`, desk.tokens.julien);
    expect(notaries.json().data).toEqual([{ id: desk.notary.id, full_name: 'Claire Jaquier', base_class: 'notary' }]);
    expect((await get(`/api/threads/recipients?class=notary&promotion=${desk.promotion.id}`, desk.tokens.notary)).statusCode).toBe(403);
    expect((await get(`/api/threads/recipients?class=candidate&promotion=${desk.promotion.id}`, desk.tokens.pilot)).statusCode).toBe(403);
    expect((await get(`/api/threads/recipients?class=candidate&promotion=${desk.other.id}`, desk.tokens.julien)).statusCode).toBe(404);
    const one = await get(
      `/api/threads/recipients?class=candidate&id=${desk.candidate.id}&promotion=${desk.promotion.id}`,
      desk.tokens.julien,
    );
    expect(one.json().data.map((r: { full_name: string }) => r.full_name)).toEqual(['Anne Meylan']);
    const elsewhere = `/api/threads/recipients?class=candidate&id=${desk.foreigner.id}&promotion=${desk.promotion.id}`;
    expect((await get(elsewhere, desk.tokens.julien)).statusCode).toBe(404);
    const bad = await get('/api/threads/recipients?class=pilot', desk.tokens.julien);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Destinataire invalide']);
  });
});

describe('who reads which thread (docs/product/messages.md#rules)', () => {
  it('lets the two sides and the brokers of the candidacy agency read a thread about a candidacy, nobody else', async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const [attachment] = await ctx.database.db.select().from(files).where(eq(files.owner, 'thread_message'));
    for (const [who, token, expected] of [
      ['the author', desk.tokens.julien, 200],
      ['the recipient', desk.tokens.anne, 200],
      ['a colleague of the agency', desk.tokens.sophie, 200],
      ['a broker of another agency', desk.tokens.marc, 404],
      ['the notary', desk.tokens.notary, 404],
      ['the promoter', desk.tokens.promoter, 404],
    ] as const) {
      expect((await get(`/api/threads/${threadId}`, token)).statusCode, who).toBe(expected);
      expect((await get(`/api/file-url/${attachment.uuid}`, token)).statusCode, `${who}: the attachment`).toBe(expected);
      const list = (await get(`/api/threads?promotion=${desk.promotion.id}`, token)).json();
      expect(
        list.data.map((t: { id: number }) => t.id),
        `${who}: the list`,
      ).toEqual(expected === 200 ? [threadId] : []);
    }
  });

  it("keeps a thread without candidacy to its two sides, even for the sender's agency", async () => {
    const desk = await setup();
    const response = await post('/api/threads', desk.tokens.julien, {
      title: 'Rendez-vous',
      content: 'Bonjour Maître',
      promotion: desk.promotion.id,
      to_id: desk.notary.id,
      to_base_class: 'notary',
    });
    const threadId = response.json().data.id;
    expect((await get(`/api/threads/${threadId}`, desk.tokens.notary)).statusCode).toBe(200);
    expect((await get(`/api/threads/${threadId}`, desk.tokens.sophie)).statusCode).toBe(404);
  });

  it('answers a thread of another promotion 404, like one that does not exist', async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const outsider = await createUser(ctx.database.db, 'broker', { promotionIds: [desk.other.id] });
    const token = bearer(await signIn(ctx.app, outsider.email));
    expect((await get(`/api/threads/${threadId}`, token)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/threads/${threadId}/markAsRead`, headers: token })).statusCode).toBe(404);
    expect((await post(`/api/threads/${threadId}/reply`, token, { content: 'Bonjour' })).statusCode).toBe(404);
    expect((await get('/api/threads/999999', desk.tokens.julien)).statusCode).toBe(404);
  });
});

describe('the conversation: reply, read, unread (docs/product/messages.md#states)', () => {
  it("answers the messages oldest first with their sender and files, the reader's side and counts", async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const body = (await get(`/api/threads/${threadId}`, desk.tokens.anne)).json().data;
    expect(body).toMatchObject({
      id: threadId,
      title: 'Votre dossier',
      candidacy_id: desk.candidacy.id,
      interlocutor: { id: desk.julien.id, full_name: 'Julien Favre', type: 'broker' },
      is_participant: true,
      is_from_me: false,
      messages_count: 1,
      unread_count: 1,
    });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({
      content: 'Bonjour, voici le plan.',
      is_from_me: false,
      sender: { full_name: 'Julien Favre' },
    });
    expect(body.messages[0].files.map((f: { name: string }) => f.name)).toEqual(['plan.pdf']);
  });

  it('counts unread messages per promotion the same way in the summary and in GET user, and marks them read', async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const summary = async () => (await get('/api/threads/promotions-unread-summary', desk.tokens.anne)).json().data;
    const user = async () => (await get('/api/user', desk.tokens.anne)).json().data;
    expect(await summary()).toEqual({ [desk.promotion.id]: 1 });
    expect((await user()).unread_messages_count).toBe(1);
    expect((await user()).promotion.unread_messages).toBe(1);

    const read = await ctx.app.inject({ method: 'PUT', url: `/api/threads/${threadId}/markAsRead`, headers: desk.tokens.anne });
    expect(read.statusCode).toBe(200);
    expect(await summary()).toEqual({});
    expect((await user()).unread_messages_count).toBe(0);
    // The author never has his own messages unread; a colleague who reads is not addressed.
    expect((await get('/api/threads/promotions-unread-summary', desk.tokens.julien)).json().data).toEqual({});
    expect((await get('/api/threads/promotions-unread-summary', desk.tokens.sophie)).json().data).toEqual({});
  });

  it('adds a reply with its file, tells the other side in the app and by e-mail (to a broker: his assistants too)', async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const db = ctx.database.db;
    const assistant = await createUser(db, 'broker', { promotionIds: [desk.promotion.id], email: 'assistant@test.ch' });
    await db.insert(assistants).values({ brokerId: desk.julien.id, assistantId: assistant.id });
    await db.delete(notifications);
    await db.delete(mailMessages);

    const response = await post(`/api/threads/${threadId}/reply`, desk.tokens.anne, { content: 'Merci, bien reçu.' }, PLAN);
    expect([response.statusCode, response.json().message]).toEqual([200, 'Message envoyé']);
    const thread = (await get(`/api/threads/${threadId}`, desk.tokens.julien)).json().data;
    expect(thread.messages.map((m: { content: string; is_from_me: boolean }) => [m.content, m.is_from_me])).toEqual([
      ['Bonjour, voici le plan.', true],
      ['Merci, bien reçu.', false],
    ]);
    expect(thread.messages[1].files.map((f: { name: string }) => f.name)).toEqual(['plan.pdf']);
    expect(thread.unread_count).toBe(1);
    expect((await db.select().from(notifications)).map((n) => [n.userId, n.title])).toEqual([
      [desk.julien.id, 'Nouveau message : Votre dossier'],
    ]);
    // Each gets his own e-mail, with his own unsubscribe link; the assistant's says whose copy it is.
    const mails = await db.select().from(mailMessages).orderBy(mailMessages.id);
    expect(mails.map((m) => [m.to, m.cc])).toEqual([
      [[desk.julien.email], []],
      [['assistant@test.ch'], []],
    ]);
    expect(mails[0].text).toContain(`/messages/${threadId}`);
    expect(mails[0].text).toContain('1 pièce jointe à ouvrir dans Promovente.');
    expect(mails[1].text).toMatch(/^Copie du message adressé à Julien Favre, dont vous êtes l'assistant :/);
    expect(mails[0].headers['List-Unsubscribe']).not.toBe(mails[1].headers['List-Unsubscribe']);
    // The sender has read his own reply.
    expect((await get('/api/threads/promotions-unread-summary', desk.tokens.anne)).json().data).toEqual({});
  });

  it('says in the e-mail how many files came with the message, and nothing when none did', async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const db = ctx.database.db;
    const [first] = await db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, ['anne@test.ch']));
    expect(first.text).toContain('\n\n1 pièce jointe à ouvrir dans Promovente.\n\n');
    await db.delete(mailMessages);
    const two = multipartBody({ content: 'Voici les deux plans signés.' }, [
      { field: 'files[]', filename: 'plan-1.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 un') },
      { field: 'files[]', filename: 'plan-2.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 deux') },
    ]);
    const reply = await ctx.app.inject({
      method: 'POST',
      url: `/api/threads/${threadId}/reply`,
      headers: { ...desk.tokens.anne, ...two.headers },
      payload: two.payload,
    });
    expect(reply.statusCode).toBe(200);
    const [withTwo] = await db.select().from(mailMessages);
    expect(withTwo.text).toContain('Voici les deux plans signés.\n\n2 pièces jointes à ouvrir dans Promovente.\n\nRépondre : ');
    await db.delete(mailMessages);
    await post(`/api/threads/${threadId}/reply`, desk.tokens.anne, { content: 'Rien de plus.' });
    const [none] = await db.select().from(mailMessages);
    expect(none.text).not.toMatch(/pièces? jointes?/);
  });

  it('tells a user who turned off the notification e-mails in the app only; the others still get theirs', async () => {
    const desk = await setup();
    const db = ctx.database.db;
    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, desk.account.id));
    const threadId = await julienWritesToAnne(desk);
    expect((await db.select().from(notifications)).map((n) => n.userId)).toEqual([desk.account.id]);
    expect(await db.select().from(mailMessages)).toEqual([]);
    await post(`/api/threads/${threadId}/reply`, desk.tokens.anne, { content: 'Merci.' });
    const mails = await db.select().from(mailMessages);
    expect(mails.map((m) => [m.to, m.headers['Auto-Submitted'], m.headers['List-Unsubscribe-Post']])).toEqual([
      [[desk.julien.email], 'auto-generated', 'List-Unsubscribe=One-Click'],
    ]);
  });

  it('lets a colleague of the agency answer for Julien: both sides hear of it', async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    await ctx.database.db.delete(notifications);
    expect(
      (await post(`/api/threads/${threadId}/reply`, desk.tokens.sophie, { content: 'Julien est absent, je reprends.' })).statusCode,
    ).toBe(200);
    const told = await ctx.database.db.select({ userId: notifications.userId }).from(notifications);
    expect(told.map((n) => n.userId).sort()).toEqual([desk.julien.id, desk.account.id].sort());
  });

  it("refuses an empty reply ('Envoyer' stays disabled) and writes nothing", async () => {
    const desk = await setup();
    const threadId = await julienWritesToAnne(desk);
    const response = await post(`/api/threads/${threadId}/reply`, desk.tokens.anne, { content: '   ' });
    expect([response.statusCode, response.json().message]).toEqual([400, 'Message requis']);
    expect(await ctx.database.db.select().from(threadMessages)).toHaveLength(1);
  });
});

describe('the thread list: search, filters, pages (docs/product/messages.md#screens)', () => {
  it('searches title, interlocutor and message text, filters unread and interlocutor type, narrows to a candidate', async () => {
    const desk = await setup();
    const aboutAnne = await julienWritesToAnne(desk, 'Votre dossier');
    const toNotary = (
      await post('/api/threads', desk.tokens.julien, {
        title: 'Acte de vente',
        content: 'La signature est prévue en mai.',
        promotion: desk.promotion.id,
        to_id: desk.notary.id,
        to_base_class: 'notary',
      })
    ).json().data.id;
    await post(`/api/threads/${toNotary}/reply`, desk.tokens.notary, { content: 'Parfait, je prépare le projet.' });
    const ids = async (query: string) =>
      (await get(`/api/threads?promotion=${desk.promotion.id}${query}`, desk.tokens.julien)).json().data.map((t: { id: number }) => t.id);

    expect(await ids('')).toEqual([toNotary, aboutAnne]);
    expect(await ids('&search=dossier')).toEqual([aboutAnne]);
    expect(await ids('&search=jaquier')).toEqual([toNotary]);
    expect(await ids('&search=PROJET')).toEqual([toNotary]);
    expect(await ids('&search=favre')).toEqual([]);
    expect(await ids('&filter=unread')).toEqual([toNotary]);
    expect(await ids('&interlocutor=candidate')).toEqual([aboutAnne]);
    expect(await ids(`&candidate_id=${desk.candidate.id}`)).toEqual([aboutAnne]);
    expect(await ids(`&candidacy=${desk.candidacy.id}`)).toEqual([aboutAnne]);
    const row = (await get(`/api/threads?promotion=${desk.promotion.id}`, desk.tokens.julien)).json();
    expect(row).toMatchObject({ current_page: 1, last_page: 1, from: 1, to: 2, total: 2 });
    expect(row.data[0]).toMatchObject({
      interlocutor: { full_name: 'Claire Jaquier', type: 'notary' },
      messages_count: 2,
      unread_count: 1,
      last_message: { content: 'Parfait, je prépare le projet.', sender_id: desk.notary.id },
    });
  });

  it("answers another promotion's candidate 404, and a bad filter in French", async () => {
    const desk = await setup();
    const foreign = await get(`/api/threads?promotion=${desk.promotion.id}&candidate_id=${desk.foreigner.id}`, desk.tokens.julien);
    expect(foreign.statusCode).toBe(404);
    const bad = await get('/api/threads?filter=tout', desk.tokens.julien);
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Filtre invalide']);
  });

  it('pages by 20, newest activity first, a page past the last answering the last', async () => {
    const desk = await setup();
    for (let n = 1; n <= 21; n += 1) {
      await post('/api/threads', desk.tokens.pilot, {
        title: `Point ${String(n).padStart(2, '0')}`,
        content: 'x',
        promotion: desk.promotion.id,
        to_id: desk.investor.id,
        to_base_class: 'investor',
      });
    }
    const first = (await get(`/api/threads?promotion=${desk.promotion.id}`, desk.tokens.pilot)).json();
    expect([first.data.length, first.last_page, first.total, first.data[0].title]).toEqual([20, 2, 21, 'Point 21']);
    const past = (await get(`/api/threads?promotion=${desk.promotion.id}&page=9`, desk.tokens.pilot)).json();
    expect([past.current_page, past.data.map((t: { title: string }) => t.title)]).toEqual([2, ['Point 01']]);
  });
});
