import { describe, expect, it } from 'vitest';
import { can, rolesWith } from './permissions.js';
import type { Actor, UserType } from './roles.js';
import { USER_TYPES } from './roles.js';
import {
  canAccessRoute,
  filterControlsFor,
  homeRouteFor,
  menuFor,
  pageTitle,
  profileMenuFor,
  ROUTE_PERMISSIONS,
  ROUTES,
  routeByName,
} from './routes.js';

const actor = (type: UserType, extra: Partial<Actor> = {}): Actor => ({
  id: 1,
  type,
  admin: false,
  restricted_access: 0,
  agency_id: null,
  ...extra,
});
const labels = (a: Actor) => menuFor(a).map((e) => e.label);

describe('route table (docs/product/access.md#route-table)', () => {
  it("gives each screen the roles of its API's permission (one list, checked, not two that drift)", () => {
    const sorted = (types: readonly UserType[]) => [...types].sort();
    for (const [name, permission] of Object.entries(ROUTE_PERMISSIONS)) {
      const route = routeByName(name as keyof typeof ROUTE_PERMISSIONS);
      // An admin screen: the types an admin of each type would be granted, and the admin flag.
      const admins = USER_TYPES.filter((type) => can({ type, admin: true }, permission));
      expect(sorted(route.roles ?? []), name).toEqual(sorted(rolesWith(permission).length > 0 ? rolesWith(permission) : admins));
      if (route.adminOnly) expect(rolesWith(permission), name).toEqual([]);
    }
  });

  it.each([
    ['dashboard', ['broker', 'notary', 'promoter', 'banker', 'architect', 'pilot', 'investor']],
    ['candidats', ['broker']],
    ['lots', ['broker', 'notary', 'promoter', 'banker', 'architect']],
    ['candidate-lots', ['candidate']],
    ['tunnel-de-vente', ['broker', 'promoter', 'notary', 'banker', 'architect']],
    ['tasks', ['broker', 'notary']],
    ['logs', ['broker']],
    ['marketing', ['broker', 'promoter']],
    ['progression', ['broker', 'promoter', 'candidate', 'architect', 'pilot', 'investor']],
    ['planning', ['broker', 'pilot', 'investor']],
    ['finances', ['broker', 'pilot', 'investor']],
    ['faq', ['candidate', 'broker', 'banker', 'promoter', 'notary', 'architect']],
    ['candidate-form', ['candidate', 'broker', 'banker', 'promoter', 'notary']],
    ['candidate-home', ['candidate', 'notary', 'investor']],
  ] as const)('%s opens to exactly %j', (name, allowed) => {
    const route = routeByName(name);
    expect(USER_TYPES.filter((type) => canAccessRoute({ type }, route))).toEqual(
      USER_TYPES.filter((t) => (allowed as readonly string[]).includes(t)),
    );
  });

  it('opens messages, settings and documents to all eight roles', () => {
    for (const name of ['message', 'message-one', 'settings', 'documents'] as const) {
      expect(USER_TYPES.every((type) => canAccessRoute({ type }, routeByName(name)))).toBe(true);
    }
  });

  it('leaves /attractivite without guard, even signed out', () => {
    expect(canAccessRoute(null, routeByName('attractivite'))).toBe(true);
    expect(canAccessRoute(null, routeByName('dashboard'))).toBe(false);
  });

  it('gives each route a unique path and a page title', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(pageTitle(routeByName('tunnel-de-vente').title)).toBe('Promovente | Tunnel de vente');
  });

  it('opens the reservation form in the authentication layout', () => {
    expect(routeByName('candidate-form').layout).toBe('auth');
  });

  it('shows the non-retained checkbox but no price slider nor lot filters on /candidats', () => {
    const filters = routeByName('candidats').filters;
    expect(filters).toContain('showNonRetained');
    expect(filters).not.toContain('price');
    expect(filters).not.toContain('buildings');
    expect(routeByName('dashboard').filters).toContain('toKCHF');
    expect(routeByName('dashboard').filters).not.toContain('search');
    expect(routeByName('candidate-home').filters).toEqual([]);
  });

  it("gives Marketing no filter bar: one 'Réinitialiser', the campaigns table's own", () => {
    expect(routeByName('marketing').filters).toEqual([]);
    expect(filterControlsFor(routeByName('marketing'), 'broker')).toEqual([]);
  });
});

describe('home route by user type (docs/product/access.md#home-route-by-user-type)', () => {
  it.each([
    ['candidate', 'candidate-home'],
    ['notary', 'candidate-home'],
    ['investor', 'candidate-home'],
    ['broker', 'dashboard'],
    ['promoter', 'dashboard'],
    ['banker', 'dashboard'],
    ['architect', 'dashboard'],
    ['pilot', 'dashboard'],
  ] as const)('%s lands on %s', (type, home) => {
    expect(homeRouteFor(type)).toBe(home);
  });
});

