// Over 400 lines: the security suites' world (principals, files, buildWorld), built in one place.
import { CRM_AGENCY_ID } from '@promovente/shared';
import { and, eq, sql } from 'drizzle-orm';
import {
  applications,
  assistants,
  authTokens,
  buildings,
  campaignFiles,
  campaigns,
  candidacies,
  candidates,
  comments,
  faqQuestions,
  files,
  finances,
  marketingReports,
  notifications,
  passwordResets,
  photoGroups,
  photos,
  planningTasks,
  priceGridImports,
  promotionUsers,
  tasks,
  threadMessages,
  threads,
} from '../../db/schema/index.js';
import { hashToken, newToken } from '../../platform/tokens.js';
import { createAgency, createBuildingWithLots, createPromotion, createUser, PASSWORD } from '../fixtures.js';
import type { TestContext } from '../harness.js';

/**
 * The principals of the security suites (issue 8): the eight roles, the admin broker, the light
 * investor, nobody, a revoked token and a member of another promotion only. Every signed-in
 * principal except the outsider belongs to promotion A (the admin sees every promotion).
 */
export const PRINCIPALS = [
  'broker',
  'promoter',
  'banker',
  'architect',
  'notary',
  'candidate',
  'pilot',
  'investor',
  'admin',
  'lightInvestor',
  'anonymous',
  'revoked',
  'outsider',
] as const;
export type Principal = (typeof PRINCIPALS)[number];
type SignedIn = Exclude<Principal, 'anonymous' | 'revoked'>;

export const CRM_AGENCY = CRM_AGENCY_ID;
export const LEMAN_AGENCY = 2;

/** A PDF of a few bytes whose content is a PDF (the upload policy sniffs the content). */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const inAWeek = () => {
  const step = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + 7 * 86_400_000) / step) * step);
};

/**
 * Promotion A with every role, promotion B with the outsider, and the business rows every route
 * and command needs. `refresh()` makes a new set of rows in A (after a call that changed or
 * removed them), so that each call meets rows in a known state.
 */
