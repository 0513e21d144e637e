import { type ApplicationRow, fromSwissTime, HAND_EDITABLE_MILESTONES, type Milestone } from '@promovente/shared';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ApplicationCommand } from '../../api/commands';

/**
 * The pure rules of the funnel's modals (docs/product/validation.md#sales-pipeline-forms): the default e-mail texts, the
 * pickers read in Swiss time (Europe/Zurich), the text the server receives, the priority modal's choices.
 */

// ---------------------------------------------------------------------------------------------
// Dates and times

const pad = (n: number) => String(n).padStart(2, '0');

/** The time pickers move in 15-minute steps (docs/product/constants.md#timing): '00:00', '00:15', ... '23:45'. */
export const QUARTER_HOURS: readonly string[] = Array.from({ length: 96 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);

/** The pickers' default time (docs/product/constants.md#timing). */
export const DEFAULT_TIME = '10:00';

/**
 * The instant a date (yyyy-MM-dd) and a time (HH:mm) picked in Swiss time mean (UTC+1 in
 * winter, UTC+2 in summer), as ISO 8601 — what
 * the scheduleAgreement and planActOfPurchase commands receive. '' when the date is missing, the
 * raw text when it is not a date (the shared schema then says which).
 */
export const swissTimeIso = (date: string, time: string): string => {
  if (!date.trim()) return '';
  const at = fromSwissTime(date.trim(), time || DEFAULT_TIME);
  return Number.isNaN(at.getTime()) ? `${date}T${time}` : at.toISOString();
};

// ---------------------------------------------------------------------------------------------
// E-mail texts

/**
 * The text as the server receives it: Windows and old Mac line breaks become '\n' (the server
 * escapes the text and turns each '\n' into <br>), trailing spaces go, blank lines between
 * paragraphs stay.
 */
export const normalizeLines = (text: string): string =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .replace(/^\n+|\n+$/g, '');

/** Whether a subject or a body holds something other than spaces (the submit stays disabled otherwise). */
export const isFilled = (text: string | null | undefined): boolean => Boolean(text?.trim());

/** The extra recipients typed in one field, separated by commas, semicolons, spaces or lines. */
export const parseEmails = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

/** 'Jean Dupont' or 'Jean Dupont et Marie Martin'. */
export const candidateNames = (application: Pick<ApplicationRow, 'candidacy1' | 'candidacy2'>): string =>
  [application.candidacy1.candidate.full_name, application.candidacy2?.candidate.full_name].filter(Boolean).join(' et ');

/** 'Les Terrasses – lot A12', or 'lot A12' when the promotion is unknown. */
const lotOf = (promotionTitle: string | null | undefined, reference: string) =>
  promotionTitle?.trim() ? `${promotionTitle.trim()} – lot ${reference}` : `lot ${reference}`;

const signature = (brokerName: string | null | undefined) =>
  brokerName?.trim() ? `Meilleures salutations,\n${brokerName.trim()}` : 'Meilleures salutations';

type TextContext = {
  application: Pick<ApplicationRow, 'candidacy1' | 'candidacy2' | 'lot'>;
  promotionTitle: string | null | undefined;
  brokerName?: string | null;
};

/** The reservation e-mail's default subject holds the promotion title and the lot reference (docs/product/validation.md#sales-pipeline-forms). */
export const reservationFormSubject = (promotionTitle: string | null | undefined, reference: string): string =>
  `Formulaire de réservation – ${lotOf(promotionTitle, reference)}`;

export const reservationFormBody = ({ application, promotionTitle, brokerName }: TextContext): string =>
  [
    `Bonjour ${candidateNames(application)},`,
    '',
    `Merci de votre intérêt pour le lot ${application.lot.reference}${promotionTitle?.trim() ? ` de la promotion ${promotionTitle.trim()}` : ''}.`,
    'Nous vous invitons à remplir le formulaire de réservation en ligne : le lien et vos accès se trouvent dans ce message.',
    '',
    signature(brokerName),
  ].join('\n');

/** Notify incomplete (docs/product/reservation-form.md#reservation-lifecycle): the candidate is asked to complete his form. */
export const incompleteSubject = (promotionTitle: string | null | undefined, reference: string): string =>
  `Formulaire de réservation incomplet – ${lotOf(promotionTitle, reference)}`;

export const incompleteBody = ({ application, promotionTitle, brokerName }: TextContext): string =>
  [
    `Bonjour ${candidateNames(application)},`,
    '',
    `Votre formulaire de réservation pour le lot ${application.lot.reference}${promotionTitle?.trim() ? ` de la promotion ${promotionTitle.trim()}` : ''} est incomplet.`,
    'Merci de le compléter depuis votre espace client.',
    '',
    signature(brokerName),
  ].join('\n');

/** Plan act of purchase: the e-mail to the notary and the candidates. */
export const actOfPurchaseSubject = (promotionTitle: string | null | undefined, reference: string): string =>
  `Signature de l'acte de vente – ${lotOf(promotionTitle, reference)}`;

export const actOfPurchaseBody = ({ application, promotionTitle, brokerName }: TextContext): string =>
  [
    'Bonjour,',
    '',
    `La signature de l'acte de vente du lot ${application.lot.reference}${promotionTitle?.trim() ? ` de la promotion ${promotionTitle.trim()}` : ''} (${candidateNames(application)}) est planifiée.`,
    '',
    signature(brokerName),
  ].join('\n');

// ---------------------------------------------------------------------------------------------
// Priority (docs/product/positions.md#priority-modal)

export type PriorityCommand = Extract<ApplicationCommand, 'goToBestAvailablePriority' | 'goToLatestPriority' | 'UpdateLastPriorityChange'>;

/**
 * The priority modal: in a multi-agency promotion, the buttons the position allows — go to the
 * best free position (priority 9 and the lot has one), release the place (not 9), reset the
 * counter (priority 1, for who may: `application.resetPriorityCounter`); elsewhere a required
 * select of 1, 2, 3, 9.
 */
export const priorityChoices = (
  application: { priority: number; lot: { best_available_priority: number | null } },
  multiAgency: boolean,
  resetsPriorityCounter: boolean,
): { kind: 'select' } | { kind: 'buttons'; commands: PriorityCommand[] } => {
  if (!multiAgency) return { kind: 'select' };
  const commands: PriorityCommand[] = [];
  if (application.priority === 9 && application.lot.best_available_priority !== null) commands.push('goToBestAvailablePriority');
  if (application.priority !== 9) commands.push('goToLatestPriority');
  if (application.priority === 1 && resetsPriorityCounter) commands.push('UpdateLastPriorityChange');
  return { kind: 'buttons', commands };
};

// ---------------------------------------------------------------------------------------------
// Update statuses (docs/product/funnel.md#milestones)

type MilestoneTexts = Partial<Record<`status_${Milestone}`, string | null>>;

/** Whether the milestone's text may be edited by hand: SIGNPDV and SIGN while not checked; FR, AC, FIN never. */
export const isMilestoneEditable = (
  application: Pick<ApplicationRow, 'status_SIGNPDV_checked' | 'status_SIGN_checked'>,
  milestone: Milestone,
): boolean => {
  if (!HAND_EDITABLE_MILESTONES.includes(milestone)) return false;
  return milestone === 'SIGNPDV' ? !application.status_SIGNPDV_checked : !application.status_SIGN_checked;
};

/** The editable texts that changed, trimmed ('' clears the text): what updateApplication receives. */
export const changedMilestones = (
  application: Pick<ApplicationRow, 'status_SIGNPDV' | 'status_SIGNPDV_checked' | 'status_SIGN' | 'status_SIGN_checked'>,
  values: { status_SIGNPDV: string; status_SIGN: string },
): MilestoneTexts => {
  const changes: MilestoneTexts = {};
  for (const milestone of ['SIGNPDV', 'SIGN'] as const) {
    if (!isMilestoneEditable(application, milestone)) continue;
    const key = `status_${milestone}` as const;
    const next = values[key].trim() || null;
    if (next !== (application[key]?.trim() || null)) changes[key] = next;
  }
  return changes;
};

// ---------------------------------------------------------------------------------------------
// Application dates

/** The eight dates of an application, in the order of the process, with their French labels. */
export const APPLICATION_DATE_LABELS = [
  ['reservation_sent_at', 'Formulaire de réservation envoyé'],
  ['first_reservation_at', 'Formulaire de réservation rempli'],
  ['reservation_confirmed_at', 'Réservation validée'],
  ['reservation_deposit_confirmed_at', 'Acompte de réservation reçu'],
  ['promise_planned_at', 'Signature de la promesse prévue'],
  ['promise_signed_at', 'Promesse signée'],
  ['act_of_purchase_at', "Signature de l'acte prévue"],
  ['act_of_purchase_signed_at', 'Acte signé'],
] as const satisfies readonly (readonly [keyof ApplicationRow, string])[];

// ---------------------------------------------------------------------------------------------
// Forms validated by the command's shared schema

type SafeParser<Out> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: Out } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * A react-hook-form resolver that builds the command's payload from the form and validates it
 * with the command's shared schema, so the modal refuses exactly what the server refuses. The
 * submit handler receives the parsed payload. An error on a payload field shows on the form
 * field `fieldOf` names (the same name by default); the first message per field wins.
 */
export const commandResolver =
  <Form extends FieldValues, Out>(
    schema: SafeParser<Out>,
    toPayload: (values: Form) => unknown,
    fieldOf: Partial<Record<string, keyof Form & string>> = {},
  ): Resolver<Form, unknown, Out> =>
  async (values) => {
    const result = schema.safeParse(toPayload(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const head = issue.path.length > 0 ? String(issue.path[0]) : 'root';
      const key = fieldOf[head] ?? head;
      if (!errors[key]) errors[key] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Form> };
  };
