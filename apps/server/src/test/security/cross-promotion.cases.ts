// Over 400 lines: the table of cases, one per route and role, that the cross-promotion suite walks.
import { threadRecipientTypes, type UserType } from '@promovente/shared';
import { type Caller, type Ids, taskDate } from './cross-promotion.world.js';

/**
 * The committed table of the cross-promotion suite: for every route under /api and every
 * command, where its ids are (path, query, body, multipart, command fields), and for each id
 * location at least one case calling it with another promotion's id, the other ids valid in
 * the caller's promotion. The suite fails on a route or command missing here, on an id field
 * found in its schema but missing from its row, and on a listed field without a case.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call; `multipart` fields are sent as multipart/form-data (with a small PDF for uploads). */
export type CallRequest = {
  method: Method;
  url: string;
  payload?: Record<string, unknown>;
  multipart?: Record<string, string | number>;
  upload?: boolean;
};

/**
 * a: the caller's promotion's ids; x: the ids under test (the other promotion's, or missing ones).
 * callers: when only some of the route's roles read the field (default: every role the route admits).
 */
export type RouteCase = {
  route: string;
  fields: readonly string[];
  label: string;
  call: (a: Ids, x: Ids, caller: Caller) => CallRequest;
  callers?: readonly UserType[];
};
export type CommandCase = {
  command: string;
  fields: readonly string[];
  label: string;
  call: (a: Ids, x: Ids) => { entity_id: number; fields: Record<string, unknown> };
};

/**
 * One row per route: `ids` the id locations the suite calls with another promotion's ids,
 * `ignored` id-like fields that are not promotion rows or not read (with why), `viaCommands`
 * the command routes, whose ids are the commands' cases.
 */
export type RouteRow = { ids: readonly string[]; ignored?: Readonly<Record<string, string>>; viaCommands?: true };

/**
 * The people menus' changes and pickers (modules/people) are the admins' (403 to everyone else,
 * whatever the ids), and every promotion is an admin's; people.test.ts holds their 404s (a
 * person of another promotion, of another type).
 */
const ADMIN_ONLY = 'admins only (403 to everyone else, whatever the ids): every promotion is theirs';
const peopleRows = (): Record<string, RouteRow> => {
  const admin = (...fields: string[]): RouteRow => ({ ids: [], ignored: Object.fromEntries(fields.map((f) => [f, ADMIN_ONLY])) });
  const rows: Record<string, RouteRow> = {};
  for (const kind of ['notaries', 'promoters', 'bankers', 'architects']) {
    rows[`GET /api/${kind}`] = admin('query.promotion');
    rows[`POST /api/promotions/:id/${kind}`] = admin('path.id');
  }
  for (const type of ['notary', 'broker', 'promoter', 'banker', 'architect']) {
    rows[`POST /api/promotions/:id/add-${type}/:userId`] = admin('path.id', 'path.userId');
    rows[`POST /api/promotions/:id/remove-${type}/:userId`] = admin('path.id', 'path.userId');
  }
  rows['PUT /api/promotions/:id/notaries/:notaryId'] = admin('path.id', 'path.notaryId');
  rows['PUT /api/promotions/:id/update-notary-main/:notaryId'] = admin('path.id', 'path.notaryId');
  rows['PUT /api/promotions/:id/update-broker-main/:userId'] = admin('path.id', 'path.userId');
  rows['POST /api/promotions/:id/people/:userId/invite'] = admin('path.id', 'path.userId');
  return rows;
};

const LIST_FILTERS = [
  'query.promotion',
  'query.buildings',
  'query.broker',
  'query.candidat',
  'query.candidacy',
  'query.application',
  'query.lot',
];
/** The lot form's reference data: lot types and floors are the same for every promotion. */
const REFERENCE_IDS = {
  'body.lot_type_id': 'a lot type: reference data shared by every promotion (GET lots_types)',
  'body.floor_id': 'a floor: reference data shared by every promotion (GET lots_floors)',
};
const UNREAD_BY_LOTS = {
  'query.candidat': 'shared list filter, not read by the lots lists',
  'query.candidacy': 'shared list filter, not read by the lots lists',
  'query.application': 'shared list filter, not read by the lots lists',
  'query.broker': 'shared list filter, not read by the lots lists',
};
/** The progress calls send the promotion in their body too (docs/product/progress.md#rules): the path's is the one used. */
const PATH_PROMOTION = "echoed by the client (docs/product/progress.md#rules); the path's promotion is the one used";

const LOT_FILTERS = ['query.promotion', 'query.buildings', 'query.lot'];
const COMMAND_ROUTE = { ids: ['body.entity_id'], viaCommands: true } as const;
const APPLICATION_PATH = { ids: ['path.id'] } as const;

