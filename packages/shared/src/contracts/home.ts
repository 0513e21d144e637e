import { z } from 'zod';
import { MILESTONE_LABELS, MILESTONES, type Milestone } from '../pipeline.js';
import { reservationFormPath } from '../routes.js';
import { APPLICATION_STATUS_LABELS } from '../statuses.js';
import { DASHBOARD_CARDS, type DashboardCardKey, type DashboardStatusCard } from './dashboard.js';
import { photoSchema } from './progress.js';

/**
 * The home page of candidates, notaries and investors (docs/product/home.md): the promotion
 * header, the broker card, the brochure card, the carousel of the albums marked for the home
 * page, and what each reader came for first.
 */
export const HOME_MESSAGES = {
  title: 'Accueil',
  brokerTitle: 'Votre courtier',
  /** The broker card of notaries and investors: the promotion's main broker, who is not theirs. */
  mainBrokerTitle: 'Courtier principal',
  brochureTitle: 'Brochure',
  brochureOpen: 'Ouvrir la brochure',
  noBrochure: "La brochure n'est pas encore disponible.",
  noBroker: "Aucun courtier n'est encore désigné.",
  carouselTitle: 'Avancement du chantier',
  noSlides: "Aucune photo n'est encore publiée.",
  progressTitle: 'Mon dossier',
  noApplication: "Vous n'avez pas encore de dossier de vente : votre courtier vous contactera.",
  nextStep: 'Prochaine étape',
  reservationFormOpen: 'Remplir le formulaire de réservation',
  reservationFormEdit: 'Modifier le formulaire de réservation',
  /** The next step once the candidate filled the form, until his broker validates it. */
  formAwaitingValidation: 'Validation du formulaire de réservation par votre courtier',
  tasksTitle: 'Mes actions en cours',
  noTasks: 'Aucune action en cours.',
  signingsTitle: 'Prochaines signatures',
  noSignings: 'Aucune signature prévue.',
  figuresTitle: 'Ventes',
  allDone: 'Toutes les étapes sont franchies.',
} as const;

/** The broker card's title: the candidate's own broker (or the main one standing in), the main broker for the others. */
export const homeBrokerTitle = (readerType: string) =>
  readerType === 'candidate' ? HOME_MESSAGES.brokerTitle : HOME_MESSAGES.mainBrokerTitle;

export const homeBrokerSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  profile_picture: z.string().nullable(),
  /** Whether he is the candidate's own broker (else the promotion's main broker). */
  own: z.boolean(),
});
export type HomeBroker = z.infer<typeof homeBrokerSchema>;

/**
 * Where the reservation form stands (docs/product/reservation-form.md#reservation-lifecycle): not
 * sent yet, sent and waiting for the candidate, filled and waiting for the broker, confirmed.
 */
export const RESERVATION_FORM_STAGES = ['not_sent', 'sent', 'filled', 'confirmed'] as const;
export type ReservationFormStage = (typeof RESERVATION_FORM_STAGES)[number];

/** One milestone of the candidate's application (FR, AC, FIN, SIGN PdV, SIGN) and its text. */
export const homeMilestoneSchema = z.object({ key: z.string(), label: z.string(), done: z.boolean(), text: z.string().nullable() });
export type HomeMilestone = z.infer<typeof homeMilestoneSchema>;

export const homeApplicationProgressSchema = z.object({
  id: z.number(),
  lot: z.string(),
  status: z.number(),
  status_text: z.string(),
  milestones: z.array(homeMilestoneSchema),
  /** The next step and its planned date (ISO instant), null when every milestone is done. */
  next_step: z.object({ label: z.string(), date: z.string().nullable() }).nullable(),
  /** The reservation form's address while the candidate may fill it, else null. */
  reservation_form_path: z.string().nullable(),
  reservation_form_state: z.enum(RESERVATION_FORM_STAGES),
});
export type HomeApplicationProgress = z.infer<typeof homeApplicationProgressSchema>;

export const homeTaskSchema = z.object({ id: z.number(), title: z.string(), end_at: z.string(), candidate: z.string().nullable() });
export type HomeTask = z.infer<typeof homeTaskSchema>;
export const homeSigningSchema = z.object({
  application_id: z.number(),
  kind: z.enum(['promise', 'act']),
  date: z.string(),
  lot: z.string(),
  candidate: z.string(),
});
export type HomeSigning = z.infer<typeof homeSigningSchema>;

