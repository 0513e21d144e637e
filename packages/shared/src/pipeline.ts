import { can } from './permissions.js';
import type { Actor, UserType } from './roles.js';
import { actsForAgency } from './rules/agency.js';
import { formatDateTime } from './swiss-time.js';

/**
 * The sales pipeline's rules (docs/product/funnel.md#actions-on-an-application; docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): the tasks the process opens,
 * the milestone texts, and which action an application offers to whom. The funnel's menu and
 * the server's commands both ask `applicationActions`, so a command whose condition does not
 * hold is refused whatever the client shows.
 */

/** The tasks the process opens (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). Their titles open the notary and banker actions. */
export const PROCESS_TASKS = {
  reservation_form_pending: { title: 'Formulaire de réservation en attente du client', assignee: 'broker' },
  verify_reservation_form: { title: 'Vérifier le formulaire de réservation', assignee: 'broker' },
  reservation_deposit_expected: { title: 'Acompte de réservation attendu', assignee: 'notary' },
  verify_solvency: { title: 'Vérifier la solvabilité du client', assignee: 'banker' },
  send_draft_act: { title: "Envoyer le projet d'acte", assignee: 'notary' },
  confirm_promise_funds: { title: 'Confirmer la réception des fonds de la promesse', assignee: 'notary' },
  send_call_for_funds: { title: "Envoyer l'appel de fonds", assignee: 'notary' },
} as const satisfies Record<string, { title: string; assignee: UserType }>;
export type ProcessTaskKind = keyof typeof PROCESS_TASKS;

/** The milestone texts written by the process (status_FR ... status_SIGN), dates in dd/MM/yyyy HH:mm. */
export const MILESTONE_TEXTS = {
  formSent: 'Envoyé le',
  formFilled: 'Rempli le',
  formValidated: 'Validé le',
  depositReceived: 'Reçu le',
  solvent: 'Solvable le',
  nonSolvent: 'Non solvable le',
  promisePlanned: 'Prévue le',
  promiseSigned: 'Signée le',
  actPlanned: 'Prévue le',
  actSigned: 'Signé le',
} as const;

/** The five milestones (docs/product/funnel.md#milestones), in the funnel's column order. */
export const MILESTONES = ['FR', 'AC', 'FIN', 'SIGNPDV', 'SIGN'] as const;
export type Milestone = (typeof MILESTONES)[number];
/** FR, AC and FIN are never edited by hand; SIGNPDV and SIGN only while not checked. */
export const HAND_EDITABLE_MILESTONES: readonly Milestone[] = ['SIGNPDV', 'SIGN'];
export const MILESTONE_LABELS: Record<Milestone, string> = {
  FR: 'FR',
  AC: 'AC',
  FIN: 'FIN',
  SIGNPDV: 'SIGN PdV',
  SIGN: 'SIGN',
};

/**
 * Every action of the funnel's context menu. The first column holds the application's own
 * actions (docs/product/funnel.md#actions-on-an-application), hidden for architects; the second the candidacy's.
 */
export const APPLICATION_ACTIONS = {
  sendReservationForm: { label: 'Envoyer le formulaire de réservation', column: 1 },
  resendReservationForm: { label: 'Renvoyer le formulaire de réservation', column: 1 },
  validateReservationForm: { label: 'Réservation complète', column: 1 },
  unvalidateReservationForm: { label: 'Réservation incomplète', column: 1 },
  advanceDepositReceived: { label: 'Acompte de réservation payé', column: 1 },
  ClientSolvent: { label: 'Client solvable', column: 1 },
  clientNonSolvent: { label: 'Client non solvable', column: 1 },
  scheduleAgreement: { label: 'Planifier la signature de la promesse', column: 1 },
  draftActSent: { label: "Projet d'acte envoyé", column: 1 },
  agreementFundsReceived: { label: 'Fonds de la promesse reçus', column: 1 },
  planActOfPurchase: { label: "Planifier la signature de l'acte", column: 1 },
  callForFundsSent: { label: 'Appel de fonds envoyé', column: 1 },
  actOfPurchaseSigned: { label: 'Acte signé', column: 1 },
  negotiatePrice: { label: 'Prix négocié', column: 1 },
  updateStatuses: { label: 'Modifier les statuts', column: 1 },
  applicationDates: { label: 'Dates du dossier', column: 1 },
  updatePriority: { label: 'Modifier la priorité', column: 1 },
  addCandidacy: { label: 'Ajouter un partenaire', column: 1 },
  detachCandidacy: { label: 'Retirer un partenaire', column: 1 },
  sendNewAccess: { label: 'Envoyer les accès', column: 1 },
  deleteApplication: { label: 'Supprimer le dossier', column: 1 },
  downloadPdf: { label: 'Télécharger le PDF', column: 2 },
  history: { label: 'Historique', column: 2 },
  addTask: { label: 'Ajouter une tâche', column: 2 },
  tasksHistory: { label: 'Historique des tâches', column: 2 },
  comments: { label: 'Commentaires', column: 2 },
  files: { label: 'Fichiers', column: 2 },
  editCandidate: { label: 'Modifier le candidat', column: 2 },
  deleteCandidate: { label: 'Supprimer le candidat', column: 2 },
  newThread: { label: 'Nouvelle discussion', column: 2 },
} as const satisfies Record<string, { label: string; column: 1 | 2 }>;
export type ApplicationAction = keyof typeof APPLICATION_ACTIONS;