export const ROUTE_IDS: Readonly<Record<string, RouteRow>> = {
  'GET /api/health': { ids: [] },
  'GET /api/openapi.json': { ids: [] },
  'GET /api/docs': { ids: [] },
  'GET /api/docs/:asset': { ids: [] },
  'POST /api/login': { ids: [] },
  'POST /api/logout': { ids: [] },
  'POST /api/password/create': { ids: [] },
  'GET /api/password/find/:token': { ids: [], ignored: { 'path.token': 'a reset token, not a promotion row' } },
  'POST /api/password/reset': { ids: [], ignored: { 'body.token': 'a reset token, not a promotion row' } },
  'POST /api/askdemo': { ids: [] },
  'GET /api/user': { ids: [] },
  'GET /api/user/preferences': { ids: [] },
  'GET /api/user/promotions': { ids: [] },
  'GET /api/user/promotion': { ids: [] },
  'PUT /api/user/promotion': { ids: ['body.promotion'] },
  'POST /api/user/update': { ids: [] },
  'PUT /api/user/password': { ids: [] },
  'PUT /api/user/notifications': { ids: [] },
  'POST /api/unsubscribe/:token': { ids: [], ignored: { 'path.token': "a user's unsubscribe token, not a promotion row" } },
  'GET /api/unsubscribe/:token': { ids: [], ignored: { 'path.token': "a user's unsubscribe token, not a promotion row" } },
  'GET /api/brokers': { ids: ['query.promotion'] },
  'GET /api/investors': { ids: ['query.promotion'] },
  'GET /api/pilots': { ids: ['query.promotion'] },
  'POST /api/brokers/:id/assistants/:assistantId': { ids: ['path.id', 'path.assistantId'] },
  'DELETE /api/brokers/:id/assistants/:assistantId': {
    ids: [],
    ignored: {
      'path.id': 'admins only (403 to everyone else, whatever the ids): every promotion is theirs',
      'path.assistantId': 'admins only (403 to everyone else, whatever the ids): every promotion is theirs',
    },
  },
  'GET /api/images/:uuid': { ids: [], ignored: { 'path.uuid': 'public images (avatars, logos) by design' } },
  'GET /api/app/filters': { ids: ['query.promotion'] },
  'GET /api/notifications': { ids: [] },
  'GET /api/notifications/count': { ids: [] },
  'GET /api/events': { ids: [] },
  'PUT /api/notifications/:id/read': { ids: ['path.id'] },
  'GET /api/admin/mails': { ids: [] },
  'POST /api/app/executeCommand': { ids: ['body.entity_id', 'body.params.entity_id'], viaCommands: true },
  'POST /api/commands/:name': COMMAND_ROUTE,
  'GET /api/files/:uuid/download': { ids: [], ignored: { 'path.uuid': 'the signature is the permission (issued to an allowed user)' } },
  'POST /api/candidacies/files': { ids: ['multipart.candidacy_id'] },
  'DELETE /api/candidacies/files/:id': { ids: ['path.id'] },
  'GET /api/file-url/:uuid': { ids: ['path.uuid'] },
  'POST /api/threads': { ids: ['multipart.promotion', 'multipart.to_id', 'multipart.candidacy_id'] },
  'GET /api/threads/promotions-unread-summary': { ids: [] },
  'GET /api/threads/recipients': { ids: ['query.promotion', 'query.id'] },
  'GET /api/threads': { ids: ['query.promotion', 'query.candidate_id', 'query.candidacy'] },
  'GET /api/threads/:id': { ids: ['path.id'] },
  'PUT /api/threads/:id/markAsRead': { ids: ['path.id'] },
  'POST /api/threads/:id/reply': { ids: ['path.id', 'multipart.promotion', 'multipart.thread_id'] },
  'GET /api/candidacies': { ids: LIST_FILTERS },
  'GET /api/candidacies/all': { ids: ['query.promotion'] },
  'GET /api/candidacies/download': { ids: LIST_FILTERS },
  'GET /api/candidacies/:id': { ids: ['path.id'] },
  'GET /api/candidates': { ids: ['query.promotion'] },
  'GET /api/candidates/:id': { ids: ['path.id'] },
  'GET /api/actions': { ids: ['query.promotion', 'query.target_id', 'query.candidat', 'query.broker'] },
  'GET /api/promotions/:id/notary/actions': { ids: ['path.id', 'query.candidat'] },
  'GET /api/actions/:id': { ids: ['path.id'] },
  'POST /api/promotions/:id/lots/actions': { ids: ['path.id', 'body.lot_id', 'body.broker_id'] },
  'PUT /api/promotions/:id/lots/actions/:actionId': { ids: ['path.id', 'path.actionId', 'body.broker_id'] },
  'POST /api/promotions/:id/applications/actions': { ids: ['path.id', 'body.application_id', 'body.broker_id'] },
  'PUT /api/promotions/:id/applications/actions/:actionId': { ids: ['path.id', 'path.actionId', 'body.broker_id'] },
  'GET /api/logs': { ids: ['query.promotion', 'query.application_id', 'query.lot_id', 'query.candidacy_id'] },
  'GET /api/lots/for-attribution': { ids: ['query.candidacy_id'] },
  'GET /api/applications/partners': { ids: ['query.candidacy_id'] },
  'GET /api/attribution/candidacies': { ids: ['query.lot_id'] },
  'GET /api/applications': { ids: LIST_FILTERS },
  'GET /api/applications/download': { ids: LIST_FILTERS },
  'GET /api/applications/:id': APPLICATION_PATH,
  'GET /api/applications/:publicId/pdf': { ids: ['path.publicId'] },
  'GET /api/applications/public/:publicId': { ids: ['path.publicId'] },
  'PUT /api/applications/:id/markAsComplete': APPLICATION_PATH,
  'POST /api/applications/sendNotificationIncomplete/:id': APPLICATION_PATH,
  'POST /api/applications/complete/:id': APPLICATION_PATH,
  'POST /api/applications/:id/scheduleAgreement': APPLICATION_PATH,
  'POST /api/applications/:id/planActOfPurchase': APPLICATION_PATH,
  'POST /api/applications/:id/createPlanActOfPurchase': APPLICATION_PATH,
  'POST /api/applications/:id/reservation-deposit-received': APPLICATION_PATH,
  'POST /api/applications/:id/deposit-received': APPLICATION_PATH,
  'POST /api/applications/:id/client-solvent': APPLICATION_PATH,
  'POST /api/applications/:id/client-non-solvent': APPLICATION_PATH,
  'POST /api/applications/:id/confirm-received-agreement-funds': APPLICATION_PATH,
  'POST /api/applications/:id/send-act': APPLICATION_PATH,
  'POST /api/applications/:id/sign-act': APPLICATION_PATH,
  'POST /api/applications/:id/send-call-for-funds': APPLICATION_PATH,
  'GET /api/lots': { ids: LOT_FILTERS, ignored: UNREAD_BY_LOTS },
  'GET /api/candidate/lots': { ids: LOT_FILTERS, ignored: UNREAD_BY_LOTS },
  'GET /api/lots/download': { ids: LOT_FILTERS, ignored: UNREAD_BY_LOTS },
  'GET /api/lots/public/:id': { ids: [], ignored: { 'path.id': "a lot's public page, open to any visitor by design" } },
  'GET /api/lots/:id': { ids: ['path.id'] },
  'PUT /api/lots/:id': { ids: ['path.id', 'body.id'] },
  'GET /api/lots_types': { ids: [] },
  'GET /api/lots_floors': { ids: [] },
  'GET /api/analytics/dashboard': { ids: ['query.promotion', 'query.buildings'] },
  'GET /api/registration/:token': { ids: ['query.lot'], ignored: { 'path.token': "the promotion's public link, public by design" } },
  'POST /api/registration': { ids: [] },
  'GET /api/promotions/:id/registration-link': { ids: ['path.id'] },
  'GET /api/promotions': { ids: [] },
  'GET /api/promotions/:id': { ids: ['path.id'] },
  'POST /api/promotions': {
    ids: [],
    ignored: { 'multipart.broker_id': 'admins only (403 to everyone else): any broker account of the firm may be named' },
  },
  'PUT /api/promotions/:id/archive': {
    ids: [],
    ignored: { 'path.id': 'admins only (403 to everyone else, whatever the id): every promotion is theirs' },
  },
  'PUT /api/promotions/:id/restore': {
    ids: [],
    ignored: { 'path.id': 'admins only (403 to everyone else, whatever the id): every promotion is theirs' },
  },
  'POST /api/promotions/:id/settings': {
    ids: [],
    ignored: { 'path.id': 'admins only (403 to everyone else, whatever the id): every promotion is theirs' },
  },
  'GET /api/brokers/options': {
    ids: [],
    ignored: { 'query.promotion': 'admins only (403 to everyone else, whatever the id): every promotion is theirs' },
  },
  'GET /api/promotions/:id/crm': { ids: ['path.id'] },
  'PUT /api/promotions/:id/send-to-crm': { ids: ['path.id'] },
  'PUT /api/promotions/:id/crm': {
    ids: [],
    ignored: { 'path.id': 'admins only (403 to everyone else, whatever the id): every promotion is theirs' },
  },
  'GET /api/promotions/:id/buildings': { ids: ['path.id'] },
  'POST /api/promotions/:id/buildings': { ids: ['path.id'] },
  'POST /api/promotions/:id/buildings/:buildingId': { ids: ['path.id', 'path.buildingId'] },
  'DELETE /api/promotions/:id/buildings/:buildingId': { ids: ['path.id', 'path.buildingId'] },
  'GET /api/promotions/:id/buildings/:buildingId/lots': { ids: ['path.id', 'path.buildingId'] },
  'POST /api/promotions/:id/buildings/:buildingId/lots': { ids: ['path.id', 'path.buildingId', 'body.parent_id'], ignored: REFERENCE_IDS },
  'GET /api/promotions/:id/buildings/:buildingId/lots/:lotId': { ids: ['path.id', 'path.buildingId', 'path.lotId'] },
  'GET /api/promotions/:id/buildings/:buildingId/lots/:lotId/choices': { ids: ['path.id', 'path.buildingId', 'path.lotId'] },
  'PUT /api/promotions/:id/buildings/:buildingId/lots/:lotId': {
    ids: ['path.id', 'path.buildingId', 'path.lotId', 'body.parent_id'],
    ignored: REFERENCE_IDS,
  },
  'DELETE /api/promotions/:id/buildings/:buildingId/lots/:lotId': { ids: ['path.id', 'path.buildingId', 'path.lotId'] },
  'GET /api/files': {
    ids: ['query.promotion', 'query.folder'],
    ignored: { 'query.types': 'document types are reference data, the same in every promotion' },
  },
  'GET /api/files_types': { ids: [] },
  'GET /api/files_folders': { ids: ['query.promotion'] },
  'POST /api/promotions/:id/files': {
    ids: ['path.id', 'multipart.folder_id'],
    ignored: { 'multipart.type_id': 'document types are reference data, the same in every promotion' },
  },
  'POST /api/promotions/:id/files/:fileId': {
    ids: ['path.id', 'path.fileId', 'multipart.folder_id'],
    ignored: { 'multipart.type_id': 'document types are reference data, the same in every promotion' },
  },
  'DELETE /api/promotions/:id/files/:fileId': { ids: ['path.id', 'path.fileId'] },
  'GET /api/files_log': {
    ids: ['query.promotion', 'query.file_id'],
    ignored: { 'query.user_id': "a filter on the rows of the promotion's own log: another promotion's person finds none" },
  },
  'GET /api/files_log/download': {
    ids: ['query.promotion', 'query.file_id'],
    ignored: { 'query.user_id': "a filter on the rows of the promotion's own log: another promotion's person finds none" },
  },
  'GET /api/files_log/people': { ids: ['query.promotion', 'query.file_id'] },
  'GET /api/campaigns': { ids: ['query.promotion'] },
  'POST /api/promotions/:id/campaigns': { ids: ['path.id'] },
  'PUT /api/campaigns/:id': { ids: ['path.id'] },
  'DELETE /api/campaigns/:id': { ids: ['path.id'] },
  'POST /api/campaigns/:id/files': { ids: ['path.id'] },
  'DELETE /api/campaigns/:id/files/:fileId': { ids: ['path.id', 'path.fileId'] },
  'GET /api/promotions/:id/marketing-reports': { ids: ['path.id'] },
  'POST /api/promotions/:id/marketing-reports': { ids: ['path.id'] },
  'DELETE /api/promotions/:id/marketing-reports/:reportId': { ids: ['path.id', 'path.reportId'] },
  'GET /api/promotions/:id/marketing-reports/:reportId': { ids: ['path.id', 'path.reportId'] },
  'GET /api/promotions/:id/people': { ids: ['path.id'] },
  'GET /api/promotions/:id/questions': { ids: ['path.id'] },
  'POST /api/promotions/:id/question': { ids: ['path.id'] },
  'DELETE /api/promotions/:id/questions/:qid': { ids: ['path.id', 'path.qid'] },
  'GET /api/photoGroups': { ids: ['query.promotion', 'query.lot'] },
  'GET /api/photos': { ids: ['query.photo_group_id'] },
  'POST /api/promotions/:id/photoGroups': { ids: ['path.id', 'body.lot_id'], ignored: { 'body.promotion_id': PATH_PROMOTION } },
  'PUT /api/promotions/:id/photoGroups/:groupId': {
    ids: ['path.id', 'path.groupId', 'body.lot_id'],
    ignored: { 'body.promotion_id': PATH_PROMOTION },
  },
  'DELETE /api/promotions/:id/photoGroups/:groupId': { ids: ['path.id', 'path.groupId'] },
  'POST /api/promotions/:id/photos': {
    ids: ['path.id', 'multipart.photo_group_id'],
    ignored: { 'multipart.promotion_id': PATH_PROMOTION },
  },
  'DELETE /api/promotions/:id/photos/:photoId': { ids: ['path.id', 'path.photoId'] },
  'GET /api/promotions/:id/home': { ids: ['path.id'] },
  ...peopleRows(),
  'GET /api/planning': { ids: ['query.promotion_id'] },
  'GET /api/planning/export': { ids: ['query.promotion_id'] },
  'POST /api/planning': { ids: ['body.promotion_id'] },
  'PUT /api/planning/:id': { ids: ['path.id', 'body.promotion_id'] },
  'DELETE /api/planning/:id': { ids: ['path.id'] },
  'GET /api/finances': { ids: ['query.promotion_id'] },
  'PUT /api/finances/:id': { ids: ['path.id'] },
  'POST /api/promotions/:id/price-grid/preview': {
    ids: [],
    ignored: { 'path.id': 'admins only (403 to everyone else, whatever the ids): every promotion is theirs' },
  },
  'POST /api/promotions/:id/price-grid/:importId/apply': {
    ids: [],
    ignored: {
      'path.id': 'admins only (403 to everyone else, whatever the ids): every promotion is theirs',
      // An admin naming another promotion's import under this promotion gets 404: price-grid.test.ts.
      'path.importId': 'admins only (403 to everyone else, whatever the ids); the import is read within the path promotion',
    },
  },
};

