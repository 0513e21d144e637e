import { type Actor, isCrmAgency, isLightInvestor, USER_TYPES, type UserType } from './roles.js';
import { canAccessRoute, routeByName, showsBrokerFilter } from './routes.js';
import { type AgencyRow, actsForAgency } from './rules/agency.js';
import { LIBRARY_MANAGERS, type LibraryFileAccess, libraryReaderOf, readerSeesLibraryFile } from './rules/library-reader.js';

/**
 * Who may do what: one table, used by the server to authorise and by the client to show or hide
 * (docs/product/access.md#who-may-do-what; docs/sales-process.md#1-tenancy-and-access-built).
 * docs/permissions.md mirrors it and a test keeps the two in step.
 *
 * A permission is a role rule (the user types, the admin flag) and, for some, a row rule on a
 * resource: `can(actor, permission)` answers whether the user may ever do it (a route's or a
 * command's check, `rolesWith`), `can(actor, permission, resource)` whether he may on that row
 * (the own agency, the owner, a library file's access, an admin-only flag). A service that holds
 * the row passes it.
 */
type Rule<R = never> = (actor: Actor, resource?: R) => boolean;

const roles =
  (...types: UserType[]) =>
  (actor: Actor) =>
    types.includes(actor.type);

/** Admins: brokers with the admin flag (docs/product/promotion-administration.md#permissions). */
const adminBroker = (actor: Actor) => actor.admin && actor.type === 'broker';

/** A role rule and a row rule: without a resource the role rule alone answers. */
const onRow =
  <R>(who: (actor: Actor) => boolean, row: (actor: Actor, resource: R) => boolean): Rule<R> =>
  (actor, resource) =>
    who(actor) && (resource === undefined || row(actor, resource));

/** The own-agency rule (rules/agency.ts) on a row's `agency_id`. */
const ownAgency = (who: (actor: Actor) => boolean) => onRow<AgencyRow>(who, (actor, row) => actsForAgency(actor, row.agency_id));

/** A row of one user's (`owner_id`): that user, or an admin. */
export type OwnedRow = { owner_id: number };
const ownerOrAdmin = (who: (actor: Actor) => boolean) => onRow<OwnedRow>(who, (actor, row) => actor.id === row.owner_id || actor.admin);

/** A candidacy file: its candidacy's agency and candidate's account, and who uploaded it. */
export type CandidacyFileRow = AgencyRow & { candidate_user_id: number | null; created_by_id: number | null };

/** A library file and, for a candidate, the best status of his candidacies in its promotion (rules/library-reader.ts). */
export type LibraryFileRow = { file: LibraryFileAccess; candidate_status: number | null };

// Rules other rules build on.
const createsTasks = roles('broker');
const addsAssistants = roles('broker');
const changesLotStatus = roles('broker');
const changesLotPrice = roles('broker');
const managesFaqGlobal = adminBroker;
/** The staff of the lots, candidacy and sales funnel screens (docs/product/access.md#route-table). */
const staff = roles('broker', 'promoter', 'banker', 'architect', 'notary');

