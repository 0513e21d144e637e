import { signedFileUrl } from '../../platform/signed-url.js';
import { PASSWORD } from '../fixtures.js';
import { type MultipartFile, multipartBody } from '../multipart.js';

export type { MultipartFile };

import { type Principal, TINY_PDF, type World } from './world.js';

/** One request of a route, with real ids of promotion A (the outsider's calls name them too). */
export type RouteRequest = { url: string; payload?: unknown; headers?: Record<string, string> };
export type RouteCall = (w: World, p: Principal) => RouteRequest;
/** The body of a command: its target and its input. */
export type CommandCall = (w: World, p: Principal) => { entity: string; entity_id: number; additionnal_fields: Record<string, unknown> };

/** A multipart/form-data body (the file routes and the profile take one). */
export const multipart = (fields: [string, string][], fileParts: MultipartFile[] = []) => multipartBody(fields, fileParts);

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

/**
 * How each registered route is called (key: method and path as registered). Every route must
 * have one; the matrix and the fuzz both use them.
 */
export const ROUTE_CALLS: Record<string, RouteCall> = {
  'GET /api/health': () => ({ url: '/api/health' }),
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
