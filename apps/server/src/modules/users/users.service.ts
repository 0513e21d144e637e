import {
  type Broker,
  can,
  EMAIL_NOTIFICATION_MESSAGES,
  MESSAGES,
  type MemberListType,
  type Paginated,
  type PasswordChangeInput,
  PROFILE_PHOTO,
  type ProfileUpdateInput,
  USER_PROMOTIONS_PAGE_SIZE,
  type User,
  type UserPromotion,
  type UserPromotionsQuery,
} from '@promovente/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../../db/client.js';
import { assistants, authTokens, files, users } from '../../db/schema/index.js';
import { assertMemberOf, resolvePromotion } from '../../platform/access.js';
import { mustChangePassword, type RequestActor } from '../../platform/auth.js';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors.js';
import { checkPasswordAttempt } from '../../platform/login-attempts.js';
import { hashPassword } from '../../platform/passwords.js';
import type { Storage } from '../../platform/storage.js';
import { acceptUpload, PROFILE_PHOTO_UPLOADS } from '../../platform/uploads.js';
import { assistantsOf, findUserByEmail, loadUserPayload, membersOfType, promotionsPageOf } from './users.queries.js';
import { type MemberName, memberAudienceOf, serializeMemberFor } from './users.serializers.js';

export const getUser = async (db: Db, actor: RequestActor): Promise<User> => {
  // The current promotion is a preference: fall back to the first one the user may open.
  const loaded = await loadUserPayload(db, actor);
  if (!loaded) throw notFound();
  const { stale, ...user } = loaded;
  if (stale) {
    await db
      .update(users)
      .set({ preferences: { selected_promotion: user.preferences.selected_promotion } })
      .where(eq(users.id, actor.id));
  }
  // Demo mode is the account's flag or the session's (opened from the demo page).
  return { ...user, is_demo: user.is_demo || actor.is_demo };
};

/** GET user/promotions: the promotion picker's page of the promotions the user may open. */
export const listUserPromotions = async (db: Db, actor: RequestActor, query: UserPromotionsQuery): Promise<Paginated<UserPromotion>> => {
  const pageSize = USER_PROMOTIONS_PAGE_SIZE;
  const { rows, total } = await promotionsPageOf(db, actor, { search: query.search, page: query.page, pageSize });
  const from = (query.page - 1) * pageSize;
  return {
    data: rows,
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / pageSize)),
    from: rows.length > 0 ? from + 1 : null,
    to: rows.length > 0 ? from + rows.length : null,
    total,
  };
};

export const selectPromotion = async (db: Db, actor: RequestActor, promotionId: number) => {
  await assertMemberOf(db, actor, promotionId);
  await db
    .update(users)
    .set({ preferences: { selected_promotion: promotionId } })
    .where(eq(users.id, actor.id));
  return { promotion_id: promotionId };
};

export type AvatarUpload = { mime: string; content: Buffer };

/** 'Mon compte' profile form; the photo is re-encoded as the 150x150 PNG of docs/product/access.md#account-screen. */
export const updateProfile = async (
  deps: { db: Db; storage: Storage },
  actor: RequestActor,
  input: ProfileUpdateInput,
  avatar: AvatarUpload | null,
): Promise<User> => {
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && existing.id !== actor.id) throw conflict(MESSAGES.emailAlreadyExists);
  let avatarKey: string | null = null;
  let avatarSize = 0;
  if (avatar) {
    // The one upload policy: a PNG, JPEG or WebP by content (never an SVG or HTML sent as an image).
    await acceptUpload(PROFILE_PHOTO_UPLOADS, { filename: 'photo', mimetype: avatar.mime, content: avatar.content });
    let png: Buffer;
    try {
      // Upright first (a phone's portrait photo is stored sideways with an EXIF orientation), then the square.
      png = await sharp(avatar.content).rotate().resize(150, 150, { fit: 'cover' }).png().toBuffer();
    } catch {
      throw unprocessable(PROFILE_PHOTO.refused);
    }
    avatarKey = await deps.storage.put(png);
    avatarSize = png.length;
  }
  await deps.db.transaction(async (tx) => {
    let profilePicture: string | undefined;
    if (avatarKey) {
      const [file] = await tx
        .insert(files)
        .values({ name: 'avatar.png', mime: 'image/png', size: avatarSize, storageKey: avatarKey, owner: 'avatar', createdById: actor.id })
        .returning({ uuid: files.uuid });
      profilePicture = file.uuid;
    }
    await tx
      .update(users)
      .set({
        firstName: input.first_name.trim(),
        lastName: input.last_name.trim(),
        email: input.email,
        updatedAt: new Date(),
        ...(profilePicture ? { profilePicture } : {}),
      })
      .where(eq(users.id, actor.id));
  });
  return getUser(deps.db, actor);
};

/**
 * PUT user/password ('Mon compte'). The current password is asked, and checked as a sign-in
 * attempt (same limits), except on the forced first change of a candidate, who signed in with
 * the e-mailed password a moment ago. Every other session of the user is signed out.
 */
