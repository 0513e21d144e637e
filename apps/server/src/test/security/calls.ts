// Over 400 lines: one valid call for every route of the API, the table the security suites walk.
import { gridUpload, gridWorkbook, newLots } from '../../modules/price-grid/price-grid.fixtures.js';
import { signedFileUrl } from '../../platform/signed-url.js';
import { PASSWORD } from '../fixtures.js';
import { type MultipartFile, multipartBody } from '../multipart.js';

export type { MultipartFile };

import { type Principal, TINY_PDF, TINY_PNG, type World } from './world.js';

/** One request of a route, with real ids of promotion A (the outsider's calls name them too). */
export type RouteRequest = { url: string; payload?: unknown; headers?: Record<string, string> };
export type RouteCall = (w: World, p: Principal) => RouteRequest;
/** The body of a command: its target and its input. */
export type CommandCall = (w: World, p: Principal) => { entity: string; entity_id: number; additionnal_fields: Record<string, unknown> };

/** A multipart/form-data body (the file routes and the profile take one). */
export const multipart = (fields: [string, string][], fileParts: MultipartFile[] = []) => multipartBody(fields, fileParts);

/** A grid of two new lots for the price-grid preview (the world's building is 'Bâtiment A'). */
const GRID_FILE = await gridWorkbook(newLots(2));

let counter = 0;
/** A new e-mail for each call that creates a person. */
const unique = () => {
  counter += 1;
  return `${Date.now()}.${counter}`;
};

const userOf = (w: World, p: Principal) => (p === 'anonymous' || p === 'revoked' ? w.user.broker : w.user[p]);
const inWeek = () => new Date(Math.ceil((Date.now() + 7 * 86_400_000) / 900_000) * 900_000).toISOString();
const task = (w: World) => ({
  title: 'Relancer le client',
  end_at: inWeek(),
  type: 0,
  broker_id: w.user.broker.id,
  detail: 'Par téléphone',
});
const mail = { subject: 'Les Hauts de Rolle : votre dossier', body: 'Bonjour,\nVoici la suite.' };
const promotionA = (w: World) => `promotion=${w.promotion.id}`;

/** A thread the principal opened in A (docs/product/messages.md#rules: he is one of its sides); the outsider names the broker's. */
const threadOf = (w: World, p: Principal) => w.rows.threadOf.get(userOf(w, p).id) ?? w.rows.threadOf.get(w.user.broker.id);

/** Thread recipients by role (docs/product/access.md#who-may-do-what): a candidate does not choose. */
const recipientOf = (w: World, p: Principal): [string, string][] => {
  switch (p) {
    case 'notary':
      return [
        ['to_id', String(w.user.broker.id)],
        ['to_base_class', 'broker'],
      ];
    case 'pilot':
      return [
        ['to_id', String(w.user.investor.id)],
        ['to_base_class', 'investor'],
      ];
    case 'investor':
    case 'lightInvestor':
      return [
        ['to_id', String(w.user.pilot.id)],
        ['to_base_class', 'pilot'],
      ];
    case 'candidate':
      return [];
    default:
      return [
        ['to_id', String(w.user.notary.id)],
        ['to_base_class', 'notary'],
      ];
  }
};

const PEOPLE_TYPES = ['notary', 'broker', 'promoter', 'banker', 'architect'] as const;
const newPerson = () => ({ first_name: 'Léa', last_name: 'Nouvelle', email: `personne.${unique()}@exemple.ch` });

