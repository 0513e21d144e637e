import { APPLICATIONS_API } from './applications.js';
import { ATTRIBUTION_API } from './attribution.js';
import { AUTH_API } from './auth.js';
import { BUILDINGS_API } from './buildings.js';
import { CANDIDACIES_API } from './candidacies.js';
import { CANDIDATES_API } from './candidates.js';
import { COMMANDS_API } from './commands.js';
import { CRM_API } from './crm.js';
import { DASHBOARD_API } from './dashboard.js';
import { EVENTS_API } from './events.js';
import { FAQ_API } from './faq.js';
import { FILES_API } from './files.js';
import { FILTERS_API } from './filters.js';
import { FINANCES_API } from './finances.js';
import { HOME_API } from './home.js';
import { LIBRARY_API } from './library.js';
import { LOGS_API } from './logs.js';
import { LOTS_API } from './lots.js';
import { MAILS_API } from './mails.js';
import { MARKETING_API } from './marketing.js';
import { NOTIFICATIONS_API } from './notifications.js';
import { PEOPLE_API } from './people.js';
import { PIPELINE_API } from './pipeline.js';
import { PLANNING_API } from './planning.js';
import { PRICE_GRID_API } from './price-grid.js';
import { PROGRESS_API } from './progress.js';
import { PROMOTIONS_API } from './promotions.js';
import { REFERENCE_API } from './reference.js';
import { REGISTRATION_API } from './registration.js';
import { RESERVATION_FORM_API } from './reservation-form.js';
import type { RouteInput, RouteOutput, RouteSpec } from './route.js';
import { TASKS_API } from './tasks.js';
import { THREADS_API } from './threads.js';
import { USERS_API } from './users.js';

export * from './applications.js';
export * from './attribution.js';
export * from './auth.js';
export * from './buildings.js';
export * from './candidacies.js';
export * from './candidates.js';
export * from './commands.js';
export * from './crm.js';
export * from './dashboard.js';
export * from './events.js';
export * from './faq.js';
export * from './files.js';
export * from './filters.js';
export * from './finances.js';
export * from './home.js';
export * from './library.js';
export * from './logs.js';
export * from './lots.js';
export * from './mails.js';
export * from './marketing.js';
export * from './notifications.js';
export * from './people.js';
export * from './pipeline.js';
export * from './planning.js';
export * from './price-grid.js';
export * from './progress.js';
export * from './promotions.js';
export * from './reference.js';
export * from './registration.js';
export * from './reservation-form.js';
export * from './route.js';
export * from './tasks.js';
export * from './threads.js';
export * from './users.js';

/**
 * The API catalogue (docs/architecture.md, 'The API catalogue'): every route under /api, by
 * domain. The key is the domain's French name, the OpenAPI document's tag. One file per domain,
 * named after its server module.
 */
export const API_DOMAINS = {
  Connexion: AUTH_API,
  Utilisateur: USERS_API,
  Filtres: FILTERS_API,
  Notifications: NOTIFICATIONS_API,
  'En direct': EVENTS_API,
  'E-mails': MAILS_API,
  Commandes: COMMANDS_API,
  Fichiers: FILES_API,
  Messages: THREADS_API,
  Candidatures: CANDIDACIES_API,
  Candidats: CANDIDATES_API,
  Tâches: TASKS_API,
  Historique: LOGS_API,
  Attribution: ATTRIBUTION_API,
  'Tunnel de vente': APPLICATIONS_API,
  'Formulaire de réservation': RESERVATION_FORM_API,
  'Étapes de vente': PIPELINE_API,
  Lots: LOTS_API,
  Dashboard: DASHBOARD_API,
  Inscription: REGISTRATION_API,
  Promotions: PROMOTIONS_API,
  CRM: CRM_API,
  Bâtiments: BUILDINGS_API,
  Intervenants: PEOPLE_API,
  Marketing: MARKETING_API,
  'Grille de prix': PRICE_GRID_API,
  Planning: PLANNING_API,
  Finances: FINANCES_API,
  FAQ: FAQ_API,
  Documents: LIBRARY_API,
  Progression: PROGRESS_API,
  Accueil: HOME_API,
  Plateforme: REFERENCE_API,
} as const;

type Domains = typeof API_DOMAINS;
type AllRoutes = { [Tag in keyof Domains]: Domains[Tag] }[keyof Domains];
type UnionToIntersection<U> = (U extends unknown ? (k: U) => void : never) extends (k: infer I) => void ? I : never;

/** Every route by its name; a name is unique across domains (checked below, at load). */
export type ApiCatalogue = UnionToIntersection<AllRoutes>;

const merge = () => {
  const all: Record<string, RouteSpec> = {};
  const seen = new Set<string>();
  for (const routes of Object.values(API_DOMAINS) as Record<string, RouteSpec>[]) {
    for (const [name, route] of Object.entries(routes)) {
      if (all[name]) throw new Error(`The API catalogue names two routes ${name}`);
      const key = `${route.method} ${route.path}`;
      if (seen.has(key)) throw new Error(`The API catalogue declares ${key} twice`);
      seen.add(key);
      all[name] = route;
    }
  }
  return all;
};

/** Every route by name, for whatever walks the whole catalogue (registration, OpenAPI, the suites). */
export const API_ROUTES: Readonly<Record<string, RouteSpec>> = /*#__PURE__*/ merge();

export type ApiRouteName = keyof ApiCatalogue & string;
export type ApiInput<Name extends ApiRouteName> = ApiCatalogue[Name] extends RouteSpec ? RouteInput<ApiCatalogue[Name]> : never;
export type ApiOutput<Name extends ApiRouteName> = ApiCatalogue[Name] extends RouteSpec ? RouteOutput<ApiCatalogue[Name]> : never;

/**
 * A route as the web client names it: its name, method and path, without its schemas
 * (endpoints.ts, `API`). The types of its input and answer are read from the catalogue.
 */
export type Endpoint<Name extends ApiRouteName> = { name: Name; method: ApiCatalogue[Name]['method']; path: ApiCatalogue[Name]['path'] };
export type ApiEndpoints = { [Name in ApiRouteName]: Endpoint<Name> };

/** The domain (OpenAPI tag) of each route. */
export const API_TAG_OF: Readonly<Record<string, string>> = /*#__PURE__*/ Object.fromEntries(
  Object.entries(API_DOMAINS).flatMap(([tag, routes]) => Object.keys(routes).map((name) => [name, tag])),
);