/** What the rules need to know of an application (docs/product/entities.md#application and docs/product/funnel.md#actions-on-an-application). */
export type ApplicationState = {
  status: number;
  priority: number;
  multi_agency: boolean;
  reservation_sent_at: string | Date | null;
  first_reservation_at: string | Date | null;
  reservation_confirmed_at: string | Date | null;
  reservation_deposit_confirmed_at: string | Date | null;
  promise_planned_at: string | Date | null;
  act_of_purchase_at: string | Date | null;
  status_FIN_checked: boolean;
  solvent: boolean | null;
  has_partner: boolean;
  /** The process tasks still open on the application. */
  open_task_kinds: readonly string[];
  /** The main candidacy's agency: a broker edits and deletes only his own agency's candidates. */
  candidacy_agency_id: number | null;
  /** The row is shown for the second candidate: the reservation form action is hidden (4.4). */
  as_second_candidate?: boolean;
};

type Rule = { who: readonly UserType[]; when: (a: ApplicationState, actor: Actor) => boolean };

const always = () => true;
const set = (value: unknown) => value !== null && value !== undefined;
const open = (kind: ProcessTaskKind) => (a: ApplicationState) => a.open_task_kinds.includes(kind);
const BROKER = ['broker'] as const;

/** The table of docs/product/funnel.md#actions-on-an-application (and the candidacy column of the menu). */
const RULES: Record<ApplicationAction, Rule> = {
  sendReservationForm: {
    who: BROKER,
    when: (a) => !a.as_second_candidate && !set(a.reservation_sent_at) && (!a.multi_agency || a.priority === 1),
  },
  resendReservationForm: { who: BROKER, when: (a) => !a.as_second_candidate && set(a.reservation_sent_at) },
  validateReservationForm: {
    who: BROKER,
    when: (a) => set(a.first_reservation_at) && !set(a.reservation_confirmed_at),
  },
  unvalidateReservationForm: {
    who: BROKER,
    when: (a) => set(a.first_reservation_at) && !set(a.reservation_confirmed_at),
  },
  advanceDepositReceived: {
    who: ['broker', 'notary'],
    when: (a) =>
      a.status === 0 && set(a.reservation_sent_at) && !set(a.reservation_deposit_confirmed_at) && (!a.multi_agency || a.priority === 1),
  },
  ClientSolvent: { who: ['broker', 'banker'], when: (a) => a.status === 1 && (!a.status_FIN_checked || a.solvent !== true) },
  clientNonSolvent: { who: ['broker', 'banker'], when: open('verify_solvency') },
  scheduleAgreement: { who: BROKER, when: (a) => a.status === 1 && !set(a.promise_planned_at) },
  draftActSent: { who: ['broker', 'notary'], when: open('send_draft_act') },
  agreementFundsReceived: { who: ['broker', 'notary'], when: open('confirm_promise_funds') },
  planActOfPurchase: { who: BROKER, when: (a) => a.status === 2 && !set(a.act_of_purchase_at) },
  callForFundsSent: { who: ['broker', 'notary'], when: open('send_call_for_funds') },
  actOfPurchaseSigned: { who: BROKER, when: (a) => a.status === 2 && set(a.act_of_purchase_at) },
  negotiatePrice: { who: BROKER, when: always },
  updateStatuses: { who: BROKER, when: always },
  applicationDates: { who: BROKER, when: always },
  updatePriority: { who: BROKER, when: (a) => !a.multi_agency || a.status === 0 },
  addCandidacy: { who: BROKER, when: (a) => !a.has_partner },
  detachCandidacy: { who: BROKER, when: (a) => a.has_partner },
  sendNewAccess: { who: BROKER, when: (a) => set(a.reservation_sent_at) },
  deleteApplication: { who: BROKER, when: always },
  downloadPdf: { who: ['broker', 'notary', 'banker', 'promoter'], when: always },
  history: { who: BROKER, when: always },
  addTask: { who: BROKER, when: always },
  tasksHistory: { who: ['broker', 'notary', 'banker', 'promoter'], when: always },
  comments: { who: ['broker', 'notary', 'banker', 'promoter'], when: always },
  files: { who: ['broker', 'notary', 'banker', 'architect', 'promoter'], when: always },
  editCandidate: {
    who: BROKER,
    when: (a, actor) => can(actor, 'candidacy.edit', { agency_id: a.candidacy_agency_id }),
  },
  deleteCandidate: {
    who: BROKER,
    when: (a, actor) => can(actor, 'candidacy.delete', { agency_id: a.candidacy_agency_id }),
  },
  newThread: { who: ['broker', 'notary'], when: always },
};