describe('header menu by role (docs/product/layout.md#header-menu)', () => {
  it.each([
    ['broker', ['Dashboard', 'Candidats', 'Lots', 'Tunnel de vente', 'Tâches', 'Marketing', 'Avancement', 'Documents', 'Messages', 'FAQ']],
    ['promoter', ['Dashboard', 'Lots', 'Tunnel de vente', 'Marketing', 'Avancement', 'Documents', 'Messages', 'FAQ']],
    ['banker', ['Dashboard', 'Lots', 'Tunnel de vente', 'Documents', 'Messages', 'FAQ']],
    ['architect', ['Dashboard', 'Lots', 'Tunnel de vente', 'Avancement', 'Documents', 'Messages', 'FAQ']],
    ['notary', ['Accueil', 'Dashboard', 'Lots', 'Tunnel de vente', 'Tâches', 'Documents', 'Messages', 'FAQ']],
    ['candidate', ['Accueil', 'Grille des prix', 'Avancement', 'Documents', 'Messages', 'FAQ']],
    ['pilot', ['Dashboard', 'Avancement', 'Documents', 'Planning', 'Finances', 'Messages']],
    ['investor', ['Accueil', 'Dashboard', 'Avancement', 'Documents', 'Planning', 'Finances', 'Messages']],
  ] as const)('%s sees %j', (type, expected) => {
    expect(labels(actor(type))).toEqual(expected);
  });

  it('hides Dashboard and Finances from a light investor (restricted_access 1)', () => {
    expect(labels(actor('investor', { restricted_access: 1 }))).toEqual(['Accueil', 'Avancement', 'Documents', 'Planning', 'Messages']);
  });

  it('closes the routes it hides from the light investor, and only to him (docs/product/layout.md#header-menu)', () => {
    const light = actor('investor', { restricted_access: 1 });
    expect(ROUTES.filter((route) => !canAccessRoute(light, route) && canAccessRoute(actor('investor'), route)).map((r) => r.name)).toEqual([
      'dashboard',
      'finances',
    ]);
    // restricted_access means nothing to other types.
    expect(canAccessRoute(actor('pilot', { restricted_access: 1 }), routeByName('finances'))).toBe(true);
  });

  it("offers 'Accueil' to every role whose home it is, first: candidates, notaries and investors", () => {
    expect(USER_TYPES.filter((type) => menuFor(actor(type))[0]?.route === 'candidate-home')).toEqual(
      USER_TYPES.filter((type) => homeRouteFor(type) === 'candidate-home'),
    );
    expect(labels(actor('candidate'))[0]).toBe('Accueil');
  });

  it('offers the tasks screen to every role that may open it, brokers and notaries', () => {
    expect(USER_TYPES.filter((type) => menuFor(actor(type)).some((e) => e.route === 'tasks'))).toEqual(
      USER_TYPES.filter((type) => canAccessRoute({ type }, routeByName('tasks'))),
    );
  });

  it('only offers entries whose route the role may open', () => {
    for (const type of USER_TYPES) {
      for (const entry of menuFor(actor(type))) expect(canAccessRoute({ type }, routeByName(entry.route))).toBe(true);
    }
    const light = actor('investor', { restricted_access: 1 });
    for (const entry of menuFor(light)) expect(canAccessRoute(light, routeByName(entry.route))).toBe(true);
  });
});

describe('profile menu (docs/product/layout.md#profile-menu)', () => {
  it("offers 'Ajouter une promotion' to admins only, 'Mes promotions' and the promotion settings to brokers", () => {
    expect(profileMenuFor(actor('broker', { admin: true })).map((e) => e.label)).toEqual([
      'Mon compte',
      'Mes promotions',
      'Paramètres de la promotion',
      'Ajouter une promotion',
      'E-mails',
    ]);
    expect(profileMenuFor(actor('broker')).map((e) => e.label)).toEqual(['Mon compte', 'Mes promotions', 'Paramètres de la promotion']);
    expect(profileMenuFor(actor('notary')).map((e) => e.label)).toEqual(['Mon compte']);
  });

  it('reaches every screen a role may open that no header menu entry offers, outside the record pages', () => {
    // 'Mes promotions' was in no menu (issue 18): the profile menu carries it to brokers.
    const broker = actor('broker', { admin: true });
    const offered = [...menuFor(broker), ...profileMenuFor(broker)].map((entry) => entry.route);
    expect(offered).toContain('promotions');
    for (const entry of profileMenuFor(broker)) expect(canAccessRoute(broker, routeByName(entry.route))).toBe(true);
  });
});

describe("the admins' e-mails screen (docs/product/mails.md)", () => {
  it('opens /admin/mails to users with the admin flag only, and offers it in their profile menu', () => {
    const mails = routeByName('mails');
    expect(mails.path).toBe('/admin/mails');
    expect(USER_TYPES.filter((type) => canAccessRoute({ type }, mails))).toEqual([]);
    expect(canAccessRoute(actor('broker', { admin: true }), mails)).toBe(true);
    expect(profileMenuFor(actor('broker')).map((e) => e.route)).not.toContain('mails');
    expect(profileMenuFor(actor('notary')).map((e) => e.route)).not.toContain('mails');
  });
});

describe('filterControlsFor', () => {
  it("hides the tasks screen's broker filter from notaries (docs/product/tasks.md#screens)", () => {
    const tasks = routeByName('tasks');
    expect(filterControlsFor(tasks, 'broker')).toContain('broker');
    expect(filterControlsFor(tasks, 'notary')).not.toContain('broker');
    expect(filterControlsFor(tasks, 'notary')).toContain('search');
  });
});
