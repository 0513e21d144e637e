// Over 400 lines: the cross-promotion suite's world of two promotions, A and B, built in one place.
import { USER_TYPES, type UserType } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { type RawRow, rowsOf } from '../../db/rows.js';
import { seedDemo } from '../../db/seed/demo.js';
import { createUser, signIn } from '../fixtures.js';
import { multipartBody } from '../multipart.js';

/**
 * The world of the cross-promotion suite: the demo's two promotions, fully populated, plus
 * members of promotion A only (one per role) and a broker of promotion B only. A is the
 * multi-agency 'Quartier des Vergers' (agencies 1 and 2), B 'Les Terrasses du Lac' (agency 1,
 * plus an agency of its own so that an agency can be "B's").
 */

/** One id of each kind a call may carry, all of one promotion (or all missing). */
export type Ids = {
  promotion: number;
  /** The promotion's public registration token. */
  token: string;
  building: number;
  lot: number;
  lotPublicId: string;
  candidate: number;
  candidacy: number;
  application: number;
  applicationPublicId: string;
  /** A live application with a partner candidacy (detachCandidacy is offered on it). */
  partnerApplication: number;
  /** Its partner candidacy. */
  partnerCandidacy: number;
  candidacyTask: number;
  lotTask: number;
  applicationTask: number;
  comment: number;
  candidacyFile: number;
  candidacyFileUuid: string;
  threadFileUuid: string;
  /** A thread of this promotion (in A: the acting broker's, with the attachment above). */
  thread: number;
  /** A question of this promotion's own FAQ (not a global one, which every promotion shows). */
  faqQuestion: number;
  /** A library file and a library folder of the promotion (the demo seed's). */
  libraryFile: number;
  libraryFolder: number;
  notification: number;
  /** A progress album and one of its photos (modules/progress). */
  photoGroup: number;
  photo: number;
  /** A campaign of agency 1, one of its documents, and a marketing report (modules/marketing). */
  campaign: number;
  campaignFile: number;
  marketingReport: number;
  /** A broker of this promotion only, agency 1 (in A: the acting broker himself). */
  broker: number;
  /** Another user of this promotion only (in A: a second broker of agency 1, in B: B's broker). */
  user: number;
  /** An agency of this promotion only. */
  agency: number;
  /** A user of this promotion only for each class a thread may address (in A: the members). */
  recipients: Record<'broker' | 'notary' | 'pilot' | 'investor', number>;
  /** A seeded planning task and the finances record of this promotion (issue 13). */
  planningTask: number;
  finances: number;
};

/** Ids that exist nowhere (below 2^31, so that only existence is tested). */
const NO_ID = 2_000_000_000;
const NO_UUID = '00000000-0000-4000-8000-000000000000';
export const MISSING: Ids = {
  promotion: NO_ID,
  token: NO_UUID,
  building: NO_ID,
  lot: NO_ID,
  lotPublicId: NO_UUID,
  candidate: NO_ID,
  candidacy: NO_ID,
  application: NO_ID,
  applicationPublicId: NO_UUID,
  partnerApplication: NO_ID,
  partnerCandidacy: NO_ID,
  candidacyTask: NO_ID,
  lotTask: NO_ID,
  applicationTask: NO_ID,
  comment: NO_ID,
  candidacyFile: NO_ID,
  candidacyFileUuid: NO_UUID,
  threadFileUuid: NO_UUID,
  thread: NO_ID,
  faqQuestion: NO_ID,
  libraryFile: NO_ID,
  libraryFolder: NO_ID,
  notification: NO_ID,
  photoGroup: NO_ID,
  photo: NO_ID,
  campaign: NO_ID,
  campaignFile: NO_ID,
  marketingReport: NO_ID,
  broker: NO_ID,
  user: NO_ID,
  agency: NO_ID,
  recipients: { broker: NO_ID, notary: NO_ID, pilot: NO_ID, investor: NO_ID },
  planningTask: NO_ID,
  finances: NO_ID,
};

export type Caller = UserType | 'anonymous';
export const MEMBER_ROLES: readonly UserType[] = USER_TYPES;

export type World = {
  a: Ids;
  b: Ids;
  /** Bearer tokens of the members of A only, by role. */
  tokens: Record<UserType, string>;
  /** B's person whose e-mail a broker of A types in createCandidacy (defect 1 of issue 8). */
  bPerson: { id: number; email: string };
};

const one = async <T extends RawRow>(db: Db, what: string, query: ReturnType<typeof sql>): Promise<T> => {
  const [row] = await rowsOf<T>(db, query);
  if (!row) throw new Error(`cross-promotion world: no ${what} in the demo`);
  return row;
};

export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64, 0x20), Buffer.from('\n%%EOF\n')]);