export const PERMISSIONS = {
  /** GET candidacies (the candidates screen) and candidacies/all (the candidacy pickers). */
  'candidacy.list': roles('broker'),
  /** GET candidacies/{id}: the staff, and a candidate his own candidacy (the row rule of the service). */
  'candidacy.read': roles('broker', 'promoter', 'banker', 'architect', 'notary', 'candidate'),
  /** Brokers manage candidates and candidacies (edit and delete within their agency: see below). */
  'candidacy.create': roles('broker'),
  'candidacy.edit': ownAgency(roles('broker')),
  'candidacy.delete': ownAgency(roles('broker')),
  'candidacy.changeAgency': ownAgency(roles('broker')),
  'candidacy.download': roles('broker'),
  /** GET candidates: the list the candidate record searches. */
  'candidate.list': roles('broker'),
  /** GET candidates/{id}: brokers, and a candidate his own record. */
  'candidate.read': roles('broker', 'candidate'),
  'comment.read': roles('broker', 'notary', 'banker', 'promoter'),
  'comment.create': roles('broker', 'notary', 'banker', 'promoter'),
  /** A candidacy's files: the staff; a candidate reads his own candidacy's files (row rule). */
  'file.read': staff,
  'file.upload': roles('broker', 'notary', 'banker', 'architect', 'promoter'),
  /** Delete a candidacy file: a broker of its agency, a promoter, the candidate what he uploaded himself. */
  'file.delete': onRow<CandidacyFileRow>(roles('broker', 'candidate', 'promoter'), (actor, row) => {
    if (actor.type === 'broker') return actsForAgency(actor, row.agency_id);
    if (actor.type === 'candidate') return row.candidate_user_id === actor.id && row.created_by_id === actor.id;
    return true;
  }),
  /** GET actions: the tasks on the rows of the candidates, lots and funnel screens. */
  'task.read': staff,
  /** GET actions without a target: the promotion's open tasks on the tasks screen. */
  'task.listPromotion': roles('broker'),
  /** GET promotions/{id}/notary/actions: the open tasks assigned to the notary. */
  'task.listAssigned': roles('notary'),
  'task.create': createsTasks,
  'task.edit': roles('broker'),
  /** Notaries finish only the tasks assigned to them: see taskFinishRefusal. */
  'task.finish': roles('broker', 'notary'),
  'logs.read': roles('broker'),
  /** GET lots and lots/{id}: the lots screen. */
  'lot.read': staff,
  /** GET candidate/lots: the candidate's price grid. */
  'lot.readPriceGrid': roles('candidate'),
  /** PUT lots/{id}: what it may change is lot.changeStatus and lot.changePrice. */
  'lot.edit': (actor: Actor) => changesLotStatus(actor) || changesLotPrice(actor),
  'lot.changeStatus': changesLotStatus,
  'lot.changePrice': changesLotPrice,
  /** attributeLot and the lists of its modals (lots, partners, candidacies); a lot goes to a candidacy of the broker's agency. */
  'lot.attribute': ownAgency(roles('broker')),
  'lot.download': roles('broker'),
  'lot.contextMenu': roles('broker'),
  /** GET applications and applications/{id}: the sales funnel. */
  'application.read': staff,
  'application.download': roles('broker'),
  /** GET applications/public/{publicId}: the reservation form; a candidate loads his own. */
  'reservationForm.read': roles('broker', 'promoter', 'banker', 'notary', 'candidate'),
  /** submitReservationForm: brokers of the candidacy's agency, the candidate on his own form. */
  'reservationForm.submit': onRow<AgencyRow>(
    roles('broker', 'candidate'),
    (actor, row) => actor.type !== 'broker' || actsForAgency(actor, row.agency_id),
  ),
  /** GET promotions/{id}/registration-link: the link brokers hand out. */
  'registrationLink.read': roles('broker'),
  /** A broker adds his own assistants; an admin anyone's (the owner is the assisted broker). */
  'assistant.add': ownerOrAdmin(addsAssistants),
  'assistant.remove': (actor: Actor) => actor.admin,
  /** UpdateLastPriorityChange: an admin broker restarts the deadline of a priority 1 (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
  'application.resetPriorityCounter': adminBroker,
  'promotion.add': adminBroker,
  /** GET promotions and promotions/{id}: 'Mes promotions' and the promotion record (docs/product/promotion-administration.md#permissions). */
  'promotion.read': roles('broker'),
  /** POST promotions/{id}/settings: the 'Informations' menu's save and the logo; others read it. */
  'promotion.edit': adminBroker,
  /** PUT promotions/{id}/archive and /restore: admins archive a promotion (read-only for everyone) and restore it. */
  'promotion.archive': adminBroker,
  /** GET brokers/options: the brokers an admin may name main broker or add to a promotion. */
  'broker.pick': adminBroker,
  'outbox.read': (actor: Actor) => actor.admin,
  /** The price-grid import of the promotion record's 'Lots' menu (issue 11): admins, who add and edit lots. */
  'priceGrid.import': adminBroker,
  /**
   * A candidacy's sales notes: its priority (A, B, C, NP), VIP flag and reason, CRM id and
   * validation (docs/product/candidates.md#screens: the candidates screen is the brokers').
   */
  'candidacy.readSalesNotes': roles('broker'),
  /**
   * A candidate's personal and financial record (civil data, AVS, income, own funds, financing):
   * the people who sell, finance and notarise the sale. A candidate reads his own (see
   * candidacyAudienceOf); an architect sees who the buyer is, not his finances.
   */
  'candidate.readRecord': roles('broker', 'promoter', 'notary', 'banker'),
  /**
   * GET brokers: for the screens with the broker picker (candidates, funnel, tasks), the
   * notary's thread recipients, the brokers' task assignees and assistants. Never a candidate.
   */
  'broker.list': (actor: Actor) =>
    showsBrokerFilter(actor.type) || threadRecipientTypes(actor.type).includes('broker') || createsTasks(actor) || addsAssistants(actor),
  /** GET investors and GET pilots: the thread recipients of docs/product/access.md#who-may-do-what (a pilot writes to an investor, an investor to a pilot). */
  'investor.list': (actor: Actor) => threadRecipientTypes(actor.type).includes('investor'),
  'pilot.list': (actor: Actor) => threadRecipientTypes(actor.type).includes('pilot'),
  /**
   * GET threads/recipients: the candidate and notary pickers of 'Nouvelle discussion' (a broker
   * writes to a candidate or a notary, a notary to a candidate; docs/product/messages.md#rules).
   */
  'thread.pickRecipient': (actor: Actor) => threadRecipientTypes(actor.type).some((type) => type === 'candidate' || type === 'notary'),
  /** The e-mail and agency of the people those lists give: brokers, who pick assistants by e-mail. */
  'member.readContact': roles('broker'),
  /**
   * The CRM send (docs/sales-process.md#crm-send-built): the promotion's brokers read its state and send
   * it to Salesforce, the sales desk's CRM; whether a promotion is connected at all is an admin's
   * setting (docs/decisions/011-crm-connection-per-promotion.md).
   */
  'crm.send': roles('broker'),
  'crm.connect': adminBroker,
  /** The promotion record's 'Lots' menu: buildings, main and associated lots (docs/product/promotion-administration.md#permissions). */
  'building.read': roles('broker'),
  /** Add and edit buildings and lots, associate, dissociate, move and delete lots: admins only. */
  'building.edit': adminBroker,
  /** GET promotions/{id}/people: the people menus of the promotion record, which brokers open (docs/product/promotion-administration.md#permissions). */
  'people.read': roles('broker'),
  /**
   * Add, create, edit, remove and invite the people of a promotion, set its main notary, and the
   * add-existing pickers (GET notaries, promoters, bankers, architects): admins, who are brokers
   * with the admin flag like for promotion.add (docs/product/promotion-administration.md#permissions).
   */
  'people.manage': adminBroker,
  /** GET /planning and its .ics export: the route's readers (docs/product/planning.md#who-may-do-what). */
  'planning.read': roles('broker', 'pilot', 'investor'),
  /** Add, edit and delete planning tasks: pilots (docs/product/planning.md#who-may-do-what). */
  'planning.edit': roles('pilot'),
  /**
   * GET /finances: brokers, pilots and investors; the light investor is refused besides by the
   * route's closedToLightInvestor (docs/product/finances.md#who-may-do-what).
   */
  'finances.read': roles('broker', 'pilot', 'investor'),
  /** PUT /finances/{id}: pilots. */
  'finances.edit': roles('pilot'),
  /** GET promotions/{id}/questions: the FAQ screen's roles (docs/product/faq.md#who-may-do-what; hidden for pilots and investors). */
  'faq.read': roles('candidate', 'broker', 'banker', 'promoter', 'notary', 'architect'),
  /** 'Ajouter une question' and the delete icon of a promotion's own question: brokers. */
  'faq.add': roles('broker'),
  /** Delete a question: a broker; a global one (`{ global: true }`), an admin broker only (faq.manageGlobal). */
  'faq.delete': onRow<{ global: boolean }>(roles('broker'), (actor, question) => !question.global || managesFaqGlobal(actor)),
  /**
   * A global question (shown in every promotion): added and deleted by an admin broker only, who
   * sees every promotion (docs/decisions/018-faq-global-questions-and-demo-mode.md).
   */
  'faq.manageGlobal': managesFaqGlobal,
  /**
   * The documents library (docs/product/documents.md#who-may-do-what): every member opens /documents,
   * and sees the files the one rule of rules/library-reader.ts gives him (`{ file, candidate_status }`).
   */
  'library.read': onRow<LibraryFileRow>(roles(...USER_TYPES), (actor, row) =>
    readerSeesLibraryFile(libraryReaderOf(actor, row.candidate_status), row.file),
  ),
  /** Add, edit and delete library files, and pick or create their folders: architects, brokers and pilots. */
  'library.manage': roles(...LIBRARY_MANAGERS),
  /** The data-room log of the library (who opened or downloaded which file, when) and its .xlsx export. */
  'library.log': roles('broker', 'pilot'),
  /** GET photoGroups and GET photos: the route /progression (docs/product/progress.md#who-may-do-what); candidates and investors read only the visible albums. */
  'progress.read': roles('broker', 'promoter', 'candidate', 'architect', 'pilot', 'investor'),
  /**
   * Add, edit and delete albums, add and remove photos: brokers and pilots (docs/product/progress.md#rules);
   * promoters and architects read every album, hidden ones included, without editing
   * (docs/decisions/020-progress-photos-and-home.md).
   */
  'progress.manage': roles('broker', 'pilot'),
  /** GET promotions/{id}/home: the home page of candidates, notaries and investors (docs/product/home.md#who-may-do-what). */
  'home.read': roles('candidate', 'notary', 'investor'),
  /**
   * The Marketing screen (docs/product/marketing.md#who-may-do-what): brokers and promoters read
   * the campaigns, their documents and the reports; brokers add and delete the reports, which are
   * the promotion's. Promoters read only.
   */
  'marketing.read': roles('broker', 'promoter'),
  'marketing.edit': roles('broker'),
  /**
   * Add, edit and delete a campaign and its documents: a broker of the campaign's agency (a
   * campaign belongs to the agency of the broker who adds it, so adding asks with his own).
   */
  'campaign.edit': ownAgency(roles('broker')),
  // people2 (issue 19): the hand checks of the finances routes, declared in the catalogue.
  /**
   * GET /finances: finances.read's readers but the light investor, whom the route finances
   * closes (closedToLightInvestor, the rule of the menu and of the client's guard).
   */
  'finances.open': (actor: Actor) => roles('broker', 'pilot', 'investor')(actor) && !isLightInvestor(actor),

  // sales2: the funnel's direct routes and the dashboard in the API catalogue (issue 19).
  /** GET applications/{publicId}/pdf: the sales file, the funnel's downloadPdf action (docs/product/funnel.md#actions-on-an-application). */
  'application.downloadPdf': roles('broker', 'notary', 'banker', 'promoter'),
  /** The broker's direct steps of a sale: validate or refuse the reservation form, schedule the agreement, plan and sign the act. */
  'application.runSale': roles('broker'),
  /** The direct steps a notary records too: deposit and agreement funds received, draft act and call for funds sent. */
  'application.recordNotaryStep': roles('broker', 'notary'),
  /** The direct solvency steps (client solvent or not): brokers and bankers. */
  'application.checkSolvency': roles('broker', 'banker'),
  /** GET analytics/dashboard: whoever may open the /dashboard route (never candidates nor the light investor). */
  'dashboard.read': (actor: Actor) => canAccessRoute(actor, routeByName('dashboard')),
} as const satisfies Record<string, Rule<never>>;

