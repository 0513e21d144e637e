import { API_ROUTES, type UserType } from '@promovente/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { COMMANDS } from '../../commands.js';
import { firstRowOf } from '../../db/rows.js';
import { type RouteAccess, rolesOfAccess } from '../../platform/auth.js';
import { createTestContext, type TestContext } from '../harness.js';
import { injectAny } from '../inject.js';
import {
  type CallRequest,
  COMMAND_CASES,
  COMMAND_IDS,
  type CommandCase,
  ROUTE_CASES,
  ROUTE_IDS,
  type RouteCase,
} from './cross-promotion.cases.js';
import { buildWorld, type Caller, hashPromotion, MEMBER_ROLES, MISSING, multipart, PDF, type World } from './cross-promotion.world.js';

/**
 * Issue 8, "what a promotion knows belongs to that promotion": members of promotion A only, one
 * per role, call every route and command that takes an id anywhere (path, query, body,
 * multipart, command fields) with promotion B's ids, one id location at a time, the others
 * valid in A. Each answers 404, exactly like an id that does not exist (same status, same
 * message), and every row of B is the same before and after the whole run.
 */

type RegisteredRoute = { key: string; access: RouteAccess; schemas: Record<'params' | 'query' | 'body', unknown> };

/** Every route of the catalogue (docs/architecture.md, 'The API catalogue') with its access and schemas. */
const registered: RegisteredRoute[] = Object.values(API_ROUTES).map((spec) => ({
  key: `${spec.method} /api${spec.path}`,
  access: spec.access,
  schemas: { params: spec.params, query: spec.query, body: spec.body },
}));

let ctx: TestContext;
let world: World;
let before: Record<string, string>;
const figures = { calls: 0, failures: [] as string[] };

beforeAll(async () => {
  ctx = await createTestContext();
  world = await buildWorld(ctx.app, ctx.database.db);
  before = await hashPromotion(ctx.database.db, world.b.promotion);
}, 120_000);

afterAll(async () => {
  const routeKeys = new Set(ROUTE_CASES.map((c) => c.route));
  const commandNames = new Set(COMMAND_CASES.map((c) => c.command));
  console.info(
    [
      `cross-promotion: ${figures.calls} calls; ${ROUTE_CASES.length} route cases over ${routeKeys.size} routes with ids ` +
        `(${registered.length} routes registered); ${COMMAND_CASES.length} command cases over ${commandNames.size} of ${COMMANDS.size} commands, ` +
        'each through POST /api/commands/{name} and POST /api/app/executeCommand',
      ...(figures.failures.length ? ['not answering 404 like a missing id:', ...figures.failures.map((f) => `  ${f}`)] : []),
    ].join('\n'),
  );
  await ctx?.close();
});

// ---------------------------------------------------------------------------------------------
// Calling

