import { MILESTONE_LABELS, MILESTONES, type Milestone } from '../pipeline.js';
import { reservationFormPath } from '../routes.js';
import { APPLICATION_STATUS_LABELS } from '../statuses.js';
import type { DashboardStatusCard } from './dashboard.js';
import type { Photo } from './progress.js';

/**
 * The home page of candidates, notaries and investors (docs/product/home.md): the promotion
 * header, the broker card, the brochure card, the carousel of the albums marked for the home
 * page, and what each reader came for first.
 */
export const HOME_MESSAGES = {
  title: 'Accueil',
  brokerTitle: 'Votre courtier',
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
  tasksTitle: 'Mes actions en cours',
  noTasks: 'Aucune action en cours.',
  signingsTitle: 'Prochaines signatures',
  noSignings: 'Aucune signature prévue.',
  figuresTitle: 'Ventes',
  allDone: 'Toutes les étapes sont franchies.',
} as const;

export type HomeBroker = {
  id: number;
  full_name: string;
  email: string;
  phone: string | null;
  profile_picture: string | null;
  /** Whether he is the candidate's own broker (else the promotion's main broker). */
  own: boolean;
};

/** One milestone of the candidate's application (FR, AC, FIN, SIGN PdV, SIGN) and its text. */
export type HomeMilestone = { key: string; label: string; done: boolean; text: string | null };

export type HomeApplicationProgress = {
  id: number;
  lot: string;
  status: number;
  status_text: string;
  milestones: HomeMilestone[];
  /** The next step and its planned date (ISO instant), null when every milestone is done. */
  next_step: { label: string; date: string | null } | null;
  /** The reservation form's address while the candidate may fill it, else null. */
  reservation_form_path: string | null;
};

export type HomeTask = { id: number; title: string; end_at: string; candidate: string | null };
export type HomeSigning = { application_id: number; kind: 'promise' | 'act'; date: string; lot: string; candidate: string };

export type HomeData = {
  promotion: { id: number; title: string; logo: string | null };
  broker: HomeBroker | null;
  brochure: { name: string; url: string } | null;
  slides: Photo[];
  /** The candidate's applications, null for the others. */
  applications: HomeApplicationProgress[] | null;
  /** The notary's open tasks (the five next) and the promotion's coming signings, null for the others. */
  notary: { tasks: HomeTask[]; tasks_total: number; signings: HomeSigning[] } | null;
  /** The four status cards of the dashboard, for investors; null for the others. */
  status_cards: DashboardStatusCard[] | null;
};

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
  reservation_confirmed_at: string | null;
  promise_planned_at: string | null;
  act_of_purchase_at: string | null;
};

/**
 * The candidate's progress (docs/product/home.md#rules): the five milestones in the funnel's
 * order, the first one not reached as the next step (with the date the process planned for the
 * two signatures), and the reservation form's link from its sending until its validation.
 */
export const applicationProgressOf = (state: ApplicationProgressState): HomeApplicationProgress => {
  const next = MILESTONES.find((m) => !state.checked[m]) ?? null;
  const plannedDate = next === 'SIGNPDV' ? state.promise_planned_at : next === 'SIGN' ? state.act_of_purchase_at : null;
  const formOpen = state.reservation_sent_at !== null && state.reservation_confirmed_at === null;
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
    next_step: next === null ? null : { label: MILESTONE_STEPS[next], date: plannedDate },
    reservation_form_path: formOpen ? reservationFormPath(state.public_id) : null,
  };
};