/** A multipart body: text fields, then files. */
export const multipart = (
  fields: Record<string, string | number>,
  files: { field: string; name: string; type: string; content: Buffer }[] = [],
) =>
  multipartBody(
    fields,
    files.map(({ name, ...file }) => ({ ...file, filename: name })),
  );

/** The next quarter hour a week ahead, as tasks want it. */
export const taskDate = () => new Date(Math.ceil((Date.now() + 7 * 86_400_000) / 900_000) * 900_000).toISOString();

const expectOk = (what: string, response: { statusCode: number; body: string }) => {
  if (response.statusCode !== 200) throw new Error(`cross-promotion world: ${what} answered ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as { data: any };
};

/** Ids of one promotion picked from the seeded rows (tasks, files and the acting users are added after). */
const pick = async (db: Db, promotionId: number) => {
  const promotion = await one<{ token: string }>(db, 'promotion', sql`select token from promotions where id = ${promotionId}`);
  const building = await one<{ id: number }>(
    db,
    'building',
    sql`select id from buildings where promotion_id = ${promotionId} order by id limit 1`,
  );
  const lot = await one<{ id: number; public_id: string }>(
    db,
    'lot',
    sql`select id, public_id from lots where promotion_id = ${promotionId} and parent_id is null order by id limit 1`,
  );
  // A person of this promotion only, with the private data defect 1 exposed, and no account.
  const person = await one<{ candidate_id: number; candidacy_id: number; email: string }>(
    db,
    'candidate of one promotion',
    sql`select c.id as candidate_id, k.id as candidacy_id, c.email from candidates c
        join candidacies k on k.candidate_id = c.id and k.promotion_id = ${promotionId} and k.agency_id = 1
        where c.email is not null
          and not exists (select 1 from candidacies o where o.candidate_id = c.id and o.promotion_id <> ${promotionId})
          and c.user_id is null
        order by (c.phone is not null and c.household_income is not null and c.own_funds is not null and c.address is not null) desc, c.id
        limit 1`,
  );
  const application = await one<{ id: number; public_id: string }>(
    db,
    'live application',
    sql`select a.id, a.public_id from applications a join candidacies k on k.id = a.candidacy1_id
        where a.promotion_id = ${promotionId} and not a.hidden and a.closed_at is null and k.agency_id = 1
          and a.reservation_confirmed_at is null and a.candidacy2_id is null
        order by (a.reservation_sent_at is not null) desc, a.status, a.id limit 1`,
  );
  const partnerApplication = await one<{ id: number; candidacy2_id: number }>(
    db,
    'live application with a partner',
    sql`select a.id, a.candidacy2_id from applications a join candidacies k on k.id = a.candidacy1_id
        where a.promotion_id = ${promotionId} and not a.hidden and a.closed_at is null and k.agency_id = 1
          and a.candidacy2_id is not null
        order by a.id limit 1`,
  );
  const comment = await one<{ id: number }>(
    db,
    'comment',
    sql`select id from user_comments where promotion_id = ${promotionId} order by id limit 1`,
  );
  const candidacyTask = await one<{ id: number }>(
    db,
    'candidacy task',
    sql`select id from actions where promotion_id = ${promotionId} and candidacy_id is not null order by id limit 1`,
  );
  const planningTask = await one<{ id: number }>(
    db,
    'planning task',
    sql`select id from planning_tasks where promotion_id = ${promotionId} order by id limit 1`,
  );
  const finances = await one<{ id: number }>(db, 'finances', sql`select id from finances where promotion_id = ${promotionId}`);
  const faqQuestion = await one<{ id: number }>(
    db,
    'FAQ question',
    sql`select id from faq_questions where promotion_id = ${promotionId} and not global order by id limit 1`,
  );
  const libraryFile = await one<{ id: number }>(
    db,
    'library file',
    sql`select id from files where promotion_id = ${promotionId} and owner = 'library' order by id limit 1`,
  );
  const libraryFolder = await one<{ id: number }>(
    db,
    'library folder',
    sql`select id from file_folders where promotion_id = ${promotionId} order by id limit 1`,
  );
  const photo = await one<{ id: number; photo_group_id: number }>(
    db,
    'progress photo',
    sql`select id, photo_group_id from photos where promotion_id = ${promotionId} order by id limit 1`,
  );
  const campaign = await one<{ id: number }>(
    db,
    'campaign',
    sql`select id from campaigns where promotion_id = ${promotionId} and agency_id = 1 order by id limit 1`,
  );
  const marketingReport = await one<{ id: number }>(
    db,
    'marketing report',
    sql`select id from marketing_reports where promotion_id = ${promotionId} order by id limit 1`,
  );
  return {
    campaign: campaign.id,
    marketingReport: marketingReport.id,
    promotion: promotionId,
    photoGroup: photo.photo_group_id,
    photo: photo.id,
    token: promotion.token,
    planningTask: planningTask.id,
    finances: finances.id,
    faqQuestion: faqQuestion.id,
    libraryFile: libraryFile.id,
    libraryFolder: libraryFolder.id,
    building: building.id,
    lot: lot.id,
    lotPublicId: lot.public_id,
    candidate: person.candidate_id,
    candidacy: person.candidacy_id,
    email: person.email,
    application: application.id,
    applicationPublicId: application.public_id,
    partnerApplication: partnerApplication.id,
    partnerCandidacy: partnerApplication.candidacy2_id,
    comment: comment.id,
    candidacyTask: candidacyTask.id,
  };
};

/** Seeds the demo and builds both promotions' ids and the members of A only. */
export const buildWorld = async (app: FastifyInstance, db: Db): Promise<World> => {
  await seedDemo(db, { scale: 1 });
  const [A, B] = await Promise.all([
    one<{ id: number }>(db, 'promotion A', sql`select id from promotions where title = 'Quartier des Vergers'`),
    one<{ id: number }>(db, 'promotion B', sql`select id from promotions where title = 'Les Terrasses du Lac'`),
  ]);
  const a = await pick(db, A.id);
  const b = await pick(db, B.id);

  // B's own agency and its broker of B only (agency 1, so that only the promotion differs).
  const [agency] = await rowsOf<{ id: number }>(db, sql`insert into agencies (name) values ('Agence des Terrasses') returning id`);
  await db.execute(sql`insert into promotion_agency (promotion_id, agency_id) values (${B.id}, ${agency.id})`);
  const bBroker = await createUser(db, 'broker', { agencyId: 1, promotionIds: [B.id], email: 'courtier.terrasses@test.ch' });
  const bRecipients = {
    broker: bBroker.id,
    notary: (await createUser(db, 'notary', { promotionIds: [B.id] })).id,
    pilot: (await createUser(db, 'pilot', { promotionIds: [B.id] })).id,
    investor: (await createUser(db, 'investor', { promotionIds: [B.id] })).id,
  };

  // Members of A only, one per role; the candidate is A's person with a live application.
  const aPerson = await one<{ candidate_id: number }>(
    db,
    "A's candidate with an application",
    sql`select k.candidate_id from applications a join candidacies k on k.id = a.candidacy1_id
        where a.id = ${a.application}`,
  );
  const members = {} as Record<UserType, number>;
  for (const role of MEMBER_ROLES) {
    const user = await createUser(db, role, {
      promotionIds: [A.id],
      agencyId: role === 'broker' ? 1 : undefined,
      preferences: { selected_promotion: A.id },
    });
    if (role === 'candidate') await db.execute(sql`update candidates set user_id = ${user.id} where id = ${aPerson.candidate_id}`);
    members[role] = user.id;
  }
  const aBroker2 = await createUser(db, 'broker', { agencyId: 1, promotionIds: [A.id], preferences: { selected_promotion: A.id } });
  const tokens = {} as Record<UserType, string>;
  const emails = await rowsOf<{ id: number; email: string }>(db, sql`select id, email from users`);
  for (const role of MEMBER_ROLES) {
    tokens[role] = await signIn(app, emails.find((u) => u.id === members[role])?.email ?? '');
  }

  // B's lot and application tasks, candidacy file and thread attachment, by B's broker through the API.
  const bToken = await signIn(app, 'courtier.terrasses@test.ch');
  const createTasks = async (promotionId: number, token: string, lotId: number, applicationId: number, assignee: number) => {
    const headers = { authorization: `Bearer ${token}` };
    const fields = { title: 'Visite', end_at: taskDate(), type: 1, broker_id: assignee, detail: null };
    const lotTask = expectOk(
      'lot task',
      await app.inject({
        method: 'POST',
        url: `/api/promotions/${promotionId}/lots/actions`,
        headers,
        payload: { ...fields, lot_id: lotId },
      }),
    );
    const applicationTask = expectOk(
      'application task',
      await app.inject({
        method: 'POST',
        url: `/api/promotions/${promotionId}/applications/actions`,
        headers,
        payload: { ...fields, application_id: applicationId },
      }),
    );
    return { lotTask: lotTask.data.id as number, applicationTask: applicationTask.data.id as number };
  };
  const uploadFile = async (token: string, candidacyId: number) => {
    const body = multipart({ candidacy_id: candidacyId }, [{ field: 'files[]', name: 'piece.pdf', type: 'application/pdf', content: PDF }]);
    expectOk(
      'candidacy file',
      await app.inject({
        method: 'POST',
        url: '/api/candidacies/files',
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      }),
    );
    return one<{ id: number; uuid: string }>(
      db,
      'candidacy file',
      sql`select id, uuid from files where candidacy_id = ${candidacyId} order by id desc limit 1`,
    );
  };
  const postThread = async (token: string, promotionId: number, to: number) => {
    const body = multipart({ title: 'Plans', content: 'Les plans du lot', to_base_class: 'notary', to_id: to, promotion: promotionId }, [
      { field: 'files[]', name: 'plans.pdf', type: 'application/pdf', content: PDF },
    ]);
    expectOk(
      'thread',
      await app.inject({
        method: 'POST',
        url: '/api/threads',
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      }),
    );
    return one<{ uuid: string; thread_id: number }>(
      db,
      'thread attachment',
      sql`select f.uuid, m.thread_id from files f join thread_messages m on m.id = f.thread_message_id
        where f.promotion_id = ${promotionId} and f.candidacy_id is null order by f.id desc limit 1`,
    );
  };

  const addCampaignFile = async (token: string, campaignId: number) => {
    const body = multipart({}, [{ field: 'files[]', name: 'devis.pdf', type: 'application/pdf', content: PDF }]);
    const answer = expectOk(
      'campaign document',
      await app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaignId}/files`,
        headers: { authorization: `Bearer ${token}`, ...body.headers },
        payload: body.payload,
      }),
    );
    return answer.data.files[0].id as number;
  };

  const bTasks = await createTasks(B.id, bToken, b.lot, b.application, bBroker.id);
  const bFile = await uploadFile(bToken, b.candidacy);
  const bThreadFile = await postThread(bToken, B.id, bRecipients.notary);
  const aTasks = await createTasks(A.id, tokens.broker, a.lot, a.application, members.broker);
  const aFile = await uploadFile(tokens.broker, a.candidacy);
  const aThreadFile = await postThread(tokens.broker, A.id, members.notary);

  // A notification of each promotion: B's belongs to B's users, A's to the acting broker.
  await db.execute(
    sql`insert into notifications (user_id, promotion_id, title) values (${bBroker.id}, ${B.id}, 'Nouveau candidat'), (${members.broker}, ${A.id}, 'Nouveau candidat')`,
  );
  const notificationOf = (userId: number) =>
    one<{ id: number }>(db, 'notification', sql`select id from notifications where user_id = ${userId} order by id desc limit 1`);

  const { email: _aEmail, ...aIds } = a;
  const { email: bEmail, ...bIds } = b;
  return {
    a: {
      ...aIds,
      ...aTasks,
      candidacyFile: aFile.id,
      campaignFile: await addCampaignFile(tokens.broker, a.campaign),
      candidacyFileUuid: aFile.uuid,
      threadFileUuid: aThreadFile.uuid,
      thread: Number(aThreadFile.thread_id),
      notification: (await notificationOf(members.broker)).id,
      broker: members.broker,
      user: aBroker2.id,
      agency: 2,
      recipients: { broker: members.broker, notary: members.notary, pilot: members.pilot, investor: members.investor },
    },
    b: {
      ...bIds,
      ...bTasks,
      candidacyFile: bFile.id,
      campaignFile: await addCampaignFile(bToken, b.campaign),
      candidacyFileUuid: bFile.uuid,
      threadFileUuid: bThreadFile.uuid,
      thread: Number(bThreadFile.thread_id),
      notification: (await notificationOf(bBroker.id)).id,
      broker: bBroker.id,
      user: bBroker.id,
      agency: agency.id,
      recipients: bRecipients,
    },
    tokens,
    bPerson: { id: b.candidate, email: bEmail },
  };
};

