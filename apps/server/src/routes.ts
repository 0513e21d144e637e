import { APPLICATIONS_HANDLERS, APPLICATIONS_READS } from './modules/applications/applications.routes.js';
import { ATTRIBUTION_HANDLERS } from './modules/attribution/attribution.routes.js';
import { AUTH_HANDLERS } from './modules/auth/auth.routes.js';
import { BUILDINGS_HANDLERS, BUILDINGS_READS } from './modules/buildings/buildings.routes.js';
import { CANDIDACIES_HANDLERS, CANDIDACIES_READS } from './modules/candidacies/candidacies.routes.js';
import { CANDIDATES_HANDLERS, CANDIDATES_READS } from './modules/candidates/candidates.routes.js';
import { COMMANDS_HANDLERS } from './modules/commands/commands.routes.js';
import { CRM_HANDLERS } from './modules/crm/crm.routes.js';
import { DASHBOARD_HANDLERS, DASHBOARD_READS } from './modules/dashboard/dashboard.routes.js';
import { EVENTS_HANDLERS } from './modules/events/events.routes.js';
import { FAQ_HANDLERS, FAQ_READS } from './modules/faq/faq.routes.js';
import { FILES_HANDLERS } from './modules/files/files.routes.js';
import { FILTERS_HANDLERS, FILTERS_READS } from './modules/filters/filters.routes.js';
import { FINANCES_HANDLERS } from './modules/finances/finances.routes.js';
import { HOME_HANDLERS, HOME_READS } from './modules/home/home.routes.js';
import { LIBRARY_HANDLERS, LIBRARY_READS } from './modules/library/library.routes.js';
import { LOGS_HANDLERS, LOGS_READS } from './modules/logs/logs.routes.js';
import { LOTS_HANDLERS, LOTS_READS } from './modules/lots/lots.routes.js';
import { MAILS_HANDLERS } from './modules/mails/mails.routes.js';
import { MARKETING_HANDLERS, MARKETING_READS } from './modules/marketing/marketing.routes.js';
import { NOTIFICATIONS_HANDLERS, NOTIFICATIONS_READS } from './modules/notifications/notifications.routes.js';
import { PEOPLE_HANDLERS, PEOPLE_READS } from './modules/people/people.routes.js';
import { PIPELINE_HANDLERS } from './modules/pipeline/pipeline.routes.js';
import { PLANNING_HANDLERS, PLANNING_READS } from './modules/planning/planning.routes.js';
import { PRICE_GRID_HANDLERS } from './modules/price-grid/price-grid.routes.js';
import { PROGRESS_HANDLERS, PROGRESS_READS } from './modules/progress/progress.routes.js';
import { PROMOTIONS_HANDLERS, PROMOTIONS_READS } from './modules/promotions/promotions.routes.js';
import { REFERENCE_HANDLERS } from './modules/reference/reference.routes.js';
import { REGISTRATION_HANDLERS } from './modules/registration/registration.routes.js';
import { RESERVATION_FORM_HANDLERS } from './modules/reservation-form/reservation-form.routes.js';
import { TASKS_HANDLERS, TASKS_READS } from './modules/tasks/tasks.routes.js';
import { THREADS_HANDLERS, THREADS_READS } from './modules/threads/threads.routes.js';
import { USERS_HANDLERS, USERS_READS } from './modules/users/users.routes.js';
import type { AnswerReads } from './platform/answer-reads.js';
import type { RouteHandlers } from './platform/routes.js';

/**
 * The composition root of the API (docs/architecture.md, 'The API catalogue'): every module's
 * handlers, one per catalogued route. A catalogued route without its handler does not compile.
 */
export const ROUTE_HANDLERS = {
  ...AUTH_HANDLERS,
  ...USERS_HANDLERS,
  ...FILTERS_HANDLERS,
  ...NOTIFICATIONS_HANDLERS,
  ...EVENTS_HANDLERS,
  ...MAILS_HANDLERS,
  ...COMMANDS_HANDLERS,
  ...FILES_HANDLERS,
  ...THREADS_HANDLERS,
  ...CANDIDACIES_HANDLERS,
  ...CANDIDATES_HANDLERS,
  ...TASKS_HANDLERS,
  ...LOGS_HANDLERS,
  ...ATTRIBUTION_HANDLERS,
  ...APPLICATIONS_HANDLERS,
  ...RESERVATION_FORM_HANDLERS,
  ...PIPELINE_HANDLERS,
  ...LOTS_HANDLERS,
  ...DASHBOARD_HANDLERS,
  ...REGISTRATION_HANDLERS,
  ...PROMOTIONS_HANDLERS,
  ...CRM_HANDLERS,
  ...BUILDINGS_HANDLERS,
  ...PEOPLE_HANDLERS,
  ...MARKETING_HANDLERS,
  ...PRICE_GRID_HANDLERS,
  ...PLANNING_HANDLERS,
  ...FINANCES_HANDLERS,
  ...FAQ_HANDLERS,
  ...LIBRARY_HANDLERS,
  ...PROGRESS_HANDLERS,
  ...HOME_HANDLERS,
  ...REFERENCE_HANDLERS,
} satisfies RouteHandlers;

/** The tables every cached route reads, whose versions key its answers (platform/answer-reads.ts). */
export const ANSWER_READS = {
  ...NOTIFICATIONS_READS,
  ...PEOPLE_READS,
  ...PROGRESS_READS,
  ...HOME_READS,
  ...THREADS_READS,
  ...PROMOTIONS_READS,
  ...MARKETING_READS,
  ...LIBRARY_READS,
  ...FAQ_READS,
  ...USERS_READS,
  ...TASKS_READS,
  ...PLANNING_READS,
  ...FILTERS_READS,
  ...APPLICATIONS_READS,
  ...CANDIDATES_READS,
  ...LOGS_READS,
  ...DASHBOARD_READS,
  ...LOTS_READS,
  ...CANDIDACIES_READS,
  ...BUILDINGS_READS,
} satisfies AnswerReads;