export const changePassword = async (
  deps: { db: Db; rateLimitMultiplier: number },
  actor: RequestActor,
  input: PasswordChangeInput,
  ip: string,
) => {
  const { db } = deps;
  if (!mustChangePassword(actor)) {
    if (!input.current_password) throw badRequest(MESSAGES.currentPasswordRequired);
    const user = await findUserByEmail(db, actor.email);
    const account = { email: actor.email, passwordHash: user?.passwordHash ?? null };
    if (!(await checkPasswordAttempt(deps, account, input.current_password, ip))) throw badRequest(MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(), numberConnections: sql`greatest(${users.numberConnections}, 1)` })
      .where(eq(users.id, actor.id));
    await tx
      .update(authTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(authTokens.userId, actor.id), isNull(authTokens.revokedAt), ne(authTokens.id, actor.token_id)));
  });
};

const currentPromotion = async (db: Db, actor: RequestActor, requested?: number) => {
  const promotionId = await resolvePromotion(db, actor, requested);
  if (promotionId === null) throw notFound(MESSAGES.notMember);
  return promotionId;
};

/** GET brokers, investors, pilots: the current promotion's members of that type, shaped for the caller. */
export const listMembers = async (
  db: Db,
  actor: RequestActor,
  type: MemberListType,
  requested?: number,
): Promise<(Broker | MemberName)[]> => {
  const rows = await membersOfType(db, await currentPromotion(db, actor, requested), type);
  const audience = memberAudienceOf(actor);
  return rows.map((row) => serializeMemberFor(audience, row));
};

/** A broker adds an assistant among the current promotion's brokers (docs/product/access.md#account-screen). */
export const addAssistant = async (db: Db, actor: RequestActor, brokerId: number, assistantId: number) => {
  // Another broker's assistants are an admin's to change: 404 for the others, as for an unknown broker.
  if (!can(actor, 'assistant.add', { owner_id: brokerId })) throw notFound();
  if (brokerId === assistantId) throw badRequest('Un courtier ne peut pas être son propre assistant');
  const brokers = await membersOfType(db, await currentPromotion(db, actor), 'broker');
  if (!brokers.some((b) => b.id === brokerId) || !brokers.some((b) => b.id === assistantId)) throw notFound();
  await db.insert(assistants).values({ brokerId, assistantId }).onConflictDoNothing();
  return assistantsOf(db, brokerId);
};

/** Only admins remove assistants (docs/product/access.md#who-may-do-what): the route's access, 'assistant.remove'. */
export const removeAssistant = async (db: Db, brokerId: number, assistantId: number) => {
  const deleted = await db
    .delete(assistants)
    .where(and(eq(assistants.brokerId, brokerId), eq(assistants.assistantId, assistantId)))
    .returning({ id: assistants.assistantId });
  if (deleted.length === 0) throw notFound();
  return assistantsOf(db, brokerId);
};

/** Profile pictures and logos are served by their unguessable uuid (img tags send no token). */
export const loadPublicImage = async (deps: { db: Db; storage: Storage }, uuid: string) => {
  const [file] = await deps.db
    .select({ key: files.storageKey, mime: files.mime })
    .from(files)
    .where(and(eq(files.uuid, uuid), sql`${files.owner} in ('avatar', 'logo')`))
    .limit(1);
  if (!file) throw notFound();
  return { mime: file.mime, content: await deps.storage.get(file.key) };
};

/** PUT user/notifications: 'Recevoir les notifications par e-mail' of 'Mon compte' (the notification e-mails only). */
export const setEmailNotifications = async (db: Db, actor: RequestActor, wanted: boolean) => {
  await db.update(users).set({ emailNotifications: wanted, updatedAt: new Date() }).where(eq(users.id, actor.id));
  return { email_notifications: wanted, message: MESSAGES.changesSaved };
};

const UNSUBSCRIBE_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST unsubscribe/{token}: the e-mail's unsubscribe link (List-Unsubscribe one-click, RFC 8058,
 * and the confirmation page's button) turns the notification e-mails off, without signing in: the
 * token is the user's own random secret (users.unsubscribe_token). Again: the same answer. A token
 * that is not one answers 404 like an unknown one. Not rate-limited: one-click requests come from
 * the mail providers' few addresses, and a random uuid cannot be guessed.
 */
export const unsubscribeByToken = async (db: Db, token: string) => {
  const unknown = () => notFound(EMAIL_NOTIFICATION_MESSAGES.invalidLink);
  if (!UNSUBSCRIBE_TOKEN.test(token)) throw unknown();
  const [user] = await db
    .update(users)
    .set({ emailNotifications: false, updatedAt: new Date() })
    .where(eq(users.unsubscribeToken, token.toLowerCase()))
    .returning({ id: users.id });
  if (!user) throw unknown();
  return { message: EMAIL_NOTIFICATION_MESSAGES.unsubscribed };
};