/** The people menus (modules/people): the world's staff of A, which makeRows puts back after a removal. */
const peopleCalls = (): Record<string, RouteCall> => ({
  'GET /api/notaries': (w) => ({ url: `/api/notaries?${promotionA(w)}` }),
  'GET /api/promoters': (w) => ({ url: `/api/promoters?${promotionA(w)}&search=a` }),
  'GET /api/bankers': () => ({ url: '/api/bankers' }),
  'GET /api/architects': () => ({ url: '/api/architects?page=2' }),
  ...Object.fromEntries(
    PEOPLE_TYPES.flatMap((type) => [
      [
        `POST /api/promotions/:id/add-${type}/:userId`,
        (w: World) => ({ url: `/api/promotions/${w.promotion.id}/add-${type}/${w.staff[type].id}` }),
      ],
      [
        `POST /api/promotions/:id/remove-${type}/:userId`,
        (w: World) => ({ url: `/api/promotions/${w.promotion.id}/remove-${type}/${w.staff[type].id}` }),
      ],
    ]),
  ),
  'POST /api/promotions/:id/notaries': (w) => ({
    url: `/api/promotions/${w.promotion.id}/notaries`,
    payload: { ...newPerson(), phone: '021 555 12 12', zip: '1180', city: 'Rolle', secretary_gender: 'F' },
  }),
  'POST /api/promotions/:id/promoters': (w) => ({ url: `/api/promotions/${w.promotion.id}/promoters`, payload: newPerson() }),
  'POST /api/promotions/:id/bankers': (w) => ({
    url: `/api/promotions/${w.promotion.id}/bankers`,
    payload: { ...newPerson(), bank_name: 'BCV' },
  }),
  'POST /api/promotions/:id/architects': (w) => ({
    url: `/api/promotions/${w.promotion.id}/architects`,
    payload: { ...newPerson(), office_name: 'Atelier du Lac' },
  }),
  'PUT /api/promotions/:id/notaries/:notaryId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/notaries/${w.staff.notary.id}`,
    payload: { first_name: 'Luc', last_name: 'Notaire', email: w.staff.notary.email, city: 'Nyon' },
  }),
  'PUT /api/promotions/:id/update-notary-main/:notaryId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/update-notary-main/${w.staff.notary.id}`,
  }),
  // The broker principal becomes A's main broker (the staff broker the remove-broker call names stays removable).
  'PUT /api/promotions/:id/update-broker-main/:userId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/update-broker-main/${w.user.broker.id}`,
  }),
  // The staff chose a password: the admin's answer is 409, a rule answer on a real row.
  'POST /api/promotions/:id/people/:userId/invite': (w) => ({
    url: `/api/promotions/${w.promotion.id}/people/${w.staff.promoter.id}/invite`,
  }),
});

/**
 * How each registered route is called (key: method and path as registered). Every route must
 * have one; the matrix and the fuzz both use them.
 */