export type Permission = keyof typeof PERMISSIONS;

/** The resource a permission's row rule reads (`never` for a role rule). */
export type PermissionResource<P extends Permission> =
  Parameters<(typeof PERMISSIONS)[P]> extends [Actor] ? never : Parameters<(typeof PERMISSIONS)[P]> extends [Actor, (infer R)?] ? R : never;

/** What `can` needs of a user: his type and admin flag; his id and agency for the row rules that read them. */
export type PermissionActor = Pick<Actor, 'type' | 'admin'> & Partial<Actor>;

/**
 * Whether the user may: without a resource, ever (the route's or command's check); with one, on
 * that row. A row rule reads the actor's id and agency: a missing one counts as none.
 */
export const can = <P extends Permission>(actor: PermissionActor, permission: P, resource?: PermissionResource<P>): boolean =>
  (PERMISSIONS[permission] as Rule<PermissionResource<P>>)(actor as Actor, resource);

/** Whether a permission has a row rule, i.e. takes a resource (docs/permissions.md#row-rules). */
export const hasRowRule = (permission: Permission): boolean => PERMISSIONS[permission].length > 1;

/** The user types a permission grants (without the admin flag): a route's or a command's roles. */
export const rolesWith = (permission: Permission): UserType[] => USER_TYPES.filter((type) => can({ type, admin: false }, permission));