/**
 * md5 of every row of promotion B: every table with a promotion_id column (its rows of B), plus
 * the candidates, users, files, thread messages and reads linked to B. Ordered by the row's text.
 */
export const hashPromotion = async (db: Db, promotionId: number): Promise<Record<string, string>> => {
  const tables = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'promotion_id' order by table_name`,
  );
  const linked: Record<string, string> = {
    promotions: `id = ${promotionId}`,
    users: `id in (select user_id from promotion_user where promotion_id = ${promotionId})
            or id in (select user_id from candidates where promotion_id = ${promotionId})`,
    files: `promotion_id = ${promotionId} or candidacy_id in (select id from candidacies where promotion_id = ${promotionId})`,
    thread_messages: `thread_id in (select id from threads where promotion_id = ${promotionId})`,
    thread_reads: `thread_id in (select id from threads where promotion_id = ${promotionId})`,
    assistants: `broker_id in (select user_id from promotion_user where promotion_id = ${promotionId})`,
  };
  for (const { table_name } of tables) linked[table_name] ??= `promotion_id = ${promotionId}`;
  const hashes: Record<string, string> = {};
  for (const [table, where] of Object.entries(linked).sort(([x], [y]) => x.localeCompare(y))) {
    const [row] = await rowsOf<{ n: number; md5: string }>(
      db,
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${table}" t where ${where}`,
      ),
    );
    hashes[table] = `${row.n} rows ${row.md5}`;
  }
  return hashes;
};