/** Where each command's ids are: always entity_id, plus its id fields (additionnal_fields.*). */
export const COMMAND_IDS: Readonly<Record<string, readonly string[]>> = {
  createAction: ['entity_id', 'promotion_id', 'candidacy_id', 'lot_id', 'application_id', 'broker_id'],
  updateAction: ['entity_id', 'broker_id'],
  markActionAsFinished: ['entity_id'],
  attributeLot: ['entity_id', 'lot_id', 'promotion_id', 'candidacy_2_id'],
  createCandidacy: ['entity_id', 'candidacy.broker_id'],
  updateCandidacy: ['entity_id', 'promotion_id', 'candidacy.broker_id'],
  deleteCandidacy: ['entity_id'],
  moveCandidacyToOtherAgency: ['entity_id', 'agency_id'],
  createComment: ['entity_id'],
  updateComment: ['entity_id', 'comment_id'],
  submitReservationForm: ['entity_id', 'candidacy1.candidate.id', 'candidacy2.candidate.id'],
  sendReservationForm: ['entity_id'],
  validateReservationForm: ['entity_id'],
  unvalidateReservationForm: ['entity_id'],
  advanceDepositReceived: ['entity_id'],
  ClientSolvent: ['entity_id'],
  clientNonSolvent: ['entity_id'],
  scheduleAgreement: ['entity_id'],
  draftActSent: ['entity_id'],
  agreementFundsReceived: ['entity_id'],
  planActOfPurchase: ['entity_id'],
  callForFundsSent: ['entity_id'],
  actOfPurchaseSigned: ['entity_id'],
  updateApplication: ['entity_id'],
  goToBestAvailablePriority: ['entity_id'],
  goToLatestPriority: ['entity_id'],
  UpdateLastPriorityChange: ['entity_id'],
  deleteApplication: ['entity_id'],
  addCandidacy: ['entity_id', 'promotion_id', 'candidacy_2_id'],
  detachCandidacy: ['entity_id', 'promotion_id', 'candidacy_id'],
  sendNewAccess: ['entity_id'],
};

// ---------------------------------------------------------------------------------------------
// Route cases