export const ROUTE_CALLS: Record<string, RouteCall> = {
  'GET /api/health': () => ({ url: '/api/health' }),
  'GET /api/openapi.json': () => ({ url: '/api/openapi.json' }),
  'GET /api/docs': () => ({ url: '/api/docs' }),
  'GET /api/docs/:asset': () => ({ url: '/api/docs/reference.js' }),
  'POST /api/login': (w) => ({ url: '/api/login', payload: { email: w.signInTarget.email, password: PASSWORD } }),
  'POST /api/logout': () => ({ url: '/api/logout' }),
  'POST /api/password/create': (w) => ({ url: '/api/password/create', payload: { email: w.signInTarget.email } }),
  'GET /api/password/find/:token': (w) => ({ url: `/api/password/find/${w.rows.resetToken}` }),
  'POST /api/password/reset': (w) => ({
    url: '/api/password/reset',
    payload: { email: w.signInTarget.email, password: PASSWORD, password_confirmation: PASSWORD, token: w.rows.resetToken },
  }),
  'POST /api/askdemo': () => ({
    url: '/api/askdemo',
    payload: { fullName: 'Jeanne Favre', email: 'jeanne.favre@exemple.ch', phone: '079 123 45 67' },
  }),
  'GET /api/user': () => ({ url: '/api/user' }),
  'GET /api/user/preferences': () => ({ url: '/api/user/preferences' }),
  'GET /api/user/promotions': () => ({ url: '/api/user/promotions?search=a' }),
  'GET /api/user/promotion': () => ({ url: '/api/user/promotion' }),
  'PUT /api/user/promotion': (w) => ({ url: '/api/user/promotion', payload: { promotion: w.promotion.id } }),
  'POST /api/user/update': (w, p) => {
    const u = userOf(w, p);
    return {
      url: '/api/user/update',
      ...multipart([
        ['first_name', u.firstName],
        ['last_name', u.lastName],
        ['email', u.email],
      ]),
    };
  },
  'PUT /api/user/notifications': () => ({ url: '/api/user/notifications', payload: { email_notifications: true } }),
  'POST /api/unsubscribe/:token': (w) => ({ url: `/api/unsubscribe/${w.signInTarget.unsubscribeToken}` }),
  'GET /api/unsubscribe/:token': (w) => ({ url: `/api/unsubscribe/${w.signInTarget.unsubscribeToken}` }),
  'PUT /api/user/password': () => ({
    url: '/api/user/password',
    payload: { current_password: PASSWORD, password: PASSWORD, password_confirmation: PASSWORD },
  }),
  'GET /api/brokers': (w) => ({ url: `/api/brokers?${promotionA(w)}` }),
  'GET /api/investors': (w) => ({ url: `/api/investors?${promotionA(w)}` }),
  'GET /api/pilots': (w) => ({ url: `/api/pilots?${promotionA(w)}` }),
  'POST /api/brokers/:id/assistants/:assistantId': (w) => ({ url: `/api/brokers/${w.user.broker.id}/assistants/${w.colleague.id}` }),
  'DELETE /api/brokers/:id/assistants/:assistantId': (w) => ({ url: `/api/brokers/${w.user.broker.id}/assistants/${w.colleague.id}` }),
  'GET /api/images/:uuid': (w) => ({ url: `/api/images/${w.avatar.uuid}` }),
  'GET /api/app/filters': (w) => ({ url: `/api/app/filters?${promotionA(w)}` }),
  'GET /api/notifications': () => ({ url: '/api/notifications' }),
  'GET /api/notifications/count': () => ({ url: '/api/notifications/count' }),
  'GET /api/events': () => ({ url: '/api/events' }),
  'PUT /api/notifications/:id/read': (w, p) => {
    // His own notification; the outsider names one of A's.
    const owner = p === 'outsider' ? w.user.broker : userOf(w, p);
    return { url: `/api/notifications/${w.rows.notificationOf.get(owner.id)}/read` };
  },
  'GET /api/admin/mails': () => ({ url: '/api/admin/mails' }),
  'GET /api/files/:uuid/download': (w) => ({ url: signedFileUrl(w.rows.file.uuid) }),
  'POST /api/candidacies/files': (w) => ({
    url: '/api/candidacies/files',
    ...multipart(
      [['candidacy_id', String(w.rows.main.candidacy.id)]],
      [{ field: 'files[]', filename: 'contrat.pdf', type: 'application/pdf', content: TINY_PDF }],
    ),
  }),
  'DELETE /api/candidacies/files/:id': (w) => ({ url: `/api/candidacies/files/${w.rows.file.id}` }),
  'GET /api/file-url/:uuid': (w) => ({ url: `/api/file-url/${w.rows.file.uuid}` }),
  'POST /api/threads': (w, p) => ({
    url: '/api/threads',
    ...multipart([
      ['title', 'Votre dossier'],
      ['content', 'Bonjour, où en est le dossier ?'],
      ['promotion', String(w.promotion.id)],
      ...recipientOf(w, p),
    ]),
  }),
  'GET /api/threads/promotions-unread-summary': () => ({ url: '/api/threads/promotions-unread-summary' }),
  'GET /api/threads': (w) => ({ url: `/api/threads?${promotionA(w)}` }),
  'GET /api/threads/recipients': (w) => ({ url: `/api/threads/recipients?class=candidate&${promotionA(w)}` }),
  'GET /api/threads/:id': (w, p) => ({ url: `/api/threads/${threadOf(w, p)}` }),
  'PUT /api/threads/:id/markAsRead': (w, p) => ({ url: `/api/threads/${threadOf(w, p)}/markAsRead` }),
  'POST /api/threads/:id/reply': (w, p) => ({
    url: `/api/threads/${threadOf(w, p)}/reply`,
    ...multipart([['content', 'Merci, bien reçu.']]),
  }),
  'GET /api/candidacies': (w) => ({ url: `/api/candidacies?${promotionA(w)}` }),
  'GET /api/candidacies/all': (w) => ({ url: `/api/candidacies/all?${promotionA(w)}` }),
  'GET /api/candidacies/download': (w) => ({ url: `/api/candidacies/download?${promotionA(w)}` }),
  'GET /api/candidacies/:id': (w) => ({ url: `/api/candidacies/${w.rows.main.candidacy.id}` }),
  'GET /api/candidates': (w) => ({ url: `/api/candidates?${promotionA(w)}` }),
  'GET /api/candidates/:id': (w) => ({ url: `/api/candidates/${w.rows.main.candidate.id}` }),
  'GET /api/actions': (w) => ({ url: `/api/actions?${promotionA(w)}&target=candidacy&target_id=${w.rows.main.candidacy.id}` }),
  'GET /api/promotions/:id/notary/actions': (w) => ({ url: `/api/promotions/${w.promotion.id}/notary/actions` }),
  'GET /api/actions/:id': (w) => ({ url: `/api/actions/${w.rows.candidacyTask.id}` }),
  'POST /api/promotions/:id/lots/actions': (w) => ({
    url: `/api/promotions/${w.promotion.id}/lots/actions`,
    payload: { ...task(w), lot_id: w.rows.lots[0].id },
  }),
  'PUT /api/promotions/:id/lots/actions/:actionId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/lots/actions/${w.rows.lotTask.id}`,
    payload: { title: 'Relancer le notaire' },
  }),
  'POST /api/promotions/:id/applications/actions': (w) => ({
    url: `/api/promotions/${w.promotion.id}/applications/actions`,
    payload: { ...task(w), application_id: w.rows.application.id },
  }),
  'PUT /api/promotions/:id/applications/actions/:actionId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/applications/actions/${w.rows.applicationTask.id}`,
    payload: { title: 'Relancer la banque' },
  }),
  'GET /api/logs': (w) => ({ url: `/api/logs?${promotionA(w)}&candidacy_id=${w.rows.main.candidacy.id}` }),
  'GET /api/lots/for-attribution': (w) => ({ url: `/api/lots/for-attribution?${promotionA(w)}&candidacy_id=${w.rows.main.candidacy.id}` }),
  'GET /api/applications/partners': (w) => ({
    url: `/api/applications/partners?${promotionA(w)}&candidacy_id=${w.rows.main.candidacy.id}`,
  }),
  'GET /api/attribution/candidacies': (w) => ({ url: `/api/attribution/candidacies?${promotionA(w)}&lot_id=${w.rows.lots[2].id}` }),
  'GET /api/applications': (w) => ({ url: `/api/applications?${promotionA(w)}` }),
  'GET /api/applications/download': (w) => ({ url: `/api/applications/download?${promotionA(w)}` }),
  'GET /api/applications/:id': (w) => ({ url: `/api/applications/${w.rows.application.id}` }),
  'GET /api/applications/:publicId/pdf': (w) => ({ url: `/api/applications/${w.rows.application.publicId}/pdf` }),
  'GET /api/applications/public/:publicId': (w) => ({ url: `/api/applications/public/${w.rows.application.publicId}` }),
  'PUT /api/applications/:id/markAsComplete': (w) => ({ url: `/api/applications/${w.rows.application.id}/markAsComplete`, payload: {} }),
  'POST /api/applications/sendNotificationIncomplete/:id': (w) => ({
    url: `/api/applications/sendNotificationIncomplete/${w.rows.application.id}`,
    payload: mail,
  }),
  'POST /api/applications/complete/:id': (w) => ({ url: `/api/applications/complete/${w.rows.application.id}`, payload: {} }),
  'POST /api/applications/:id/scheduleAgreement': (w) => ({
    url: `/api/applications/${w.rows.application.id}/scheduleAgreement`,
    payload: { date: inWeek() },
  }),
  'POST /api/applications/:id/planActOfPurchase': (w) => ({
    url: `/api/applications/${w.rows.application.id}/planActOfPurchase`,
    payload: { date: inWeek(), ...mail, do_not_send_email: true },
  }),
  'POST /api/applications/:id/createPlanActOfPurchase': (w) => ({
    url: `/api/applications/${w.rows.application.id}/createPlanActOfPurchase`,
    payload: { date: inWeek(), ...mail, do_not_send_email: true },
  }),
  'POST /api/applications/:id/reservation-deposit-received': (w) => ({
    url: `/api/applications/${w.rows.application.id}/reservation-deposit-received`,
    payload: {},
  }),
  'POST /api/applications/:id/deposit-received': (w) => ({
    url: `/api/applications/${w.rows.application.id}/deposit-received`,
    payload: {},
  }),
  'POST /api/applications/:id/client-solvent': (w) => ({ url: `/api/applications/${w.rows.application.id}/client-solvent`, payload: {} }),
  'POST /api/applications/:id/client-non-solvent': (w) => ({
    url: `/api/applications/${w.rows.application.id}/client-non-solvent`,
    payload: {},
  }),
  'POST /api/applications/:id/confirm-received-agreement-funds': (w) => ({
    url: `/api/applications/${w.rows.application.id}/confirm-received-agreement-funds`,
    payload: {},
  }),
  'POST /api/applications/:id/send-act': (w) => ({ url: `/api/applications/${w.rows.application.id}/send-act`, payload: {} }),
  'POST /api/applications/:id/sign-act': (w) => ({ url: `/api/applications/${w.rows.application.id}/sign-act`, payload: {} }),
  'POST /api/applications/:id/send-call-for-funds': (w) => ({
    url: `/api/applications/${w.rows.application.id}/send-call-for-funds`,
    payload: {},
  }),
  'GET /api/lots': (w) => ({ url: `/api/lots?${promotionA(w)}` }),
  'GET /api/candidate/lots': (w) => ({ url: `/api/candidate/lots?${promotionA(w)}` }),
  'GET /api/lots/download': (w) => ({ url: `/api/lots/download?${promotionA(w)}` }),
  'GET /api/lots/public/:id': (w) => ({ url: `/api/lots/public/${w.rows.lots[0].publicId}` }),
  'GET /api/lots/:id': (w) => ({ url: `/api/lots/${w.rows.lots[0].id}` }),
  'PUT /api/lots/:id': (w) => ({ url: `/api/lots/${w.rows.lots[2].id}`, payload: { id: w.rows.lots[2].id, price: 1_300_000 } }),
  'GET /api/lots_types': () => ({ url: '/api/lots_types' }),
  'GET /api/lots_floors': () => ({ url: '/api/lots_floors' }),
  'GET /api/analytics/dashboard': (w) => ({ url: `/api/analytics/dashboard?${promotionA(w)}` }),
  'GET /api/registration/:token': (w) => ({ url: `/api/registration/${w.promotion.token}` }),
  'POST /api/registration': (w) => ({
    url: '/api/registration',
    payload: { last_name: 'Favre', first_name: 'Jeanne', email: `jeanne.${unique()}@exemple.ch`, promotion_token: w.promotion.token },
  }),
  'GET /api/promotions/:id/registration-link': (w) => ({ url: `/api/promotions/${w.promotion.id}/registration-link` }),
  'GET /api/promotions': () => ({ url: '/api/promotions?search=a' }),
  'GET /api/promotions/:id': (w) => ({ url: `/api/promotions/${w.promotion.id}` }),
  // Archived then restored by the admin, in the table's order: A itself stays open to every other call.
  'PUT /api/promotions/:id/archive': (w) => ({ url: `/api/promotions/${w.archivable.id}/archive` }),
  'PUT /api/promotions/:id/restore': (w) => ({ url: `/api/promotions/${w.archivable.id}/restore` }),
  'POST /api/promotions': (w) => ({
    url: '/api/promotions',
    ...multipart(
      [
        ['title', `Les Jardins ${unique()}`],
        ['url', 'www.les-jardins.ch'],
        ['broker_id', String(w.user.broker.id)],
      ],
      [{ field: 'logo', filename: 'logo.png', type: 'image/png', content: TINY_PNG }],
    ),
  }),
  'POST /api/promotions/:id/settings': (w) => ({
    url: `/api/promotions/${w.promotion.id}/settings`,
    ...multipart([
      ['title', w.promotion.title],
      ['url', 'www.hauts-de-rolle.ch'],
      ['share_new_candidates', '1'],
      ['prestige', '0'],
      ['gtm', 'GTM-ROLLE1'],
      ['external_report_url', ''],
      ['start_at', '2026-04-01'],
      ['end_at', '2027-03-31'],
    ]),
  }),
  'GET /api/brokers/options': (w) => ({ url: `/api/brokers/options?search=a&promotion=${w.promotion.id}` }),
  'GET /api/promotions/:id/crm': (w) => ({ url: `/api/promotions/${w.promotion.id}/crm` }),
  'PUT /api/promotions/:id/send-to-crm': (w) => ({ url: `/api/promotions/${w.promotion.id}/send-to-crm` }),
  'PUT /api/promotions/:id/crm': (w) => ({ url: `/api/promotions/${w.promotion.id}/crm`, payload: { crm_connected: true } }),
  // Progress albums (docs/product/progress.md#rules) and the home (docs/product/progress.md#rules).
  'GET /api/photoGroups': (w) => ({ url: `/api/photoGroups?promotion=${w.promotion.id}` }),
  'GET /api/photos': (w) => ({ url: `/api/photos?photo_group_id=${w.rows.photoGroup.id}` }),
  'POST /api/promotions/:id/photoGroups': (w) => ({
    url: `/api/promotions/${w.promotion.id}/photoGroups`,
    payload: { name: 'Toiture', date: '2026-05-04', promotion_id: w.promotion.id },
  }),
  'PUT /api/promotions/:id/photoGroups/:groupId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/photoGroups/${w.rows.photoGroup.id}`,
    payload: { name: 'Gros œuvre', date: '2026-03-12', home_page: true },
  }),
  'DELETE /api/promotions/:id/photoGroups/:groupId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/photoGroups/${w.rows.photoGroup.id}`,
  }),
  'POST /api/promotions/:id/photos': (w) => ({
    url: `/api/promotions/${w.promotion.id}/photos`,
    ...multipart(
      [
        ['promotion_id', String(w.promotion.id)],
        ['photo_group_id', String(w.rows.photoGroup.id)],
      ],
      [{ field: 'photos[]', filename: 'grue.png', type: 'image/png', content: TINY_PNG }],
    ),
  }),
  'DELETE /api/promotions/:id/photos/:photoId': (w) => ({ url: `/api/promotions/${w.promotion.id}/photos/${w.rows.photo.id}` }),
  'GET /api/promotions/:id/home': (w) => ({ url: `/api/promotions/${w.promotion.id}/home` }),
  'GET /api/promotions/:id/buildings': (w) => ({ url: `/api/promotions/${w.promotion.id}/buildings` }),
  'POST /api/promotions/:id/buildings': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings`,
    payload: { title: 'Bâtiment B', city: 'Rolle', street: 'Route du Lac 4', zip: '1180' },
  }),
  'POST /api/promotions/:id/buildings/:buildingId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[0].buildingId}`,
    payload: { title: 'Bâtiment A', city: 'Rolle' },
  }),
  'DELETE /api/promotions/:id/buildings/:buildingId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.emptyBuilding.id}`,
  }),
  'GET /api/promotions/:id/buildings/:buildingId/lots': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[0].buildingId}/lots`,
  }),
  'POST /api/promotions/:id/buildings/:buildingId/lots': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[0].buildingId}/lots`,
    payload: { reference: `P-${unique()}`, lot_type_id: 1, floor_id: 2, parent_id: w.rows.lots[2].id, raw_price: 30_000 },
  }),
  'GET /api/promotions/:id/buildings/:buildingId/lots/:lotId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[0].buildingId}/lots/${w.rows.lots[0].id}`,
  }),
  'GET /api/promotions/:id/buildings/:buildingId/lots/:lotId/choices': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[0].buildingId}/lots/${w.rows.lots[0].id}/choices`,
  }),
  'PUT /api/promotions/:id/buildings/:buildingId/lots/:lotId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[2].buildingId}/lots/${w.rows.lots[2].id}`,
    payload: { parent_id: w.rows.lots[1].id },
  }),
  'DELETE /api/promotions/:id/buildings/:buildingId/lots/:lotId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/buildings/${w.rows.lots[2].buildingId}/lots/${w.rows.lots[2].id}`,
  }),
  'GET /api/planning': (w) => ({ url: `/api/planning?promotion_id=${w.promotion.id}` }),
  'GET /api/planning/export': (w) => ({ url: `/api/planning/export?promotion_id=${w.promotion.id}` }),
  'POST /api/planning': (w) => ({
    url: '/api/planning',
    payload: {
      title: 'Travaux de gros œuvre',
      category: 4,
      dateFrom: '2026-09-01',
      dateTo: '2027-03-31',
      details: null,
      promotion_id: w.promotion.id,
    },
  }),
  'PUT /api/planning/:id': (w) => ({
    url: `/api/planning/${w.rows.planningTask.id}`,
    payload: {
      title: 'Mise à l’enquête publique',
      category: 2,
      dateFrom: '2026-03-02',
      dateTo: '2026-05-15',
      details: 'Dossier complet',
      promotion_id: w.promotion.id,
    },
  }),
  'DELETE /api/planning/:id': (w) => ({ url: `/api/planning/${w.rows.planningTask.id}` }),
  'GET /api/finances': (w) => ({ url: `/api/finances?promotion_id=${w.promotion.id}` }),
  'PUT /api/finances/:id': (w) => ({
    url: `/api/finances/${w.rows.financesRecord.id}`,
    payload: {
      land_price_1: 4200,
      land_price_2: 850,
      initial_margin_2: 12.5,
      sale_initial_price_1: 38_000,
      construction_initial_price_1: 780,
    },
  }),
  'GET /api/promotions/:id/questions': (w) => ({ url: `/api/promotions/${w.promotion.id}/questions` }),
  'POST /api/promotions/:id/question': (w) => ({
    url: `/api/promotions/${w.promotion.id}/question`,
    ...multipart(
      [
        ['question', 'Les places de parc sont-elles comprises ?'],
        ['answer', 'Non, elles sont vendues séparément.'],
      ],
      [{ field: 'file', filename: 'tarifs.pdf', type: 'application/pdf', content: TINY_PDF }],
    ),
  }),
  'DELETE /api/promotions/:id/questions/:qid': (w) => ({ url: `/api/promotions/${w.promotion.id}/questions/${w.rows.faqQuestion.id}` }),
  'GET /api/campaigns': (w) => ({ url: `/api/campaigns?${promotionA(w)}&search=affichage&orderBy=price&order=asc` }),
  'POST /api/promotions/:id/campaigns': (w) => ({
    url: `/api/promotions/${w.promotion.id}/campaigns`,
    ...multipart(
      [
        ['title', 'Annonces Homegate'],
        ['method', 'Portail immobilier'],
        ['start_at', '2026-03-01'],
        ['end_at', '2026-03-31'],
        ['price', '1200'],
      ],
      [{ field: 'files[]', filename: 'devis.pdf', type: 'application/pdf', content: TINY_PDF }],
    ),
  }),
  'PUT /api/campaigns/:id': (w) => ({
    url: `/api/campaigns/${w.rows.campaign.id}`,
    payload: { title: 'Affichage gare de Rolle', start_at: '2026-03-01', end_at: '2026-03-31', price: 4500, url: 'www.rolle.ch' },
  }),
  'DELETE /api/campaigns/:id': (w) => ({ url: `/api/campaigns/${w.rows.campaign.id}` }),
  'POST /api/campaigns/:id/files': (w) => ({
    url: `/api/campaigns/${w.rows.campaign.id}/files`,
    ...multipart([], [{ field: 'files[]', filename: 'devis.pdf', type: 'application/pdf', content: TINY_PDF }]),
  }),
  'DELETE /api/campaigns/:id/files/:fileId': (w) => ({ url: `/api/campaigns/${w.rows.campaign.id}/files/${w.rows.campaignFile.id}` }),
  'GET /api/promotions/:id/marketing-reports': (w) => ({ url: `/api/promotions/${w.promotion.id}/marketing-reports` }),
  'POST /api/promotions/:id/marketing-reports': (w) => ({
    url: `/api/promotions/${w.promotion.id}/marketing-reports`,
    ...multipart(
      [
        ['number_of_visits', '12'],
        ['number_of_future_visits', '3'],
        ['feedback_positive', 'Belle vue'],
        ['include_lots', '1'],
        ['include_marketing_campaigns', '0'],
      ],
      [{ field: 'visits_report', filename: 'visites.png', type: 'image/png', content: TINY_PNG }],
    ),
  }),
  'DELETE /api/promotions/:id/marketing-reports/:reportId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/marketing-reports/${w.rows.marketingReport.id}`,
  }),
  'GET /api/promotions/:id/marketing-reports/:reportId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/marketing-reports/${w.rows.marketingReport.id}`,
  }),
  'GET /api/promotions/:id/people': (w) => ({ url: `/api/promotions/${w.promotion.id}/people` }),
  'GET /api/files': (w) => ({ url: `/api/files?${promotionA(w)}&search=plans&types=1,3` }),
  'GET /api/files_types': () => ({ url: '/api/files_types' }),
  'GET /api/files_folders': (w) => ({ url: `/api/files_folders?${promotionA(w)}` }),
  'POST /api/promotions/:id/files': (w) => ({
    url: `/api/promotions/${w.promotion.id}/files`,
    ...multipart(
      [
        ['name', 'Plans des étages'],
        ['type_id', '1'],
        ['folder_name', 'Plans'],
        ['access_candidate', '1'],
        ['candidate_min_status', '3'],
      ],
      [{ field: 'file', filename: 'plans.pdf', type: 'application/pdf', content: TINY_PDF }],
    ),
  }),
  'POST /api/promotions/:id/files/:fileId': (w) => ({
    url: `/api/promotions/${w.promotion.id}/files/${w.rows.libraryFile.id}`,
    ...multipart([
      ['name', 'Brochure'],
      ['type_id', '3'],
      ['access_promoter', '1'],
    ]),
  }),
  'DELETE /api/promotions/:id/files/:fileId': (w) => ({ url: `/api/promotions/${w.promotion.id}/files/${w.rows.libraryFile.id}` }),
  'GET /api/files_log': (w) => ({ url: `/api/files_log?${promotionA(w)}&file_id=${w.rows.libraryFile.id}` }),
  'GET /api/files_log/download': (w) => ({ url: `/api/files_log/download?${promotionA(w)}` }),
  'GET /api/files_log/people': (w) => ({ url: `/api/files_log/people?${promotionA(w)}&file_id=${w.rows.libraryFile.id}` }),
  ...peopleCalls(),
  'POST /api/promotions/:id/price-grid/preview': (w) => ({
    url: `/api/promotions/${w.promotion.id}/price-grid/preview`,
    ...gridUpload(GRID_FILE),
  }),
  'POST /api/promotions/:id/price-grid/:importId/apply': (w) => ({
    url: `/api/promotions/${w.promotion.id}/price-grid/${w.rows.priceGridImport.id}/apply`,
  }),
};

