import type { Permission } from './permissions.js';
import { type Actor, isLightInvestor, USER_TYPES, type UserType } from './roles.js';

/** The filter bar controls of docs/product/layout.md#filter-bar. */
export type FilterControl =
  | 'buildings'
  | 'floors'
  | 'rooms'
  | 'myAgency'
  | 'toKCHF'
  | 'price'
  | 'search'
  | 'reset'
  | 'broker'
  | 'showNonRetained'
  | 'onlyLateTasks';

export type RouteName =
  | 'candidate-home'
  | 'dashboard'
  | 'candidats'
  | 'lots'
  | 'candidate-lots'
  | 'attractivite'
  | 'tunnel-de-vente'
  | 'tasks'
  | 'logs'
  | 'marketing'
  | 'message'
  | 'message-one'
  | 'settings'
  | 'progression'
  | 'documents'
  | 'promotions'
  | 'planning'
  | 'finances'
  | 'faq'
  | 'candidate'
  | 'candidate-form'
  | 'promotion'
  | 'promotion.add'
  | 'mails';

export type RouteDef = {
  name: RouteName;
  path: string;
  /** null: no guard (open route). */
  roles: readonly UserType[] | null;
  /** Screen name used in the page title 'Promovente | <title>'. */
  title: string;
  layout: 'default' | 'auth';
  filters: readonly FilterControl[];
  /** Controls of `filters` shown to brokers only. */
  brokerOnlyFilters?: readonly FilterControl[];
  /** Closed to the light investor although his type may open it (docs/product/layout.md#header-menu). */
  closedToLightInvestor?: true;
  /** Open to users with the admin flag only, whatever their type. */
  adminOnly?: true;
};

const ALL = USER_TYPES;
const LOT_FILTERS = ['buildings', 'floors', 'rooms', 'myAgency', 'price', 'search', 'reset'] as const;