const q = (params: Record<string, string | number | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

const get = (url: string): CallRequest => ({ method: 'GET', url });

/** The seven list filters that name rows, one at a time, the promotion being A's otherwise. */
const listCases = (route: string, path: string, filters: readonly string[]): RouteCase[] => {
  const all: RouteCase[] = [
    { route, fields: ['query.promotion'], label: 'promotion', call: (_a, x) => get(`${path}?${q({ promotion: x.promotion })}`) },
    {
      route,
      fields: ['query.buildings'],
      label: 'building',
      call: (a, x) => get(`${path}?${q({ promotion: a.promotion, buildings: x.building })}`),
    },
    { route, fields: ['query.broker'], label: 'broker', call: (a, x) => get(`${path}?${q({ promotion: a.promotion, broker: x.broker })}`) },
    {
      route,
      fields: ['query.candidat'],
      label: 'candidate',
      call: (a, x) => get(`${path}?${q({ promotion: a.promotion, candidat: x.candidate })}`),
    },
    {
      route,
      fields: ['query.candidacy'],
      label: 'candidacy',
      call: (a, x) => get(`${path}?${q({ promotion: a.promotion, candidacy: x.candidacy })}`),
    },
    {
      route,
      fields: ['query.application'],
      label: 'application',
      call: (a, x) => get(`${path}?${q({ promotion: a.promotion, application: x.application })}`),
    },
    { route, fields: ['query.lot'], label: 'lot', call: (a, x) => get(`${path}?${q({ promotion: a.promotion, lot: x.lotPublicId })}`) },
  ];
  return all.filter((c) => filters.includes(c.fields[0]));
};

const promotionQueryCase = (route: string, path: string): RouteCase => ({
  route,
  fields: ['query.promotion'],
  label: 'promotion',
  call: (_a, x) => get(`${path}?promotion=${x.promotion}`),
});

const taskForm = (a: Ids) => ({ title: 'Rappel', end_at: taskDate(), type: 1, broker_id: a.broker, detail: null });

const taskRouteCases = (target: 'lots' | 'applications'): RouteCase[] => {
  const create = `POST /api/promotions/:id/${target}/actions`;
  const update = `PUT /api/promotions/:id/${target}/actions/:actionId`;
  const field = target === 'lots' ? 'lot_id' : 'application_id';
  const own = (ids: Ids) => (target === 'lots' ? ids.lot : ids.application);
  const task = (ids: Ids) => (target === 'lots' ? ids.lotTask : ids.applicationTask);
  return [
    {
      route: create,
      fields: ['path.id'],
      label: 'promotion',
      call: (a, x) => ({
        method: 'POST',
        url: `/api/promotions/${x.promotion}/${target}/actions`,
        payload: { ...taskForm(a), [field]: own(a) },
      }),
    },
    {
      route: create,
      fields: [`body.${field}`],
      label: target === 'lots' ? 'lot' : 'application',
      call: (a, x) => ({
        method: 'POST',
        url: `/api/promotions/${a.promotion}/${target}/actions`,
        payload: { ...taskForm(a), [field]: own(x) },
      }),
    },
    {
      route: create,
      fields: ['body.broker_id'],
      label: 'assignee',
      call: (a, x) => ({
        method: 'POST',
        url: `/api/promotions/${a.promotion}/${target}/actions`,
        payload: { ...taskForm(a), broker_id: x.broker, [field]: own(a) },
      }),
    },
    {
      route: update,
      fields: ['path.id'],
      label: 'promotion',
      call: (a, x) => ({ method: 'PUT', url: `/api/promotions/${x.promotion}/${target}/actions/${task(a)}`, payload: taskForm(a) }),
    },
    {
      route: update,
      fields: ['path.actionId'],
      label: 'task',
      call: (a, x) => ({ method: 'PUT', url: `/api/promotions/${a.promotion}/${target}/actions/${task(x)}`, payload: taskForm(a) }),
    },
    {
      route: update,
      fields: ['body.broker_id'],
      label: 'assignee',
      call: (a, x) => ({
        method: 'PUT',
        url: `/api/promotions/${a.promotion}/${target}/actions/${task(a)}`,
        payload: { ...taskForm(a), broker_id: x.broker },
      }),
    },
  ];
};

/**
 * The 'Lots' menu: each id of its paths (promotion, building, lot) and the main lot a lot is
 * attached to, one at a time from the other promotion. The writes are admins' (403 to the
 * brokers of A) but the ids are checked first, so a broker meets the 404 all the same.
 */
/** Progress albums and photos, and the home (modules/progress, modules/home): each id from the other promotion. */
const progressRouteCases = (): RouteCase[] => {
  const album = { name: 'Toiture', date: '2026-05-04' };
  const group = (a: Ids, x: Ids, part: 'promotion' | 'group') =>
    `/api/promotions/${part === 'promotion' ? x.promotion : a.promotion}/photoGroups/${part === 'group' ? x.photoGroup : a.photoGroup}`;
  const cases: RouteCase[] = [
    {
      route: 'GET /api/photoGroups',
      fields: ['query.promotion'],
      label: 'promotion',
      call: (_a, x) => get(`/api/photoGroups?${q({ promotion: x.promotion })}`),
    },
    {
      route: 'GET /api/photoGroups',
      fields: ['query.lot'],
      label: 'lot',
      call: (a, x) => get(`/api/photoGroups?${q({ promotion: a.promotion, lot: x.lot })}`),
    },
    {
      route: 'GET /api/photos',
      fields: ['query.photo_group_id'],
      label: 'album',
      call: (_a, x) => get(`/api/photos?${q({ photo_group_id: x.photoGroup })}`),
    },
    {
      route: 'POST /api/promotions/:id/photoGroups',
      fields: ['path.id'],
      label: 'promotion',
      call: (_a, x) => ({ method: 'POST', url: `/api/promotions/${x.promotion}/photoGroups`, payload: album }),
    },
    {
      route: 'POST /api/promotions/:id/photoGroups',
      fields: ['body.lot_id'],
      label: 'lot',
      call: (a, x) => ({ method: 'POST', url: `/api/promotions/${a.promotion}/photoGroups`, payload: { ...album, lot_id: x.lot } }),
      callers: ['broker'],
    },
    {
      route: 'PUT /api/promotions/:id/photoGroups/:groupId',
      fields: ['body.lot_id'],
      label: 'lot',
      call: (a, x) => ({ method: 'PUT', url: group(a, a, 'group'), payload: { ...album, lot_id: x.lot } }),
      callers: ['broker'],
    },
    {
      route: 'POST /api/promotions/:id/photos',
      fields: ['path.id'],
      label: 'promotion',
      call: (a, x) => ({ method: 'POST', url: `/api/promotions/${x.promotion}/photos`, multipart: { photo_group_id: a.photoGroup } }),
    },
    {
      route: 'POST /api/promotions/:id/photos',
      fields: ['multipart.photo_group_id'],
      label: 'album',
      call: (a, x) => ({ method: 'POST', url: `/api/promotions/${a.promotion}/photos`, multipart: { photo_group_id: x.photoGroup } }),
    },
    {
      route: 'DELETE /api/promotions/:id/photos/:photoId',
      fields: ['path.id'],
      label: 'promotion',
      call: (a, x) => ({ method: 'DELETE', url: `/api/promotions/${x.promotion}/photos/${a.photo}` }),
    },
    {
      route: 'DELETE /api/promotions/:id/photos/:photoId',
      fields: ['path.photoId'],
      label: 'photo',
      call: (a, x) => ({ method: 'DELETE', url: `/api/promotions/${a.promotion}/photos/${x.photo}` }),
    },
    {
      route: 'GET /api/promotions/:id/home',
      fields: ['path.id'],
      label: 'promotion',
      call: (_a, x) => get(`/api/promotions/${x.promotion}/home`),
    },
  ];
  for (const part of ['promotion', 'group'] as const) {
    const field = part === 'promotion' ? 'path.id' : 'path.groupId';
    cases.push(
      {
        route: 'PUT /api/promotions/:id/photoGroups/:groupId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'PUT', url: group(a, x, part), payload: album }),
      },
      {
        route: 'DELETE /api/promotions/:id/photoGroups/:groupId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'DELETE', url: group(a, x, part) }),
      },
    );
  }
  return cases;
};

const buildingRouteCases = (): RouteCase[] => {
  const lotForm = { reference: 'P-99', lot_type_id: 1, floor_id: 2, raw_price: 30_000 };
  /** A's promotion, building and lot, but the part under test from x. */
  const building = (a: Ids, x: Ids, part: 'promotion' | 'building' | 'lot') =>
    `/api/promotions/${part === 'promotion' ? x.promotion : a.promotion}/buildings/${part === 'building' ? x.building : a.building}`;
  const lot = (a: Ids, x: Ids, part: 'promotion' | 'building' | 'lot') => `${building(a, x, part)}/lots/${part === 'lot' ? x.lot : a.lot}`;
  const cases: RouteCase[] = [
    {
      route: 'GET /api/promotions/:id/buildings',
      fields: ['path.id'],
      label: 'promotion',
      call: (_a, x) => get(`/api/promotions/${x.promotion}/buildings`),
    },
    {
      route: 'POST /api/promotions/:id/buildings',
      fields: ['path.id'],
      label: 'promotion',
      call: (_a, x) => ({ method: 'POST', url: `/api/promotions/${x.promotion}/buildings`, payload: { title: 'B', city: 'Rolle' } }),
    },
  ];
  for (const part of ['promotion', 'building'] as const) {
    const field = part === 'promotion' ? 'path.id' : 'path.buildingId';
    cases.push(
      {
        route: 'POST /api/promotions/:id/buildings/:buildingId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'POST', url: building(a, x, part), payload: { title: 'B', city: 'Rolle' } }),
      },
      {
        route: 'DELETE /api/promotions/:id/buildings/:buildingId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'DELETE', url: building(a, x, part) }),
      },
      {
        route: 'GET /api/promotions/:id/buildings/:buildingId/lots',
        fields: [field],
        label: part,
        call: (a, x) => get(`${building(a, x, part)}/lots`),
      },
      {
        route: 'POST /api/promotions/:id/buildings/:buildingId/lots',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'POST', url: `${building(a, x, part)}/lots`, payload: lotForm }),
      },
    );
  }
  for (const part of ['promotion', 'building', 'lot'] as const) {
    const field = part === 'promotion' ? 'path.id' : part === 'building' ? 'path.buildingId' : 'path.lotId';
    cases.push(
      {
        route: 'GET /api/promotions/:id/buildings/:buildingId/lots/:lotId',
        fields: [field],
        label: part,
        call: (a, x) => get(lot(a, x, part)),
      },
      {
        route: 'GET /api/promotions/:id/buildings/:buildingId/lots/:lotId/choices',
        fields: [field],
        label: part,
        call: (a, x) => get(`${lot(a, x, part)}/choices`),
      },
      {
        route: 'PUT /api/promotions/:id/buildings/:buildingId/lots/:lotId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'PUT', url: lot(a, x, part), payload: { title: 'Lot' } }),
      },
      {
        route: 'DELETE /api/promotions/:id/buildings/:buildingId/lots/:lotId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'DELETE', url: lot(a, x, part) }),
      },
    );
  }
  cases.push(
    {
      route: 'POST /api/promotions/:id/buildings/:buildingId/lots',
      fields: ['body.parent_id'],
      label: 'main lot',
      call: (a, x) => ({ method: 'POST', url: `${building(a, a, 'promotion')}/lots`, payload: { ...lotForm, parent_id: x.lot } }),
    },
    {
      route: 'PUT /api/promotions/:id/buildings/:buildingId/lots/:lotId',
      fields: ['body.parent_id'],
      label: 'main lot',
      call: (a, x) => ({ method: 'PUT', url: lot(a, a, 'lot'), payload: { parent_id: x.lot } }),
    },
  );
  return cases;
};