type TaskState = { automatic_end: boolean; done_at: string | Date | null; assigned_to_id: number | null };

/**
 * Why a user may not mark a task finished (docs/product/tasks.md#states and docs/product/tasks.md#screens), or null: brokers,
 * and notaries for the tasks assigned to them; never a process task (automatic_end) nor a done
 * one. The client hides the action with it, the server refuses with it.
 */
export const taskFinishRefusal = (
  actor: Pick<Actor, 'id' | 'type'>,
  task: TaskState,
): 'role' | 'notYours' | 'automaticTask' | 'alreadyDone' | null => {
  if (!can({ type: actor.type, admin: false }, 'task.finish')) return 'role';
  if (actor.type === 'notary' && task.assigned_to_id !== actor.id) return 'notYours';
  if (task.automatic_end) return 'automaticTask';
  if (task.done_at !== null) return 'alreadyDone';
  return null;
};

export const canFinishTask = (actor: Pick<Actor, 'id' | 'type'>, task: TaskState): boolean => taskFinishRefusal(actor, task) === null;

/**
 * Why a task may not be edited, whoever asks, or null: a process task (automatic_end) is never
 * edited by hand (docs/product/tasks.md#states and docs/product/tasks.md#screens), nor a done one. The server answers it as
 * `is_editable` and refuses the edit with it.
 */