/** The route table of docs/product/access.md#route-table, with the filter bar controls each route shows. */
export const ROUTES: readonly RouteDef[] = [
  { name: 'candidate-home', path: '/home', roles: ['candidate', 'notary', 'investor'], title: 'Accueil', layout: 'default', filters: [] },
  {
    name: 'dashboard',
    path: '/dashboard',
    roles: ['broker', 'notary', 'promoter', 'banker', 'architect', 'pilot', 'investor'],
    title: 'Dashboard',
    layout: 'default',
    filters: ['buildings', 'floors', 'rooms', 'myAgency', 'toKCHF', 'price', 'reset'],
    // 'Dashboard hidden for candidates and light investors' (docs/product/layout.md#header-menu): hidden is closed.
    closedToLightInvestor: true,
  },
  {
    name: 'candidats',
    path: '/candidats',
    roles: ['broker'],
    title: 'Candidats',
    layout: 'default',
    filters: ['myAgency', 'search', 'broker', 'showNonRetained', 'reset'],
  },
  {
    name: 'lots',
    path: '/lots',
    roles: ['broker', 'notary', 'promoter', 'banker', 'architect'],
    title: 'Lots',
    layout: 'default',
    filters: LOT_FILTERS,
  },
  {
    name: 'candidate-lots',
    path: '/grille-des-prix',
    roles: ['candidate'],
    title: 'Grille des prix',
    layout: 'default',
    filters: ['buildings', 'floors', 'rooms', 'price', 'search', 'reset'],
  },
  { name: 'attractivite', path: '/attractivite', roles: null, title: 'Attractivité', layout: 'default', filters: [] },
  {
    name: 'tunnel-de-vente',
    path: '/tunnel-de-vente',
    roles: ['broker', 'promoter', 'notary', 'banker', 'architect'],
    title: 'Tunnel de vente',
    layout: 'default',
    filters: [...LOT_FILTERS, 'broker'],
  },
  {
    name: 'tasks',
    path: '/tasks',
    roles: ['broker', 'notary'],
    title: 'Tâches',
    layout: 'default',
    filters: ['search', 'broker', 'reset'],
    // A notary's list holds his own tasks (docs/product/tasks.md#screens): the broker filter is the brokers'.
    brokerOnlyFilters: ['broker'],
  },
  { name: 'logs', path: '/logs', roles: ['broker'], title: 'Historique', layout: 'default', filters: [] },
  // No filter bar: the campaigns table has its own search, dates and 'Réinitialiser', and the
  // campaigns read none of the bar's filters (its 'Mon agence' filtered nothing; issue 18).
  { name: 'marketing', path: '/marketing', roles: ['broker', 'promoter'], title: 'Marketing', layout: 'default', filters: [] },
  { name: 'message', path: '/messages', roles: ALL, title: 'Messages', layout: 'default', filters: [] },
  { name: 'message-one', path: '/messages/:id', roles: ALL, title: 'Messages', layout: 'default', filters: [] },
  { name: 'settings', path: '/settings', roles: ALL, title: 'Mon compte', layout: 'default', filters: [] },
  {
    name: 'progression',
    path: '/progression',
    roles: ['broker', 'promoter', 'candidate', 'architect', 'pilot', 'investor'],
    title: 'Avancement',
    layout: 'default',
    filters: [],
  },
  { name: 'documents', path: '/documents', roles: ALL, title: 'Documents', layout: 'default', filters: [] },
  { name: 'promotions', path: '/promotions', roles: ['broker'], title: 'Mes promotions', layout: 'default', filters: [] },
  { name: 'planning', path: '/planning', roles: ['broker', 'pilot', 'investor'], title: 'Planning', layout: 'default', filters: [] },
  {
    name: 'finances',
    path: '/finances',
    roles: ['broker', 'pilot', 'investor'],
    title: 'Finances',
    layout: 'default',
    filters: [],
    // 'Finances for pilot or non-light investor' (docs/product/layout.md#header-menu).
    closedToLightInvestor: true,
  },
  {
    name: 'faq',
    path: '/FAQ',
    roles: ['candidate', 'broker', 'banker', 'promoter', 'notary', 'architect'],
    title: 'FAQ',
    layout: 'default',
    filters: [],
  },
  { name: 'candidate', path: '/candidate/:id', roles: ['broker'], title: 'Candidat', layout: 'default', filters: [] },
  {
    name: 'candidate-form',
    path: '/candidate/form/:id',
    roles: ['candidate', 'broker', 'banker', 'promoter', 'notary'],
    title: 'Formulaire de réservation',
    layout: 'auth',
    filters: [],
  },
  { name: 'promotion', path: '/promotion', roles: ['broker'], title: 'Paramètres de la promotion', layout: 'default', filters: [] },
  { name: 'promotion.add', path: '/promotions/add', roles: ['broker'], title: 'Ajouter une promotion', layout: 'default', filters: [] },
  // The e-mails the product sent or kept (permission outbox.read): docs/product/mails.md.
  { name: 'mails', path: '/admin/mails', roles: ALL, title: 'E-mails', layout: 'default', filters: [], adminOnly: true },
];

/**
 * The permission of the API each screen reads first: a screen's roles and its permission's are
 * the same list, written twice because the route table cannot call the permission table while
 * it loads (the permission table reads the routes); `routes.test.ts` keeps them equal. The
 * screens without one read nothing a permission guards (messages, account, tasks of two lists).
 */
export const ROUTE_PERMISSIONS: Partial<Record<RouteName, Permission>> = {
  'candidate-home': 'home.read',
  candidats: 'candidacy.list',
  lots: 'lot.read',
  'candidate-lots': 'lot.readPriceGrid',
  'tunnel-de-vente': 'application.read',
  logs: 'logs.read',
  marketing: 'marketing.read',
  progression: 'progress.read',
  documents: 'library.read',
  promotions: 'promotion.read',
  planning: 'planning.read',
  finances: 'finances.read',
  faq: 'faq.read',
  candidate: 'candidate.list',
  'candidate-form': 'reservationForm.read',
  promotion: 'promotion.read',
  'promotion.add': 'promotion.add',
  mails: 'outbox.read',
};

/** The candidate record page of a candidate (route `candidate`, brokers), linked from the candidates screen and the funnel. */
export const candidateRecordPath = (candidateId: number) => `/candidate/${candidateId}`;