const MAIL = { subject: 'Votre dossier', body: 'Bonjour,' };

/** The direct application routes of docs/product/calls.md#direct-application-calls, each with a body its command accepts. */
const DIRECT: [Method, string, Record<string, unknown>][] = [
  ['PUT', '/api/applications/:id/markAsComplete', {}],
  ['POST', '/api/applications/sendNotificationIncomplete/:id', MAIL],
  ['POST', '/api/applications/complete/:id', {}],
  ['POST', '/api/applications/:id/scheduleAgreement', { date: '2030-01-15T09:00:00.000Z' }],
  ['POST', '/api/applications/:id/planActOfPurchase', { date: '2030-01-15T09:00:00.000Z', ...MAIL, do_not_send_email: true }],
  ['POST', '/api/applications/:id/createPlanActOfPurchase', { date: '2030-01-15T09:00:00.000Z', ...MAIL, do_not_send_email: true }],
  ['POST', '/api/applications/:id/reservation-deposit-received', {}],
  ['POST', '/api/applications/:id/deposit-received', {}],
  ['POST', '/api/applications/:id/client-solvent', {}],
  ['POST', '/api/applications/:id/client-non-solvent', {}],
  ['POST', '/api/applications/:id/confirm-received-agreement-funds', {}],
  ['POST', '/api/applications/:id/send-act', {}],
  ['POST', '/api/applications/:id/sign-act', {}],
  ['POST', '/api/applications/:id/send-call-for-funds', {}],
];

/** The class of user each role writes to (a candidate writes to his broker, without choosing). */
const recipientClass = (caller: Caller) =>
  (caller === 'anonymous' ? [] : threadRecipientTypes(caller)).find((t): t is keyof Ids['recipients'] => t !== 'candidate') ?? 'broker';
const threadFields = (a: Ids, caller: Caller) => {
  const to = recipientClass(caller);
  return { title: 'Question', content: 'Bonjour', promotion: a.promotion, to_base_class: to, to_id: a.recipients[to] };
};
/** The roles that choose a recipient (docs/product/access.md#sign-in-and-account-screens). */
const WRITERS: readonly UserType[] = ['broker', 'notary', 'pilot', 'investor'];