const send = async (caller: Caller, request: CallRequest) => {
  figures.calls += 1;
  const headers: Record<string, string> = caller === 'anonymous' ? {} : { authorization: `Bearer ${world.tokens[caller]}` };
  if (request.multipart) {
    const files = request.upload ? [{ field: 'files[]', name: 'piece.pdf', type: 'application/pdf', content: PDF }] : [];
    const body = multipart(request.multipart, files);
    return injectAny(ctx.app, {
      method: request.method,
      url: request.url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  }
  return injectAny(ctx.app, {
    method: request.method,
    url: request.url,
    headers,
    ...(request.payload ? { payload: request.payload } : {}),
  });
};

/** The member roles a route's access lets through (a permission asks the shared table), or nobody signed in for a public route. */
const callersOf = (access: RouteAccess): Caller[] => {
  if (access === 'public') return ['anonymous'];
  const roles = rolesOfAccess(access);
  return MEMBER_ROLES.filter((role) => roles.includes(role));
};

const routeOf = (key: string) => {
  const route = registered.find((r) => r.key === key);
  if (!route) throw new Error(`${key} is not a registered route`);
  return route;
};

type Answer = { statusCode: number; body: string };
const messageOf = (answer: Answer) => {
  try {
    return (JSON.parse(answer.body) as { message?: string }).message ?? answer.body.slice(0, 120);
  } catch {
    return answer.body.slice(0, 120);
  }
};

/** What is wrong with B's answer, compared with the same call on a missing id; null when it is a 404 alike. */
const judge = (label: string, foreign: Answer, missing: Answer): string | null => {
  if (foreign.statusCode === 404 && missing.statusCode === 404 && messageOf(foreign) === messageOf(missing)) return null;
  return (
    `${label}: B's id -> ${foreign.statusCode} ${JSON.stringify(messageOf(foreign))}, ` +
    `a missing id -> ${missing.statusCode} ${JSON.stringify(messageOf(missing))} (expected 404 for both, same message)`
  );
};

const runRouteCase = async (c: RouteCase) => {
  const problems: string[] = [];
  const callers = callersOf(routeOf(c.route).access).filter((r) => !c.callers || c.callers.includes(r as UserType));
  // A case nobody may call would prove nothing.
  if (callers.length === 0) problems.push(`${c.route} [${c.label}]: no caller may call it`);
  for (const caller of callers) {
    const foreign = await send(caller, c.call(world.a, world.b, caller));
    const missing = await send(caller, c.call(world.a, MISSING, caller));
    const problem = judge(`${c.route} [${c.fields.join(', ')}: ${c.label}] as ${caller}`, foreign, missing);
    if (problem) problems.push(problem);
  }
  figures.failures.push(...problems);
  return problems;
};

const commandRequests = (name: string, call: { entity_id: number; fields: Record<string, unknown> }): CallRequest[] => {
  const entity = COMMANDS.get(name)?.entity;
  const params = { entity, entity_id: call.entity_id, additionnal_fields: call.fields };
  return [
    { method: 'POST', url: `/api/commands/${name}`, payload: params },
    { method: 'POST', url: '/api/app/executeCommand', payload: { name, params } },
  ];
};

const runCommandCase = async (c: CommandCase) => {
  const command = COMMANDS.get(c.command);
  if (!command) throw new Error(`unknown command ${c.command}`);
  const problems: string[] = [];
  for (const caller of MEMBER_ROLES.filter((r) => command.roles.includes(r))) {
    const foreign = commandRequests(c.command, c.call(world.a, world.b));
    const missing = commandRequests(c.command, c.call(world.a, MISSING));
    for (const [index, request] of foreign.entries()) {
      const problem = judge(
        `${c.command} [${c.fields.join(', ')}: ${c.label}] via ${request.url} as ${caller}`,
        await send(caller, request),
        await send(caller, missing[index]),
      );
      if (problem) problems.push(problem);
    }
  }
  figures.failures.push(...problems);
  return problems;
};

// ---------------------------------------------------------------------------------------------
// Which fields name ids

const ID_KEY = /^(id|uuid|publicId|token|actionId|assistantId|promotion|candidat|candidacy|application|lot|broker|buildings)$|_id$/;

/** The dotted paths of the id-like keys a zod schema accepts (from its JSON Schema, input side). */
const idPaths = (schema: unknown, prefix: string): string[] => {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return [];
  let json: unknown;
  try {
    json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' });
  } catch {
    return [];
  }
  const found = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    for (const [key, child] of Object.entries((n.properties as Record<string, unknown>) ?? {})) {
      const next = path ? `${path}.${key}` : key;
      const isObject = Boolean(child && typeof child === 'object' && 'properties' in child);
      if (ID_KEY.test(key) && !isObject) found.add(next);
      walk(child, next);
    }
    for (const list of ['anyOf', 'oneOf', 'allOf'] as const) for (const child of (n[list] as unknown[]) ?? []) walk(child, path);
    if (n.items) walk(n.items, path);
  };
  walk(json, '');
  return [...found].map((p) => (prefix ? `${prefix}.${p}` : p));
};

const declaredIdFields = (route: RegisteredRoute) => {
  const pathParams = [...route.key.matchAll(/:(\w+)/g)].filter((m) => ID_KEY.test(m[1])).map((m) => `path.${m[1]}`);
  return [...new Set([...pathParams, ...idPaths(route.schemas.query, 'query'), ...idPaths(route.schemas.body, 'body')])];
};

describe('the committed table covers every route and command', () => {
  it('has a row for every registered route and no row for a route that does not exist', () => {
    const keys = new Set(registered.map((r) => r.key));
    const missingRows = [...keys].filter((key) => !(key in ROUTE_IDS)).map((key) => `${key} has no row in cross-promotion.cases.ts`);
    const staleRows = Object.keys(ROUTE_IDS)
      .filter((key) => !keys.has(key))
      .map((key) => `${key} is in cross-promotion.cases.ts but not registered`);
    expect([...missingRows, ...staleRows]).toEqual([]);
  });

  it('lists every id field a route declares, and calls each listed field with another promotion’s id', () => {
    const problems: string[] = [];
    for (const route of registered) {
      const row = ROUTE_IDS[route.key];
      if (!row) continue;
      const listed = new Set([...row.ids, ...Object.keys(row.ignored ?? {})]);
      for (const field of declaredIdFields(route)) {
        if (!listed.has(field)) problems.push(`${route.key} takes the id ${field}, missing from its row`);
      }
      if (row.viaCommands) continue;
      for (const field of row.ids) {
        if (!ROUTE_CASES.some((c) => c.route === route.key && c.fields.includes(field))) {
          problems.push(`${route.key} takes the id ${field} but no case calls it with another promotion's id`);
        }
      }
    }
    for (const c of ROUTE_CASES) {
      for (const field of c.fields) {
        if (!ROUTE_IDS[c.route]?.ids.includes(field)) problems.push(`case ${c.route} [${field}] is not in its row`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists every command with its id fields, and calls each with another promotion’s id', () => {
    const problems: string[] = [];
    for (const [name, command] of COMMANDS) {
      const row = COMMAND_IDS[name];
      if (!row) {
        problems.push(`command ${name} has no row in cross-promotion.cases.ts`);
        continue;
      }
      for (const field of idPaths(command.input, '')) {
        if (!row.includes(field)) problems.push(`command ${name} takes the id ${field}, missing from its row`);
      }
      for (const field of ['entity_id', ...row]) {
        if (!COMMAND_CASES.some((c) => c.command === name && c.fields.includes(field))) {
          problems.push(`command ${name} takes the id ${field} but no case calls it with another promotion's id`);
        }
      }
    }
    for (const name of Object.keys(COMMAND_IDS)) if (!COMMANDS.has(name)) problems.push(`command ${name} is listed but not registered`);
    expect(problems).toEqual([]);
  });
});

describe('routes: another promotion’s id answers 404, like an id that does not exist', () => {
  it.each(ROUTE_CASES.map((c) => [`${c.route} [${c.fields.join(', ')}: ${c.label}]`, c] as const))('%s', async (_name, c) => {
    expect(await runRouteCase(c)).toEqual([]);
  });
});

describe('commands: another promotion’s id answers 404, like an id that does not exist', () => {
  it.each(COMMAND_CASES.map((c) => [`${c.command} [${c.fields.join(', ')}: ${c.label}]`, c] as const))('%s', async (_name, c) => {
    expect(await runCommandCase(c)).toEqual([]);
  });
});

describe('the same calls with the caller’s own ids reach the rows (the cases are not refused for another reason)', () => {
  const reads = ROUTE_CASES.filter((c) => c.call(MISSING, MISSING, 'broker').method === 'GET');
  it.each(reads.map((c) => [`${c.route} [${c.fields.join(', ')}: ${c.label}]`, c] as const))('%s', async (_name, c) => {
    const callers = callersOf(routeOf(c.route).access);
    const caller: Caller = callers.includes('broker') ? 'broker' : callers.includes('notary') ? 'notary' : callers[0];
    const answer = await send(caller, c.call(world.a, world.a, caller));
    expect(answer.statusCode, `${c.route} as ${caller}: ${answer.body.slice(0, 200)}`).toBe(200);
  });
});

describe('promotion B after every id case', () => {
  it('has every row as it was (md5 of every table, by promotion)', async () => {
    expect(await hashPromotion(ctx.database.db, world.b.promotion)).toEqual(before);
  });
});

describe('a person known in promotion B, typed in promotion A (issue 8, defect 1)', () => {
  const candidateRow = (id: number) => firstRowOf(ctx.database.db, sql`select * from candidates where id = ${id}`);

  it("creates A's own record from the e-mail alone: A reads nothing of B's person and changes nothing of it", async () => {
    const bBefore = await firstRowOf(ctx.database.db, sql`select * from candidates where id = ${world.bPerson.id}`);
    const broker: UserType = 'broker';
    const created = await send(broker, {
      method: 'POST',
      url: '/api/commands/createCandidacy',
      payload: {
        entity: 'promotion',
        entity_id: world.a.promotion,
        additionnal_fields: {
          candidacy: { status: 0, priority: 9, candidate: { first_name: 'Prénom', last_name: 'Nom', email: world.bPerson.email } },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id: candidacyId, candidate_id: candidateId } = created.json().data as { id: number; candidate_id: number };
    expect.soft(candidateId, "A's record is not B's person").not.toBe(world.bPerson.id);

    // What A answers about its record holds nothing B knew.
    const secrets = [
      'phone',
      'phone_private',
      'phone_pro',
      'address',
      'city',
      'zip',
      'household_income',
      'own_funds',
      'avs',
      'birthday',
      'job',
    ]
      .map((column) => bBefore?.[column])
      .filter((value): value is string | number => value !== null && value !== undefined && String(value).length > 3)
      .map(String);
    for (const url of [`/api/candidates/${candidateId}`, `/api/candidacies/${candidacyId}`]) {
      const answer = await send(broker, { method: 'GET', url });
      expect.soft(answer.statusCode, answer.body).toBe(200);
      for (const secret of secrets) expect.soft(answer.body, `${url} shows B's ${secret}`).not.toContain(secret);
    }
    expect.soft((await send(broker, { method: 'GET', url: `/api/candidates/${world.bPerson.id}` })).statusCode).toBe(404);

    // A's broker edits A's record: B's person stays as B had it.
    const updated = await send(broker, {
      method: 'POST',
      url: '/api/commands/updateCandidacy',
      payload: {
        entity: 'candidacy',
        entity_id: candidacyId,
        additionnal_fields: {
          candidacy: {
            status: 0,
            priority: 9,
            candidate: {
              first_name: 'Prénom',
              last_name: 'Nom',
              phone: '+41 79 000 00 00',
              household_income: 1,
              own_funds: 1,
              address: 'Ailleurs 1',
            },
          },
        },
      },
    });
    expect.soft(updated.statusCode, updated.body).toBe(200);
    expect(await candidateRow(world.bPerson.id), "B's person after A's edit").toEqual(bBefore);
  });
});

describe('promotion B after the whole run, the person typed in A included', () => {
  it('has every row as it was (md5 of every table, by promotion)', async () => {
    expect(await hashPromotion(ctx.database.db, world.b.promotion)).toEqual(before);
  });
});