export const routeByName = (name: RouteName): RouteDef => {
  const route = ROUTES.find((r) => r.name === name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
};

/** Who a route check needs to know: the type, restricted_access for the light investor, the admin flag. */
export type RouteUser = Pick<Actor, 'type'> & Partial<Pick<Actor, 'restricted_access' | 'admin'>>;

/**
 * The guard's role check (docs/product/access.md#route-guard): no guard or an empty role list is open; a route
 * closed to the light investor refuses him. The client's guard and menu and the server's API
 * routes behind these screens (e.g. GET analytics/dashboard) all decide with it.
 */
export const canAccessRoute = (user: RouteUser | null, route: RouteDef): boolean => {
  if (!route.roles || route.roles.length === 0) return true;
  if (user === null || !route.roles.includes(user.type)) return false;
  if (route.adminOnly && !user.admin) return false;
  return !(route.closedToLightInvestor && isLightInvestor({ type: user.type, restricted_access: user.restricted_access ?? 0 }));
};

/** Home route by user type (docs/product/access.md#home-route-by-user-type). */
export const homeRouteFor = (type: UserType): RouteName =>
  type === 'candidate' || type === 'notary' || type === 'investor' ? 'candidate-home' : 'dashboard';

/** The filter bar controls the route shows to that user. */
export const filterControlsFor = (route: RouteDef, type: UserType): readonly FilterControl[] =>
  type === 'broker' ? route.filters : route.filters.filter((control) => !route.brokerOnlyFilters?.includes(control));

/** Whether one of the screens the type may open shows the filter bar's broker picker. */
export const showsBrokerFilter = (type: UserType): boolean =>
  ROUTES.some((route) => canAccessRoute({ type }, route) && filterControlsFor(route, type).includes('broker'));

export const pageTitle = (screen: string) => `Promovente | ${screen}`;

/** The reservation form's address (route candidate-form): its id is the application's public_id. */
export const reservationFormPath = (publicId: string) => `/candidate/form/${encodeURIComponent(publicId)}`;

export type MenuEntry = { route: RouteName; label: string };

/** Header menu entries by role (docs/product/layout.md#header-menu); labels are the screen names of section 1. */
export const menuFor = (actor: Pick<Actor, 'type' | 'restricted_access'>): MenuEntry[] => {
  const { type } = actor;
  // The light investor's hidden entries (Dashboard, Finances) are his closed routes: canAccessRoute.
  const rules: [boolean, MenuEntry][] = [
    // The home of candidates, notaries and investors comes first, as the screen they land on.
    [homeRouteFor(type) === 'candidate-home', { route: 'candidate-home', label: 'Accueil' }],
    [type !== 'candidate', { route: 'dashboard', label: 'Dashboard' }],
    [type === 'broker', { route: 'candidats', label: 'Candidats' }],
    [!['candidate', 'pilot', 'investor'].includes(type), { route: 'lots', label: 'Lots' }],
    [type === 'candidate', { route: 'candidate-lots', label: 'Grille des prix' }],
    [!['candidate', 'pilot', 'investor'].includes(type), { route: 'tunnel-de-vente', label: 'Tunnel de vente' }],
    // Brokers and notaries reach their task list from the menu (with the count of their late tasks).
    [type === 'broker' || type === 'notary', { route: 'tasks', label: 'Tâches' }],
    [type === 'broker' || type === 'promoter', { route: 'marketing', label: 'Marketing' }],
    [type !== 'notary' && type !== 'banker', { route: 'progression', label: 'Avancement' }],
    [true, { route: 'documents', label: 'Documents' }],
    [type === 'pilot' || type === 'investor', { route: 'planning', label: 'Planning' }],
    [type === 'pilot' || type === 'investor', { route: 'finances', label: 'Finances' }],
    [true, { route: 'message', label: 'Messages' }],
    [type !== 'pilot' && type !== 'investor', { route: 'faq', label: 'FAQ' }],
  ];
  // A menu entry is only ever offered for a route the role may open.
  return rules.filter(([shown, entry]) => shown && canAccessRoute(actor, routeByName(entry.route))).map(([, entry]) => entry);
};

/**
 * Profile menu entries (docs/product/layout.md#profile-menu). 'Mes promotions' (brokers) sits with
 * the promotion's settings: the spec lists it as a screen but in no menu.
 */
export const profileMenuFor = (actor: Pick<Actor, 'type' | 'admin'>): MenuEntry[] => [
  { route: 'settings', label: 'Mon compte' },
  ...(actor.type === 'broker'
    ? [
        { route: 'promotions' as const, label: 'Mes promotions' },
        { route: 'promotion' as const, label: 'Paramètres de la promotion' },
      ]
    : []),
  ...(actor.admin && actor.type === 'broker' ? [{ route: 'promotion.add' as const, label: 'Ajouter une promotion' }] : []),
  ...(actor.admin ? [{ route: 'mails' as const, label: 'E-mails' }] : []),
];