/** The planning and the finances (issue 13): the promotion they name and the task or record of their path. */
const planningTask = (promotionId: number) => ({
  title: 'Gros œuvre',
  category: 4,
  dateFrom: '2026-09-01',
  dateTo: '2027-03-31',
  details: null,
  promotion_id: promotionId,
});
const planningRouteCases = (): RouteCase[] => [
  {
    route: 'GET /api/planning',
    fields: ['query.promotion_id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/planning?promotion_id=${x.promotion}`),
  },
  {
    route: 'GET /api/planning/export',
    fields: ['query.promotion_id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/planning/export?promotion_id=${x.promotion}`),
  },
  {
    route: 'POST /api/planning',
    fields: ['body.promotion_id'],
    label: 'promotion',
    call: (_a, x) => ({ method: 'POST', url: '/api/planning', payload: planningTask(x.promotion) }),
  },
  {
    route: 'PUT /api/planning/:id',
    fields: ['path.id'],
    label: 'task',
    call: (a, x) => ({ method: 'PUT', url: `/api/planning/${x.planningTask}`, payload: planningTask(a.promotion) }),
  },
  {
    route: 'PUT /api/planning/:id',
    fields: ['body.promotion_id'],
    label: 'promotion',
    call: (a, x) => ({ method: 'PUT', url: `/api/planning/${a.planningTask}`, payload: planningTask(x.promotion) }),
  },
  {
    route: 'DELETE /api/planning/:id',
    fields: ['path.id'],
    label: 'task',
    call: (_a, x) => ({ method: 'DELETE', url: `/api/planning/${x.planningTask}` }),
  },
  {
    route: 'GET /api/finances',
    fields: ['query.promotion_id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/finances?promotion_id=${x.promotion}`),
  },
  {
    route: 'PUT /api/finances/:id',
    fields: ['path.id'],
    label: 'finances',
    call: (_a, x) => ({ method: 'PUT', url: `/api/finances/${x.finances}`, payload: { land_price_1: 4200 } }),
  },
];

/** The documents library (issue 12): another promotion's promotion, folder and file answer 404. */
const libraryCases = (): RouteCase[] => {
  const form = { name: 'Plans', type_id: 1 };
  const log = (route: string, path: string): RouteCase[] => [
    promotionQueryCase(route, path),
    {
      route,
      fields: ['query.file_id'],
      label: 'library file',
      call: (a, x) => get(`${path}?${q({ promotion: a.promotion, file_id: x.libraryFile })}`),
    },
  ];
  return [
    promotionQueryCase('GET /api/files', '/api/files'),
    {
      route: 'GET /api/files',
      fields: ['query.folder'],
      label: 'library folder',
      call: (a, x) => get(`/api/files?${q({ promotion: a.promotion, folder: x.libraryFolder })}`),
    },
    promotionQueryCase('GET /api/files_folders', '/api/files_folders'),
    {
      route: 'POST /api/promotions/:id/files',
      fields: ['path.id'],
      label: 'promotion',
      call: (_a, x) => ({ method: 'POST', url: `/api/promotions/${x.promotion}/files`, multipart: form, upload: true }),
    },
    {
      route: 'POST /api/promotions/:id/files',
      fields: ['multipart.folder_id'],
      label: 'library folder',
      call: (a, x) => ({
        method: 'POST',
        url: `/api/promotions/${a.promotion}/files`,
        multipart: { ...form, folder_id: x.libraryFolder },
        upload: true,
      }),
    },
    {
      route: 'POST /api/promotions/:id/files/:fileId',
      fields: ['path.id'],
      label: 'promotion',
      call: (a, x) => ({ method: 'POST', url: `/api/promotions/${x.promotion}/files/${a.libraryFile}`, multipart: form }),
    },
    {
      route: 'POST /api/promotions/:id/files/:fileId',
      fields: ['path.fileId'],
      label: 'library file',
      call: (a, x) => ({ method: 'POST', url: `/api/promotions/${a.promotion}/files/${x.libraryFile}`, multipart: form }),
    },
    {
      route: 'POST /api/promotions/:id/files/:fileId',
      fields: ['multipart.folder_id'],
      label: 'library folder',
      call: (a, x) => ({
        method: 'POST',
        url: `/api/promotions/${a.promotion}/files/${a.libraryFile}`,
        multipart: { ...form, folder_id: x.libraryFolder },
      }),
    },
    {
      route: 'DELETE /api/promotions/:id/files/:fileId',
      fields: ['path.id'],
      label: 'promotion',
      call: (a, x) => ({ method: 'DELETE', url: `/api/promotions/${x.promotion}/files/${a.libraryFile}` }),
    },
    {
      route: 'DELETE /api/promotions/:id/files/:fileId',
      fields: ['path.fileId'],
      label: 'library file',
      call: (a, x) => ({ method: 'DELETE', url: `/api/promotions/${a.promotion}/files/${x.libraryFile}` }),
    },
    ...log('GET /api/files_log', '/api/files_log'),
    ...log('GET /api/files_log/download', '/api/files_log/download'),
    ...log('GET /api/files_log/people', '/api/files_log/people'),
  ];
};

export const ROUTE_CASES: readonly RouteCase[] = [
  ...planningRouteCases(),
  ...libraryCases(),
  // Marketing (modules/marketing): another promotion's campaign, document or report answers 404.
  promotionQueryCase('GET /api/campaigns', '/api/campaigns'),
  {
    route: 'POST /api/promotions/:id/campaigns',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => ({ method: 'POST', url: `/api/promotions/${x.promotion}/campaigns`, multipart: { title: 'Radio' }, upload: true }),
  },
  {
    route: 'PUT /api/campaigns/:id',
    fields: ['path.id'],
    label: 'campaign',
    call: (_a, x) => ({ method: 'PUT', url: `/api/campaigns/${x.campaign}`, payload: { title: 'Radio' } }),
  },
  {
    route: 'DELETE /api/campaigns/:id',
    fields: ['path.id'],
    label: 'campaign',
    call: (_a, x) => ({ method: 'DELETE', url: `/api/campaigns/${x.campaign}` }),
  },
  {
    route: 'POST /api/campaigns/:id/files',
    fields: ['path.id'],
    label: 'campaign',
    call: (_a, x) => ({ method: 'POST', url: `/api/campaigns/${x.campaign}/files`, multipart: {}, upload: true }),
  },
  {
    route: 'DELETE /api/campaigns/:id/files/:fileId',
    fields: ['path.id'],
    label: 'campaign',
    call: (a, x) => ({ method: 'DELETE', url: `/api/campaigns/${x.campaign}/files/${a.campaignFile}` }),
  },
  {
    route: 'DELETE /api/campaigns/:id/files/:fileId',
    fields: ['path.fileId'],
    label: 'campaign document',
    call: (a, x) => ({ method: 'DELETE', url: `/api/campaigns/${a.campaign}/files/${x.campaignFile}` }),
  },
  {
    route: 'GET /api/promotions/:id/marketing-reports',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}/marketing-reports`),
  },
  {
    route: 'POST /api/promotions/:id/marketing-reports',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => ({
      method: 'POST',
      url: `/api/promotions/${x.promotion}/marketing-reports`,
      multipart: { number_of_visits: 1_000_000, number_of_future_visits: 0 },
    }),
  },
  ...(['promotion', 'report'] as const).flatMap((part): RouteCase[] => {
    const field = part === 'promotion' ? 'path.id' : 'path.reportId';
    const url = (a: Ids, x: Ids) =>
      part === 'promotion'
        ? `/api/promotions/${x.promotion}/marketing-reports/${a.marketingReport}`
        : `/api/promotions/${a.promotion}/marketing-reports/${x.marketingReport}`;
    return [
      { route: 'GET /api/promotions/:id/marketing-reports/:reportId', fields: [field], label: part, call: (a, x) => get(url(a, x)) },
      {
        route: 'DELETE /api/promotions/:id/marketing-reports/:reportId',
        fields: [field],
        label: part,
        call: (a, x) => ({ method: 'DELETE', url: url(a, x) }),
      },
    ];
  }),
  {
    route: 'PUT /api/user/promotion',
    fields: ['body.promotion'],
    label: 'promotion',
    call: (_a, x) => ({ method: 'PUT', url: '/api/user/promotion', payload: { promotion: x.promotion } }),
  },
  promotionQueryCase('GET /api/brokers', '/api/brokers'),
  promotionQueryCase('GET /api/investors', '/api/investors'),
  promotionQueryCase('GET /api/pilots', '/api/pilots'),
  ...(['POST'] as const).flatMap((method): RouteCase[] => [
    {
      route: `${method} /api/brokers/:id/assistants/:assistantId`,
      fields: ['path.id'],
      label: 'broker',
      call: (a, x) => ({ method, url: `/api/brokers/${x.broker}/assistants/${a.user}` }),
    },
    {
      route: `${method} /api/brokers/:id/assistants/:assistantId`,
      fields: ['path.assistantId'],
      label: 'assistant',
      call: (a, x) => ({ method, url: `/api/brokers/${a.broker}/assistants/${x.user}` }),
    },
  ]),
  promotionQueryCase('GET /api/app/filters', '/api/app/filters'),
  {
    route: 'PUT /api/notifications/:id/read',
    fields: ['path.id'],
    label: 'notification',
    call: (_a, x) => ({ method: 'PUT', url: `/api/notifications/${x.notification}/read` }),
  },
  {
    route: 'POST /api/candidacies/files',
    fields: ['multipart.candidacy_id'],
    label: 'candidacy',
    call: (_a, x) => ({ method: 'POST', url: '/api/candidacies/files', multipart: { candidacy_id: x.candidacy }, upload: true }),
  },
  {
    route: 'DELETE /api/candidacies/files/:id',
    fields: ['path.id'],
    label: 'candidacy file',
    call: (_a, x) => ({ method: 'DELETE', url: `/api/candidacies/files/${x.candidacyFile}` }),
  },
  {
    route: 'GET /api/file-url/:uuid',
    fields: ['path.uuid'],
    label: 'candidacy file',
    call: (_a, x) => get(`/api/file-url/${x.candidacyFileUuid}`),
  },
  {
    route: 'GET /api/file-url/:uuid',
    fields: ['path.uuid'],
    label: 'thread attachment',
    call: (_a, x) => get(`/api/file-url/${x.threadFileUuid}`),
  },
  {
    route: 'POST /api/threads',
    fields: ['multipart.promotion'],
    label: 'promotion',
    call: (a, x, caller) => ({ method: 'POST', url: '/api/threads', multipart: { ...threadFields(a, caller), promotion: x.promotion } }),
  },
  {
    route: 'POST /api/threads',
    fields: ['multipart.to_id'],
    label: 'user recipient',
    callers: WRITERS,
    call: (a, x, caller) => ({
      method: 'POST',
      url: '/api/threads',
      multipart: { ...threadFields(a, caller), to_id: x.recipients[recipientClass(caller)] },
    }),
  },
  {
    route: 'POST /api/threads',
    fields: ['multipart.to_id'],
    label: 'candidate recipient',
    callers: ['broker', 'notary'],
    call: (a, x, caller) => ({
      method: 'POST',
      url: '/api/threads',
      multipart: { ...threadFields(a, caller), to_base_class: 'candidate', to_id: x.candidate },
    }),
  },
  {
    route: 'POST /api/threads',
    fields: ['multipart.candidacy_id'],
    label: 'candidacy',
    callers: WRITERS,
    call: (a, x, caller) => ({ method: 'POST', url: '/api/threads', multipart: { ...threadFields(a, caller), candidacy_id: x.candidacy } }),
  },
  {
    route: 'GET /api/threads/recipients',
    fields: ['query.promotion'],
    label: 'promotion',
    call: (_a, x) => get(`/api/threads/recipients?${q({ class: 'candidate', promotion: x.promotion })}`),
  },
  {
    route: 'GET /api/threads/recipients',
    fields: ['query.id'],
    label: 'candidate',
    call: (a, x) => get(`/api/threads/recipients?${q({ class: 'candidate', promotion: a.promotion, id: x.candidate })}`),
  },
  promotionQueryCase('GET /api/threads', '/api/threads'),
  {
    route: 'GET /api/threads',
    fields: ['query.candidate_id'],
    label: 'candidate',
    call: (a, x) => get(`/api/threads?${q({ promotion: a.promotion, candidate_id: x.candidate })}`),
  },
  {
    route: 'GET /api/threads',
    fields: ['query.candidacy'],
    label: 'candidacy',
    call: (a, x) => get(`/api/threads?${q({ promotion: a.promotion, candidacy: x.candidacy })}`),
  },
  { route: 'GET /api/threads/:id', fields: ['path.id'], label: 'thread', call: (_a, x) => get(`/api/threads/${x.thread}`) },
  {
    route: 'PUT /api/threads/:id/markAsRead',
    fields: ['path.id'],
    label: 'thread',
    call: (_a, x) => ({ method: 'PUT', url: `/api/threads/${x.thread}/markAsRead` }),
  },
  {
    route: 'POST /api/threads/:id/reply',
    fields: ['path.id'],
    label: 'thread',
    call: (_a, x) => ({ method: 'POST', url: `/api/threads/${x.thread}/reply`, multipart: { content: 'Merci' } }),
  },
  {
    route: 'POST /api/threads/:id/reply',
    fields: ['multipart.promotion'],
    label: 'promotion',
    callers: ['broker'],
    call: (a, x) => ({ method: 'POST', url: `/api/threads/${a.thread}/reply`, multipart: { content: 'Merci', promotion: x.promotion } }),
  },
  {
    route: 'POST /api/threads/:id/reply',
    fields: ['multipart.thread_id'],
    label: 'thread',
    callers: ['broker'],
    call: (a, x) => ({ method: 'POST', url: `/api/threads/${a.thread}/reply`, multipart: { content: 'Merci', thread_id: x.thread } }),
  },
  ...listCases('GET /api/candidacies', '/api/candidacies', LIST_FILTERS),
  promotionQueryCase('GET /api/candidacies/all', '/api/candidacies/all'),
  ...listCases('GET /api/candidacies/download', '/api/candidacies/download', LIST_FILTERS),
  { route: 'GET /api/candidacies/:id', fields: ['path.id'], label: 'candidacy', call: (_a, x) => get(`/api/candidacies/${x.candidacy}`) },
  promotionQueryCase('GET /api/candidates', '/api/candidates'),
  { route: 'GET /api/candidates/:id', fields: ['path.id'], label: 'candidate', call: (_a, x) => get(`/api/candidates/${x.candidate}`) },
  { ...promotionQueryCase('GET /api/actions', '/api/actions'), label: 'promotion of the tasks screen', callers: ['broker'] },
  {
    route: 'GET /api/actions',
    fields: ['query.promotion'],
    label: 'promotion of a target',
    call: (a, x) => get(`/api/actions?${q({ promotion: x.promotion, target: 'lot', target_id: a.lot })}`),
  },
  ...(['candidacy', 'lot', 'application'] as const).map(
    (target): RouteCase => ({
      route: 'GET /api/actions',
      fields: ['query.target_id'],
      label: `${target} target`,
      call: (a, x) => get(`/api/actions?${q({ promotion: a.promotion, target, target_id: x[target] })}`),
    }),
  ),
  {
    route: 'GET /api/actions',
    fields: ['query.candidat'],
    label: 'candidacy',
    callers: ['broker'],
    call: (a, x) => get(`/api/actions?${q({ promotion: a.promotion, candidat: x.candidacy })}`),
  },
  {
    route: 'GET /api/actions',
    fields: ['query.broker'],
    label: 'assignee',
    callers: ['broker'],
    call: (a, x) => get(`/api/actions?${q({ promotion: a.promotion, broker: x.broker })}`),
  },
  {
    route: 'GET /api/promotions/:id/notary/actions',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}/notary/actions`),
  },
  {
    route: 'GET /api/promotions/:id/notary/actions',
    fields: ['query.candidat'],
    label: 'candidacy',
    call: (a, x) => get(`/api/promotions/${a.promotion}/notary/actions?candidat=${x.candidacy}`),
  },
  ...(['lotTask', 'applicationTask', 'candidacyTask'] as const).map(
    (task): RouteCase => ({
      route: 'GET /api/actions/:id',
      fields: ['path.id'],
      label: task,
      call: (_a, x) => get(`/api/actions/${x[task]}`),
    }),
  ),
  ...taskRouteCases('lots'),
  ...taskRouteCases('applications'),
  ...(
    [
      ['query.promotion', 'promotion'],
      ['query.application_id', 'application'],
      ['query.lot_id', 'lot'],
      ['query.candidacy_id', 'candidacy'],
    ] as const
  ).map(
    ([field, kind]): RouteCase => ({
      route: 'GET /api/logs',
      fields: [field],
      label: kind,
      call: (a, x) =>
        get(`/api/logs?${q(kind === 'promotion' ? { promotion: x.promotion } : { promotion: a.promotion, [field.slice(6)]: x[kind] })}`),
    }),
  ),
  {
    route: 'GET /api/lots/for-attribution',
    fields: ['query.candidacy_id'],
    label: 'candidacy',
    call: (_a, x) => get(`/api/lots/for-attribution?candidacy_id=${x.candidacy}`),
  },
  {
    route: 'GET /api/applications/partners',
    fields: ['query.candidacy_id'],
    label: 'candidacy',
    call: (_a, x) => get(`/api/applications/partners?candidacy_id=${x.candidacy}`),
  },
  {
    route: 'GET /api/attribution/candidacies',
    fields: ['query.lot_id'],
    label: 'lot',
    call: (_a, x) => get(`/api/attribution/candidacies?lot_id=${x.lot}`),
  },
  ...listCases('GET /api/applications', '/api/applications', LIST_FILTERS),
  ...listCases('GET /api/applications/download', '/api/applications/download', LIST_FILTERS),
  {
    route: 'GET /api/applications/:id',
    fields: ['path.id'],
    label: 'application',
    call: (_a, x) => get(`/api/applications/${x.application}`),
  },
  {
    route: 'GET /api/applications/:publicId/pdf',
    fields: ['path.publicId'],
    label: 'application',
    call: (_a, x) => get(`/api/applications/${x.applicationPublicId}/pdf`),
  },
  {
    route: 'GET /api/applications/public/:publicId',
    fields: ['path.publicId'],
    label: 'application',
    call: (_a, x) => get(`/api/applications/public/${x.applicationPublicId}`),
  },
  ...DIRECT.map(
    ([method, path, payload]): RouteCase => ({
      route: `${method} ${path}`,
      fields: ['path.id'],
      label: 'application',
      call: (_a, x) => ({ method, url: path.replace(':id', String(x.application)), payload }),
    }),
  ),
  ...listCases('GET /api/lots', '/api/lots', LOT_FILTERS),
  ...listCases('GET /api/candidate/lots', '/api/candidate/lots', LOT_FILTERS),
  ...listCases('GET /api/lots/download', '/api/lots/download', LOT_FILTERS),
  { route: 'GET /api/lots/:id', fields: ['path.id'], label: 'lot', call: (_a, x) => get(`/api/lots/${x.lot}`) },
  {
    route: 'PUT /api/lots/:id',
    fields: ['path.id', 'body.id'],
    label: 'lot',
    call: (_a, x) => ({ method: 'PUT', url: `/api/lots/${x.lot}`, payload: { id: x.lot, status: 1 } }),
  },
  promotionQueryCase('GET /api/analytics/dashboard', '/api/analytics/dashboard'),
  {
    route: 'GET /api/analytics/dashboard',
    fields: ['query.buildings'],
    label: 'building',
    call: (a, x) => get(`/api/analytics/dashboard?${q({ promotion: a.promotion, buildings: x.building })}`),
  },
  {
    route: 'GET /api/registration/:token',
    fields: ['query.lot'],
    label: 'lot',
    call: (a, x) => get(`/api/registration/${a.token}?lot=${x.lotPublicId}`),
  },
  {
    route: 'GET /api/promotions/:id/registration-link',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}/registration-link`),
  },
  {
    route: 'GET /api/promotions/:id',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}`),
  },
  {
    route: 'GET /api/promotions/:id/crm',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}/crm`),
  },
  {
    route: 'PUT /api/promotions/:id/send-to-crm',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => ({ method: 'PUT', url: `/api/promotions/${x.promotion}/send-to-crm` }),
  },
  ...buildingRouteCases(),
  ...progressRouteCases(),
  {
    route: 'GET /api/promotions/:id/people',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}/people`),
  },
  {
    route: 'GET /api/promotions/:id/questions',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => get(`/api/promotions/${x.promotion}/questions`),
  },
  {
    route: 'POST /api/promotions/:id/question',
    fields: ['path.id'],
    label: 'promotion',
    call: (_a, x) => ({
      method: 'POST',
      url: `/api/promotions/${x.promotion}/question`,
      multipart: { question: 'Les caves sont-elles comprises ?', answer: 'Oui, une cave par lot.' },
    }),
  },
  {
    route: 'DELETE /api/promotions/:id/questions/:qid',
    fields: ['path.id'],
    label: 'promotion',
    call: (a, x) => ({ method: 'DELETE', url: `/api/promotions/${x.promotion}/questions/${a.faqQuestion}` }),
  },
  {
    route: 'DELETE /api/promotions/:id/questions/:qid',
    fields: ['path.qid'],
    label: 'FAQ question',
    call: (a, x) => ({ method: 'DELETE', url: `/api/promotions/${a.promotion}/questions/${x.faqQuestion}` }),
  },
];

