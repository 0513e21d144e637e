import { z } from 'zod';
import { passwordChangeSchema } from '../contracts/auth.js';
import { CANDIDACY_FILE_LIMITS } from '../contracts/candidacies.js';
import { idOf } from '../contracts/common.js';
import { emailNotificationsSchema, unsubscribeParamsSchema } from '../contracts/email-notifications.js';
import {
  accountAnswerSchema,
  assistantParamsSchema,
  assistantSchema,
  memberSchema,
  profileUpdateSchema,
  selectPromotionSchema,
  userPreferencesSchema,
  userPromotionIdSchema,
  userPromotionSchema,
  userPromotionsQuerySchema,
  userSchema,
} from '../contracts/users.js';
import { MEMBER_LISTS } from '../permissions.js';
import { dataOf, defineRoutes, messageSchema, pageOf } from './route.js';

/** GET brokers, investors, pilots: the promotion asked for (else the user's current one). */
const memberListQuerySchema = z.object({ promotion: idOf('Promotion invalide').optional() });

/**
 * The routes of the 'Utilisateur' domain (docs/architecture.md, 'The API catalogue'): the
 * signed-in user's own account ('Mon compte', the promotion picker), also before a candidate has
 * replaced his e-mailed password; the members lists (MEMBER_LISTS), a broker's assistants, the
 * e-mails' unsubscribe links and the public images.
 */
export const USERS_API = defineRoutes({
  getUser: {
    method: 'GET',
    path: '/user',
    summary: "L'utilisateur connecté, sa promotion courante et ses messages non lus",
    access: 'signedIn',
    beforePasswordChange: true,
    response: dataOf(userSchema),
    cache: true,
  },
  listUserPromotions: {
    method: 'GET',
    path: '/user/promotions',
    summary: "Promotions que l'utilisateur peut ouvrir (sélecteur de promotion), par page",
    access: 'signedIn',
    beforePasswordChange: true,
    query: userPromotionsQuerySchema,
    response: pageOf(userPromotionSchema),
    cache: true,
  },
  getUserPreferences: {
    method: 'GET',
    path: '/user/preferences',
    summary: "Promotion courante de l'utilisateur (préférence)",
    access: 'signedIn',
    beforePasswordChange: true,
    response: dataOf(userPreferencesSchema),
  },
  getUserPromotion: {
    method: 'GET',
    path: '/user/promotion',
    summary: "Identifiant de la promotion courante de l'utilisateur",
    access: 'signedIn',
    beforePasswordChange: true,
    response: userPromotionIdSchema,
  },
  selectUserPromotion: {
    method: 'PUT',
    path: '/user/promotion',
    summary: 'Choisir la promotion courante',
    access: 'signedIn',
    body: selectPromotionSchema,
    response: z.object({ promotion_id: z.number() }),
  },
  updateProfile: {
    method: 'POST',
    path: '/user/update',
    summary: 'Modifier son profil (nom, e-mail, photo) dans « Mon compte »',
    access: 'signedIn',
    beforePasswordChange: true,
    // The photo is re-encoded as a 150x150 PNG (platform/uploads.ts, PROFILE_PHOTO_UPLOADS: the pictures' size limit).
    form: { fields: profileUpdateSchema, files: 1, fileBytes: CANDIDACY_FILE_LIMITS.imageBytes },
    response: accountAnswerSchema.extend({ data: userSchema }),
  },
  changePassword: {
    method: 'PUT',
    path: '/user/password',
    summary: 'Changer son mot de passe (le premier changement imposé aux candidats compris)',
    access: 'signedIn',
    beforePasswordChange: true,
    body: passwordChangeSchema,
    response: accountAnswerSchema,
  },
  setEmailNotifications: {
    method: 'PUT',
    path: '/user/notifications',
    summary: 'Recevoir ou non les notifications par e-mail',
    access: 'signedIn',
    beforePasswordChange: true,
    body: emailNotificationsSchema,
    response: emailNotificationsSchema.extend({ message: z.string() }),
  },
  unsubscribeEmails: {
    method: 'POST',
    path: '/unsubscribe/:token',
    summary: 'Ne plus recevoir les notifications par e-mail (lien de désinscription, RFC 8058)',
    access: 'public',
    params: unsubscribeParamsSchema,
    response: messageSchema,
  },
  openUnsubscribeLink: {
    method: 'GET',
    path: '/unsubscribe/:token',
    summary: 'Lien de désinscription ouvert dans un navigateur : redirection vers la page de confirmation',
    access: 'public',
    params: unsubscribeParamsSchema,
    response: { raw: 'text/plain', status: 303 },
  },
  listBrokers: {
    method: 'GET',
    path: '/brokers',
    summary: 'Courtiers de la promotion courante',
    access: MEMBER_LISTS.broker,
    query: memberListQuerySchema,
    response: dataOf(memberSchema.array()),
  },
  listInvestors: {
    method: 'GET',
    path: '/investors',
    summary: 'Investisseurs de la promotion courante',
    access: MEMBER_LISTS.investor,
    query: memberListQuerySchema,
    response: dataOf(memberSchema.array()),
  },
  listPilots: {
    method: 'GET',
    path: '/pilots',
    summary: 'Pilotes de la promotion courante',
    access: MEMBER_LISTS.pilot,
    query: memberListQuerySchema,
    response: dataOf(memberSchema.array()),
  },
  addAssistant: {
    method: 'POST',
    path: '/brokers/:id/assistants/:assistantId',
    summary: 'Ajouter un assistant à un courtier (parmi les courtiers de la promotion)',
    access: 'assistant.add',
    params: assistantParamsSchema,
    response: dataOf(assistantSchema.array()),
  },
  removeAssistant: {
    method: 'DELETE',
    path: '/brokers/:id/assistants/:assistantId',
    summary: "Retirer un assistant d'un courtier",
    access: 'assistant.remove',
    params: assistantParamsSchema,
    response: dataOf(assistantSchema.array()),
  },
  getPublicImage: {
    method: 'GET',
    path: '/images/:uuid',
    summary: 'Photo de profil ou logo, par son identifiant (sans jeton : balise img)',
    access: 'public',
    params: z.object({ uuid: z.uuid('Image introuvable') }),
    response: { raw: 'image/png, image/jpeg, image/webp' },
  },
});