/** A status card of the dashboard (its own module's type), as the investor's home shows it. */
const homeStatusCardSchema: z.ZodType<DashboardStatusCard> = z.object({
  key: z.enum(DASHBOARD_CARDS.map((card) => card.key) as [DashboardCardKey, ...DashboardCardKey[]]),
  status: z.number(),
  label: z.string(),
  /** Share of the filtered main lots, in percent with one decimal. */
  percentage: z.number(),
  count: z.number(),
  amount: z.number(),
});

export const homeDataSchema = z.object({
  promotion: z.object({ id: z.number(), title: z.string(), logo: z.string().nullable() }),
  broker: homeBrokerSchema.nullable(),
  brochure: z.object({ name: z.string(), url: z.string() }).nullable(),
  slides: z.array(photoSchema),
  /** The candidate's applications, null for the others. */
  applications: z.array(homeApplicationProgressSchema).nullable(),
  /** The notary's open tasks (the five next) and the promotion's coming signings, null for the others. */
  notary: z.object({ tasks: z.array(homeTaskSchema), tasks_total: z.number(), signings: z.array(homeSigningSchema) }).nullable(),
  /** The four status cards of the dashboard, for investors; null for the others. */
  status_cards: z.array(homeStatusCardSchema).nullable(),
});
export type HomeData = z.infer<typeof homeDataSchema>;

/** What each milestone means to a buyer (docs/product/home.md#fields). */
export const MILESTONE_STEPS: Record<Milestone, string> = {
  FR: 'Formulaire de réservation',
  AC: 'Acompte de réservation',
  FIN: 'Financement',
  SIGNPDV: 'Signature de la promesse de vente',
  SIGN: "Signature de l'acte de vente",
};

/** An application as the home reads it: its milestones' flags and texts, and the dates the process planned. */
export type ApplicationProgressState = {
  id: number;
  public_id: string;
  lot: string;
  status: number;
  checked: Record<Milestone, boolean>;
  texts: Record<Milestone, string | null>;
  reservation_sent_at: string | null;
  /** When the form was first filled (by the candidate or his broker). */
  first_reservation_at: string | null;
  reservation_confirmed_at: string | null;
  promise_planned_at: string | null;
  act_of_purchase_at: string | null;
};

/** The form's state from the application's dates: confirmed wins, then filled, then sent. */
export const reservationFormStageOf = (
  state: Pick<ApplicationProgressState, 'reservation_sent_at' | 'first_reservation_at' | 'reservation_confirmed_at'>,
): ReservationFormStage => {
  if (state.reservation_confirmed_at !== null) return 'confirmed';
  if (state.first_reservation_at !== null) return 'filled';
  return state.reservation_sent_at !== null ? 'sent' : 'not_sent';
};

/**
 * The candidate's progress (docs/product/home.md#states): the five milestones in the funnel's
 * order, the first one not reached as the next step (with the date the process planned for the
 * two signatures), and the reservation form's link from its sending until its validation. The
 * form's step follows the form itself: once filled, the next step is the broker's validation;
 * once confirmed, the form is behind.
 */
export const applicationProgressOf = (state: ApplicationProgressState): HomeApplicationProgress => {
  const form = reservationFormStageOf(state);
  const next = MILESTONES.find((m) => !(state.checked[m] || (m === 'FR' && form === 'confirmed'))) ?? null;
  const plannedDate = next === 'SIGNPDV' ? state.promise_planned_at : next === 'SIGN' ? state.act_of_purchase_at : null;
  const formOpen = form === 'sent' || form === 'filled';
  const nextLabel =
    next === 'FR' && form === 'filled' ? HOME_MESSAGES.formAwaitingValidation : next === null ? null : MILESTONE_STEPS[next];
  return {
    id: state.id,
    lot: state.lot,
    status: state.status,
    status_text: APPLICATION_STATUS_LABELS[state.status] ?? '',
    milestones: MILESTONES.map((m) => ({
      key: MILESTONE_LABELS[m],
      label: MILESTONE_STEPS[m],
      done: state.checked[m],
      text: state.texts[m],
    })),
    next_step: nextLabel === null ? null : { label: nextLabel, date: plannedDate },
    reservation_form_path: formOpen ? reservationFormPath(state.public_id) : null,
    reservation_form_state: form,
  };
};