// ---------------------------------------------------------------------------------------------
// Command cases

let emailCounter = 0;
/** A fresh e-mail for each createCandidacy, so that no call answers already_exists by accident. */
const freshEmail = () => {
  emailCounter += 1;
  return `croise.${emailCounter}@test.ch`;
};
const candidacyForm = (candidate: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  status: 0,
  priority: 9,
  ...extra,
  candidate: { first_name: 'Marc', last_name: 'Dubois', ...candidate },
});
const reservationCandidate = (extra: Record<string, unknown> = {}) => ({
  candidate: { last_name: 'Dubois', first_name: 'Marc', gender: 'M', email: 'marc.dubois@test.ch', ...extra },
  financing: {},
});

const APPLICATION_FIELDS: Record<string, Record<string, unknown>> = {
  sendReservationForm: { ...MAIL, do_not_send_email: true },
  validateReservationForm: {},
  unvalidateReservationForm: MAIL,
  scheduleAgreement: { date: '2030-01-15T09:00:00.000Z' },
  planActOfPurchase: { date: '2030-01-15T09:00:00.000Z', ...MAIL, do_not_send_email: true },
  updateApplication: { priority: 9 },
};
const ENTITY_ONLY_APPLICATION = [
  'sendReservationForm',
  'validateReservationForm',
  'unvalidateReservationForm',
  'advanceDepositReceived',
  'ClientSolvent',
  'clientNonSolvent',
  'scheduleAgreement',
  'draftActSent',
  'agreementFundsReceived',
  'planActOfPurchase',
  'callForFundsSent',
  'actOfPurchaseSigned',
  'updateApplication',
  'goToBestAvailablePriority',
  'goToLatestPriority',
  'UpdateLastPriorityChange',
  'sendNewAccess',
];