/**
 * The application's own actions (the menu's first column) change a sale of the main candidacy's
 * agency: a broker runs them only on his agency's applications, as he attributes lots only to
 * his agency's candidacies (docs/sales-process.md#1-tenancy-and-access-built). Admin brokers (the support users who reset a
 * priority counter, docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built) and the other roles are not bound to an agency.
 */
export const actsForApplicationAgency = (actor: Actor, application: Pick<ApplicationState, 'candidacy_agency_id'>): boolean =>
  actor.type !== 'broker' || actor.admin || actsForAgency(actor, application.candidacy_agency_id);

/** Whether the action is offered to that user on that application right now. */
export const canRunApplicationAction = (actor: Actor, action: ApplicationAction, application: ApplicationState): boolean => {
  const rule = RULES[action];
  return (
    rule.who.includes(actor.type) &&
    (APPLICATION_ACTIONS[action].column !== 1 || actsForApplicationAgency(actor, application)) &&
    rule.when(application, actor)
  );
};

/** The funnel's context menu for that user and application; architects see no first column. */
export const applicationActions = (actor: Actor, application: ApplicationState): ApplicationAction[] =>
  (Object.keys(RULES) as ApplicationAction[]).filter(
    (action) =>
      !(actor.type === 'architect' && APPLICATION_ACTIONS[action].column === 1) && canRunApplicationAction(actor, action, application),
  );

/** Who may ever run the action (the command's role list). */
export const applicationActionRoles = (action: ApplicationAction): readonly UserType[] => RULES[action].who;

/**
 * Priority 1 of an option not yet reserved, in a multi-agency promotion, carries a deadline
 * (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built); a reserved, promised or sold lot has none, so no warning and no expired text.
 */
export const priorityDeadline = (
  application: { status: number; priority: number; last_priority_change: string | Date },
  promotion: { multi_agency: boolean; reservation_timeout: number | null },
  now: Date = new Date(),
): { deadline: string | null; deadline_is_in_less_than_one_day: boolean; is_over_deadline: boolean } => {
  if (!promotion.multi_agency || application.status !== 0 || application.priority !== 1 || !promotion.reservation_timeout) {
    return { deadline: null, deadline_is_in_less_than_one_day: false, is_over_deadline: false };
  }
  const deadline = new Date(new Date(application.last_priority_change).getTime() + promotion.reservation_timeout * 86_400_000);
  const left = deadline.getTime() - now.getTime();
  return {
    deadline: deadline.toISOString(),
    deadline_is_in_less_than_one_day: left > 0 && left < 86_400_000,
    is_over_deadline: left <= 0,
  };
};

/**
 * The instants from which priorityDeadline's flags change for a deadline (ms since the epoch):
 * under one day to go from one day before it (to the millisecond after), over from the deadline
 * itself. An answer that shows the flags is the same between them (platform/clock.ts, server).
 */
export const priorityDeadlineChanges = (deadline: string | Date): number[] => {
  const at = new Date(deadline).getTime();
  return [at - 86_400_000 + 1, at];
};

/** The expired priority text of the funnel (docs/product/funnel.md#screens). */
export const EXPIRED_RESERVATION_TEXT = 'La réservation est expirée, la priorité peut-être supprimée à tout moment.';

/** A milestone text: 'Envoyé le 12/03/2026 10:00'. */
export const milestoneText = (prefix: string, at: Date | string): string => `${prefix} ${formatDateTime(at)}`;