const onApplication =
  (additionnal_fields: (w: World) => Record<string, unknown> = () => ({})): CommandCall =>
  (w) => ({ entity: 'application', entity_id: w.rows.application.id, additionnal_fields: additionnal_fields(w) });
const onCandidacy =
  (additionnal_fields: (w: World, p: Principal) => Record<string, unknown> = () => ({})): CommandCall =>
  (w, p) => ({ entity: 'candidacy', entity_id: w.rows.main.candidacy.id, additionnal_fields: additionnal_fields(w, p) });

const candidateForm = (email: string) => ({
  status: 3,
  priority: 9,
  candidate: { first_name: 'Luc', last_name: 'Favre', email, phone: '079 000 00 00', household_income: 120_000, own_funds: 200_000 },
});

/** How each command is called (its target in A and a valid input). Every command must have one. */
export const COMMAND_CALLS: Record<string, CommandCall> = {
  createAction: (w) => ({
    entity: 'promotion',
    entity_id: w.promotion.id,
    additionnal_fields: { ...task(w), promotion_id: w.promotion.id, candidacy_id: w.rows.main.candidacy.id },
  }),
  updateAction: (w) => ({
    entity: 'action',
    entity_id: w.rows.candidacyTask.id,
    additionnal_fields: { title: 'Relancer le client demain' },
  }),
  markActionAsFinished: (w, p) => ({
    entity: 'action',
    entity_id: p === 'notary' ? w.rows.notaryTask.id : w.rows.candidacyTask.id,
    additionnal_fields: {},
  }),
  attributeLot: onCandidacy((w) => ({ lot_id: w.rows.lots[2].id, promotion_id: w.promotion.id, priority: 9 })),
  createCandidacy: (w) => ({
    entity: 'promotion',
    entity_id: w.promotion.id,
    additionnal_fields: { candidacy: candidateForm(`luc.${unique()}@exemple.ch`) },
  }),
  updateCandidacy: onCandidacy((w) => ({ candidacy: candidateForm(w.rows.main.candidate.email ?? ''), promotion_id: w.promotion.id })),
  deleteCandidacy: onCandidacy(),
  moveCandidacyToOtherAgency: onCandidacy(() => ({ agency_id: 1 })),
  createComment: onCandidacy(() => ({ comment: 'Client rappelé, il réfléchit.' })),
  updateComment: onCandidacy((w, p) => ({
    comment_id:
      w.rows.commentBy.get(p === 'anonymous' || p === 'revoked' ? w.user.broker.id : w.user[p].id) ??
      w.rows.commentBy.get(w.user.broker.id),
    comment: 'Client rappelé deux fois.',
  })),
  submitReservationForm: onApplication((w) => ({
    candidacy1: {
      candidate: {
        id: w.rows.main.candidate.id,
        last_name: w.rows.main.candidate.lastName,
        first_name: w.rows.main.candidate.firstName,
        gender: 'F',
      },
      financing: {},
    },
    candidacy2: null,
  })),
  sendReservationForm: onApplication(() => ({ ...mail, do_not_send_email: true })),
  validateReservationForm: onApplication(() => ({ knowDate: false })),
  unvalidateReservationForm: onApplication(() => mail),
  advanceDepositReceived: onApplication(),
  ClientSolvent: onApplication(),
  clientNonSolvent: onApplication(),
  scheduleAgreement: onApplication(() => ({ date: inWeek() })),
  draftActSent: onApplication(),
  agreementFundsReceived: onApplication(),
  planActOfPurchase: onApplication(() => ({ date: inWeek(), ...mail, do_not_send_email: true })),
  callForFundsSent: onApplication(),
  actOfPurchaseSigned: onApplication(),
  updateApplication: onApplication(() => ({ priority: 1 })),
  goToBestAvailablePriority: onApplication(),
  goToLatestPriority: onApplication(),
  UpdateLastPriorityChange: onApplication(),
  deleteApplication: onApplication(),
  addCandidacy: onApplication((w) => ({ promotion_id: w.promotion.id, candidacy_2_id: w.rows.partner.candidacy.id })),
  detachCandidacy: (w) => ({
    entity: 'application',
    entity_id: w.rows.coupled.id,
    additionnal_fields: { promotion_id: w.promotion.id, candidacy_id: w.rows.partner.candidacy.id },
  }),
  sendNewAccess: onApplication(),
};