const entity = (command: string, label: string, call: CommandCase['call']): CommandCase => ({
  command,
  fields: ['entity_id'],
  label,
  call,
});
const field = (command: string, name: string, label: string, call: CommandCase['call']): CommandCase => ({
  command,
  fields: [name],
  label,
  call,
});

const actionFields = (a: Ids) => ({ ...taskForm(a), lot_id: a.lot });

/** Destructive commands come last, so that a defect there cannot hide another one. */
export const COMMAND_CASES: readonly CommandCase[] = [
  entity('createAction', 'promotion', (a, x) => ({ entity_id: x.promotion, fields: actionFields(a) })),
  field('createAction', 'promotion_id', 'promotion', (a, x) => ({
    entity_id: a.promotion,
    fields: { ...actionFields(a), promotion_id: x.promotion },
  })),
  field('createAction', 'candidacy_id', 'candidacy', (a, x) => ({
    entity_id: a.promotion,
    fields: { ...taskForm(a), candidacy_id: x.candidacy },
  })),
  field('createAction', 'lot_id', 'lot', (a, x) => ({ entity_id: a.promotion, fields: { ...taskForm(a), lot_id: x.lot } })),
  field('createAction', 'application_id', 'application', (a, x) => ({
    entity_id: a.promotion,
    fields: { ...taskForm(a), application_id: x.application },
  })),
  field('createAction', 'broker_id', 'assignee', (a, x) => ({
    entity_id: a.promotion,
    fields: { ...actionFields(a), broker_id: x.broker },
  })),
  entity('updateAction', 'task', (a, x) => ({ entity_id: x.lotTask, fields: taskForm(a) })),
  field('updateAction', 'broker_id', 'assignee', (a, x) => ({ entity_id: a.lotTask, fields: { ...taskForm(a), broker_id: x.broker } })),
  entity('markActionAsFinished', 'task', (_a, x) => ({ entity_id: x.candidacyTask, fields: {} })),
  entity('attributeLot', 'candidacy', (a, x) => ({ entity_id: x.candidacy, fields: { lot_id: a.lot, priority: 9 } })),
  field('attributeLot', 'lot_id', 'lot', (a, x) => ({ entity_id: a.candidacy, fields: { lot_id: x.lot, priority: 9 } })),
  field('attributeLot', 'promotion_id', 'promotion', (a, x) => ({
    entity_id: a.candidacy,
    fields: { lot_id: a.lot, priority: 9, promotion_id: x.promotion },
  })),
  field('attributeLot', 'candidacy_2_id', 'partner candidacy', (a, x) => ({
    entity_id: a.candidacy,
    fields: { lot_id: a.lot, priority: 9, candidacy_2_id: x.candidacy },
  })),
  entity('createCandidacy', 'promotion', (_a, x) => ({
    entity_id: x.promotion,
    fields: { candidacy: candidacyForm({ email: freshEmail() }) },
  })),
  field('createCandidacy', 'candidacy.broker_id', 'broker', (a, x) => ({
    entity_id: a.promotion,
    fields: { candidacy: candidacyForm({ email: freshEmail() }, { broker_id: x.broker }) },
  })),
  entity('updateCandidacy', 'candidacy', (_a, x) => ({ entity_id: x.candidacy, fields: { candidacy: candidacyForm({}) } })),
  field('updateCandidacy', 'promotion_id', 'promotion', (a, x) => ({
    entity_id: a.candidacy,
    fields: { candidacy: candidacyForm({}), promotion_id: x.promotion },
  })),
  field('updateCandidacy', 'candidacy.broker_id', 'broker', (a, x) => ({
    entity_id: a.candidacy,
    fields: { candidacy: candidacyForm({}, { broker_id: x.broker }) },
  })),
  entity('moveCandidacyToOtherAgency', 'candidacy', (a, x) => ({ entity_id: x.candidacy, fields: { agency_id: a.agency } })),
  field('moveCandidacyToOtherAgency', 'agency_id', 'agency', (a, x) => ({ entity_id: a.candidacy, fields: { agency_id: x.agency } })),
  entity('createComment', 'candidacy', (_a, x) => ({ entity_id: x.candidacy, fields: { comment: 'Rappeler lundi' } })),
  entity('updateComment', 'candidacy', (a, x) => ({
    entity_id: x.candidacy,
    fields: { comment_id: a.comment, comment: 'Rappeler mardi' },
  })),
  field('updateComment', 'comment_id', 'comment', (a, x) => ({
    entity_id: a.candidacy,
    fields: { comment_id: x.comment, comment: 'Rappeler mardi' },
  })),
  entity('submitReservationForm', 'application', (_a, x) => ({
    entity_id: x.application,
    fields: { candidacy1: reservationCandidate(), candidacy2: null },
  })),
  field('submitReservationForm', 'candidacy1.candidate.id', 'candidate', (a, x) => ({
    entity_id: a.application,
    fields: { candidacy1: reservationCandidate({ id: x.candidate, email: null }), candidacy2: null },
  })),
  field('submitReservationForm', 'candidacy2.candidate.id', 'partner candidate', (a, x) => ({
    entity_id: a.application,
    fields: {
      candidacy1: reservationCandidate({ id: a.candidate, email: null }),
      candidacy2: reservationCandidate({ id: x.candidate, email: null }),
    },
  })),
  ...ENTITY_ONLY_APPLICATION.map((name) =>
    entity(name, 'application', (_a, x) => ({ entity_id: x.application, fields: APPLICATION_FIELDS[name] ?? {} })),
  ),
  entity('addCandidacy', 'application', (a, x) => ({ entity_id: x.application, fields: { candidacy_2_id: a.candidacy } })),
  field('addCandidacy', 'candidacy_2_id', 'partner candidacy', (a, x) => ({
    entity_id: a.application,
    fields: { candidacy_2_id: x.candidacy },
  })),
  field('addCandidacy', 'promotion_id', 'promotion', (a, x) => ({
    entity_id: a.application,
    fields: { candidacy_2_id: a.candidacy, promotion_id: x.promotion },
  })),
  entity('detachCandidacy', 'application', (a, x) => ({ entity_id: x.partnerApplication, fields: { candidacy_id: a.partnerCandidacy } })),
  field('detachCandidacy', 'candidacy_id', 'candidacy', (a, x) => ({
    entity_id: a.partnerApplication,
    fields: { candidacy_id: x.candidacy },
  })),
  field('detachCandidacy', 'promotion_id', 'promotion', (a, x) => ({
    entity_id: a.partnerApplication,
    fields: { candidacy_id: a.partnerCandidacy, promotion_id: x.promotion },
  })),
  entity('deleteApplication', 'application', (_a, x) => ({ entity_id: x.application, fields: {} })),
  entity('deleteCandidacy', 'candidacy', (_a, x) => ({ entity_id: x.candidacy, fields: {} })),
];
