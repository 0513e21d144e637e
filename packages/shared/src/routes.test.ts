import { describe, expect, it } from 'vitest';
import type { Actor, UserType } from './roles.js';
import { USER_TYPES } from './roles.js';
import { canAccessRoute, filterControlsFor, homeRouteFor, menuFor, pageTitle, profileMenuFor, ROUTES, routeByName } from './routes.js';

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
    ['notary', ['Dashboard', 'Lots', 'Tunnel de vente', 'Tâches', 'Documents', 'Messages', 'FAQ']],
    ['candidate', ['Grille des prix', 'Avancement', 'Documents', 'Messages', 'FAQ']],
    ['pilot', ['Dashboard', 'Avancement', 'Documents', 'Planning', 'Finances', 'Messages']],
    ['investor', ['Dashboard', 'Avancement', 'Documents', 'Planning', 'Finances', 'Messages']],
  ] as const)('%s sees %j', (type, expected) => {
    expect(labels(actor(type))).toEqual(expected);
  });

  it('hides Dashboard and Finances from a light investor (restricted_access 1)', () => {
    expect(labels(actor('investor', { restricted_access: 1 }))).toEqual(['Avancement', 'Documents', 'Planning', 'Messages']);
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
  it("offers 'Ajouter une promotion' to admins only and the promotion settings to brokers", () => {
    expect(profileMenuFor(actor('broker', { admin: true })).map((e) => e.label)).toEqual([
      'Mon compte',
      'Paramètres de la promotion',
      'Ajouter une promotion',
    ]);
    expect(profileMenuFor(actor('broker')).map((e) => e.label)).toEqual(['Mon compte', 'Paramètres de la promotion']);
    expect(profileMenuFor(actor('notary')).map((e) => e.label)).toEqual(['Mon compte']);
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