export const buildWorld = async (ctx: TestContext) => {
  const db = ctx.database.db;
  await createAgency(db, 'Agence CRM', CRM_AGENCY);
  await createAgency(db, 'Agence du Léman', LEMAN_AGENCY);
  const promotion = await createPromotion(db, { title: 'Les Hauts de Rolle', agencyIds: [CRM_AGENCY, LEMAN_AGENCY] });
  const other = await createPromotion(db, { title: 'Le Clos de Morges', agencyIds: [LEMAN_AGENCY] });
  /** A promotion the archive and restore calls work on, so that A stays open to every other call. */
  const archivable = await createPromotion(db, { title: 'Le Domaine des Saules', agencyIds: [LEMAN_AGENCY] });
  const inA = { promotionIds: [promotion.id], preferences: { selected_promotion: promotion.id } };

  const user = {
    broker: await createUser(db, 'broker', { ...inA, agencyId: LEMAN_AGENCY, firstName: 'Paul', lastName: 'Courtier' }),
    promoter: await createUser(db, 'promoter', inA),
    banker: await createUser(db, 'banker', inA),
    architect: await createUser(db, 'architect', inA),
    notary: await createUser(db, 'notary', inA),
    candidate: await createUser(db, 'candidate', inA),
    pilot: await createUser(db, 'pilot', inA),
    investor: await createUser(db, 'investor', inA),
    admin: await createUser(db, 'broker', { admin: true, agencyId: LEMAN_AGENCY, preferences: { selected_promotion: promotion.id } }),
    lightInvestor: await createUser(db, 'investor', { ...inA, restrictedAccess: 1 }),
    outsider: await createUser(db, 'broker', {
      promotionIds: [other.id],
      agencyId: LEMAN_AGENCY,
      preferences: { selected_promotion: other.id },
    }),
  } satisfies Record<SignedIn, unknown>;
  await db.update(promotionUsers).set({ main: true }).where(eq(promotionUsers.userId, user.notary.id));
  /** Another broker of A (the assistant of the assistant routes). */
  const colleague = await createUser(db, 'broker', { ...inA, agencyId: LEMAN_AGENCY, firstName: 'Anne', lastName: 'Collègue' });
  /** The account the sign-in and reset routes work on (its password never changes). */
  const signInTarget = await createUser(db, 'broker', { ...inA, agencyId: LEMAN_AGENCY });
  /** People of A the people menus' calls edit and remove (modules/people); makeRows puts them back. */
  const staff = {
    notary: await createUser(db, 'notary', inA),
    broker: await createUser(db, 'broker', { ...inA, agencyId: LEMAN_AGENCY }),
    promoter: await createUser(db, 'promoter', inA),
    banker: await createUser(db, 'banker', inA),
    architect: await createUser(db, 'architect', inA),
  };

  // The revoked principal: a real session, closed by logout.
  const login = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: colleague.email, password: PASSWORD } });
  const revokedToken = login.json().token as string;
  await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${revokedToken}` } });

  /** A new session of a principal for each call (a call may log out or revoke the others). */
  const headersOf = async (principal: Principal): Promise<Record<string, string>> => {
    if (principal === 'anonymous') return {};
    if (principal === 'revoked') return { authorization: `Bearer ${revokedToken}` };
    const token = newToken();
    await db
      .insert(authTokens)
      .values({ userId: user[principal].id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 86_400_000) });
    return { authorization: `Bearer ${token}` };
  };

  const [avatar] = await db
    .insert(files)
    .values({
      name: 'avatar.png',
      mime: 'image/png',
      size: TINY_PNG.length,
      storageKey: await ctx.app.deps.storage.put(TINY_PNG),
      owner: 'avatar',
    })
    .returning();

  let round = 0;
  const makeRows = async () => {
    round += 1;
    // The people menus' calls remove the staff and move the main notary: A gets them back.
    await db
      .insert(promotionUsers)
      .values(Object.values(staff).map((person) => ({ promotionId: promotion.id, userId: person.id })))
      .onConflictDoNothing();
    await db.update(promotionUsers).set({ main: false }).where(eq(promotionUsers.promotionId, promotion.id));
    await db.update(promotionUsers).set({ main: true }).where(eq(promotionUsers.userId, user.notary.id));
    const { lots } = await createBuildingWithLots(db, promotion.id, [750_000, 900_000, 1_250_000]);
    // A building without lots, which the building deletion removes (the one above carries sales files).
    const [emptyBuilding] = await db
      .insert(buildings)
      .values({ promotionId: promotion.id, title: `Bâtiment vide ${round}`, city: 'Rolle' })
      .returning();
    const person = async (n: string) => {
      const [candidate] = await db
        .insert(candidates)
        .values({ promotionId: promotion.id, firstName: 'Marie', lastName: `Rochat${n}${round}`, email: `marie${n}.${round}@exemple.ch` })
        .returning();
      const [candidacy] = await db
        .insert(candidacies)
        .values({ promotionId: promotion.id, candidateId: candidate.id, brokerId: user.broker.id, agencyId: LEMAN_AGENCY, status: 3 })
        .returning();
      return { candidate, candidacy };
    };
    const main = await person('a');
    const partner = await person('b');
    const spare = await person('c');
    // The candidate principal's own record is the main candidacy's.
    await db
      .update(candidates)
      .set({ userId: null })
      .where(and(eq(candidates.userId, user.candidate.id), eq(candidates.promotionId, promotion.id)));
    await db.update(candidates).set({ userId: user.candidate.id }).where(eq(candidates.id, main.candidate.id));
    const [application] = await db
      .insert(applications)
      .values({ promotionId: promotion.id, lotId: lots[0].id, candidacy1Id: main.candidacy.id })
      .returning();
    const [coupled] = await db
      .insert(applications)
      .values({ promotionId: promotion.id, lotId: lots[1].id, candidacy1Id: spare.candidacy.id, candidacy2Id: partner.candidacy.id })
      .returning();
    const task = async (target: { candidacyId?: number; lotId?: number; applicationId?: number }, assignee: number) =>
      (
        await db
          .insert(tasks)
          .values({
            promotionId: promotion.id,
            title: 'Rappeler le client',
            endAt: inAWeek(),
            assignedToId: assignee,
            createdById: user.broker.id,
            ...target,
          })
          .returning()
      )[0];
    const candidacyTask = await task({ candidacyId: main.candidacy.id }, user.broker.id);
    const notaryTask = await task({ candidacyId: main.candidacy.id }, user.notary.id);
    const lotTask = await task({ lotId: lots[0].id }, user.broker.id);
    const applicationTask = await task({ applicationId: application.id }, user.broker.id);
    const commentBy = new Map<number, number>();
    for (const author of [user.broker, user.promoter, user.banker, user.notary, user.admin]) {
      const [row] = await db
        .insert(comments)
        .values({ promotionId: promotion.id, candidacyId: main.candidacy.id, comment: 'Rappeler lundi', createdById: author.id })
        .returning();
      commentBy.set(author.id, row.id);
    }
    const [file] = await db
      .insert(files)
      .values({
        promotionId: promotion.id,
        name: 'piece-identite.pdf',
        mime: 'application/pdf',
        size: TINY_PDF.length,
        storageKey: await ctx.app.deps.storage.put(TINY_PDF),
        owner: 'candidacy',
        candidacyId: main.candidacy.id,
        createdById: user.candidate.id,
      })
      .returning();
    // A library file of A (issue 12), open to the promoters, which the edit and delete calls name.
    const [libraryFile] = await db
      .insert(files)
      .values({
        promotionId: promotion.id,
        name: 'Brochure.pdf',
        mime: 'application/pdf',
        size: TINY_PDF.length,
        storageKey: await ctx.app.deps.storage.put(TINY_PDF),
        owner: 'library',
        typeId: 3,
        accessPromoter: true,
        createdById: user.broker.id,
      })
      .returning();
    const notificationOf = new Map<number, number>();
    for (const owner of Object.values(user)) {
      const [row] = await db
        .insert(notifications)
        .values({ userId: owner.id, promotionId: promotion.id, title: 'Nouveau message' })
        .returning();
      notificationOf.set(owner.id, row.id);
    }
    // A thread opened by each principal (the broker's to the main candidate, the others' to the broker), one message each.
    const threadOf = new Map<number, number>();
    for (const owner of Object.values(user)) {
      const toId = owner.id === user.broker.id ? user.candidate.id : user.broker.id;
      const [thread] = await db
        .insert(threads)
        .values({ promotionId: promotion.id, title: 'Votre dossier', createdById: owner.id, toId, candidacyId: main.candidacy.id })
        .returning();
      await db.insert(threadMessages).values({ threadId: thread.id, senderId: owner.id, content: 'Bonjour' });
      threadOf.set(owner.id, thread.id);
    }
    await db.insert(assistants).values({ brokerId: user.broker.id, assistantId: colleague.id }).onConflictDoNothing();
    const resetToken = newToken();
    await db
      .insert(passwordResets)
      .values({ userId: signInTarget.id, tokenHash: hashToken(resetToken), expiresAt: new Date(Date.now() + 3_600_000) });
    // A read price grid waiting to be applied (issue 11); without rows, its apply writes only its log row.
    const [priceGridImport] = await db
      .insert(priceGridImports)
      .values({
        promotionId: promotion.id,
        createdById: signInTarget.id,
        fileName: 'grille.xlsx',
        rows: [],
        refused: [],
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();
    // A planning task and the finances record (issue 13): the targets of PUT and DELETE /planning/{id}, PUT /finances/{id}.
    const [planningTask] = await db
      .insert(planningTasks)
      .values({ promotionId: promotion.id, title: 'Mise à l’enquête', category: 2, dateFrom: '2026-03-02', dateTo: '2026-04-30' })
      .returning();
    const [financesRecord] = await db
      .insert(finances)
      .values({ promotionId: promotion.id })
      .onConflictDoUpdate({ target: finances.promotionId, set: { landPrice1: null } })
      .returning();
    // A question of A's FAQ (docs/product/faq.md), its own (not global): a broker of A deletes it.
    const [faqQuestion] = await db
      .insert(faqQuestions)
      .values({
        promotionId: promotion.id,
        question: 'Quand commencent les travaux ?',
        answer: 'Au printemps.',
        createdById: user.broker.id,
      })
      .returning();
    // A progress album of A with one photo (modules/progress): the calls edit and delete them.
    const [photoGroup] = await db
      .insert(photoGroups)
      .values({ promotionId: promotion.id, name: 'Gros œuvre', date: '2026-03-12', createdById: user.broker.id })
      .returning();
    const [photoFile] = await db
      .insert(files)
      .values({
        promotionId: promotion.id,
        name: 'dalle.jpg',
        mime: 'image/png',
        size: TINY_PNG.length,
        storageKey: await ctx.app.deps.storage.put(TINY_PNG),
        owner: 'photo',
        createdById: user.broker.id,
      })
      .returning();
    const [photo] = await db
      .insert(photos)
      .values({
        promotionId: promotion.id,
        photoGroupId: photoGroup.id,
        name: 'dalle.jpg',
        fileId: photoFile.id,
        createdById: user.broker.id,
      })
      .returning();
    /** A campaign of the broker's agency with one document, and a marketing report (modules/marketing). */
    const [campaign] = await db
      .insert(campaigns)
      .values({ promotionId: promotion.id, agencyId: LEMAN_AGENCY, title: `Affichage gare ${round}`, createdById: user.broker.id })
      .returning();
    const [campaignFile] = await db
      .insert(files)
      .values({
        promotionId: promotion.id,
        name: 'plan-media.pdf',
        mime: 'application/pdf',
        size: TINY_PDF.length,
        storageKey: await ctx.app.deps.storage.put(TINY_PDF),
        owner: 'campaign',
        createdById: user.broker.id,
      })
      .returning();
    await db.insert(campaignFiles).values({ campaignId: campaign.id, fileId: campaignFile.id });
    const [marketingReport] = await db
      .insert(marketingReports)
      .values({
        promotionId: promotion.id,
        // The world's rows are made again after a test deletes them: the next N° of the promotion.
        number: sql`(select coalesce(max(number), 0) + 1 from marketing_reports where promotion_id = ${promotion.id})`,
        numberOfVisits: 0,
        numberOfFutureVisits: 0,
        createdById: user.broker.id,
      })
      .returning();
    return {
      emptyBuilding,
      campaign,
      campaignFile,
      marketingReport,
      lots,
      photoGroup,
      photo,
      priceGridImport,
      planningTask,
      financesRecord,
      faqQuestion,
      main,
      partner,
      spare,
      application,
      coupled,
      candidacyTask,
      notaryTask,
      lotTask,
      applicationTask,
      commentBy,
      file,
      libraryFile,
      notificationOf,
      threadOf,
      resetToken,
    };
  };

  const world = {
    db,
    promotion,
    other,
    archivable,
    user,
    colleague,
    signInTarget,
    staff,
    avatar,
    headersOf,
    rows: await makeRows(),
    /** New rows in A: called after a call that changed or removed the current ones. */
    refresh: async () => {
      world.rows = await makeRows();
    },
  };
  return world;
};
export type World = Awaited<ReturnType<typeof buildWorld>>;