export const taskEditRefusal = (task: Pick<TaskState, 'automatic_end' | 'done_at'>): 'automaticTask' | 'alreadyDone' | null => {
  if (task.automatic_end) return 'automaticTask';
  if (task.done_at !== null) return 'alreadyDone';
  return null;
};

/** Edit a task: brokers (never bankers, docs/product/funnel.md#screens), on a task that may be edited. */
export const canEditTask = (actor: Pick<Actor, 'type'>, task: Pick<TaskState, 'automatic_end' | 'done_at'>): boolean =>
  can({ type: actor.type, admin: false }, 'task.edit') && taskEditRefusal(task) === null;

/** The CRM column and 'validated' flag are for agency 1 only. */
export const seesCrmColumns = (actor: Pick<Actor, 'agency_id'>): boolean => isCrmAgency(actor.agency_id);

/**
 * Who reads a candidacy, and so which fields its answers carry (one serializer per audience on
 * the server): 'sales' (sales notes and the whole record), 'partner' (the whole record without
 * the sales notes), 'viewer' (who the buyer is, his lots and files), 'owner' (the candidate, his
 * own candidacy without the staff's notes, tasks and comments).
 */
export type CandidacyAudience = 'sales' | 'partner' | 'viewer' | 'owner';

export const candidacyAudienceOf = (actor: Pick<Actor, 'type' | 'admin'>): CandidacyAudience => {
  if (actor.type === 'candidate') return 'owner';
  if (can(actor, 'candidacy.readSalesNotes')) return 'sales';
  if (can(actor, 'candidate.readRecord')) return 'partner';
  return 'viewer';
};

/** The member lists of GET brokers, investors and pilots, and the permission each needs. */
export const MEMBER_LISTS = { broker: 'broker.list', investor: 'investor.list', pilot: 'pilot.list' } as const satisfies Partial<
  Record<UserType, Permission>
>;
export type MemberListType = keyof typeof MEMBER_LISTS;

/** Thread recipients a user may choose (docs/product/access.md#who-may-do-what); a candidate cannot choose. */
export const threadRecipientTypes = (type: UserType): UserType[] => {
  switch (type) {
    case 'broker':
      return ['candidate', 'notary'];
    case 'notary':
      return ['candidate', 'broker'];
    case 'pilot':
      return ['investor'];
    case 'investor':
      return ['pilot'];
    default:
      return [];
  }
};
