import { API_ROUTES } from '@promovente/shared';
// Over 400 lines: one property run per shared contract, with the generators for its fields.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../commands.js';
import { createTestContext, type TestContext } from '../harness.js';
import { injectAny } from '../inject.js';
import { COMMAND_CALLS, type MultipartFile, multipart, ROUTE_CALLS, type RouteRequest } from './calls.js';
import { COMMAND_TABLE, cellsOf, ROUTE_TABLE } from './expected-access.js';
import {
  fieldsOf,
  HOSTILE_BODIES,
  HOSTILE_DATES,
  HOSTILE_IDS,
  hostileValue,
  LEAKS,
  LONE_SURROGATES,
  pathsOf,
  VALIDATOR_WORDING,
  withPath,
} from './hostile.js';
import { buildWorld, PRINCIPALS, type Principal, TINY_PDF, type World } from './world.js';

/**
 * HTTP fuzz (issue 8): every mutating route (POST, PUT, PATCH, DELETE) and every command gets at
 * least RUNS hostile inputs, made by fast-check from the route's shared zod contract (its fields,
 * each replaced, removed or doubled with a hostile value), from its path ids, and from whole
 * hostile bodies; every field also gets each lone surrogate and each date outside 1900 to 2200,
 * whatever the seed. Each is sent by a principal the route is meant for, so it reaches the
 * handler. No answer may be a 5xx, and no answer may show a stack, SQL, a path of the machine
 * or an internal name; an error answers a French { message }.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
/** Reading routes get fewer: their inputs are a query and path ids. */
const GET_RUNS = Number(process.env.FUZZ_GET_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);
/**
 * One target's time: its fixed inputs (every hostile body and id, and a lone surrogate or a date
 * per field) and its generated ones. A route that removes rows rebuilds them after each success,
 * which on PostgreSQL on a busy machine took 30 s for 100 inputs.
 */
const TARGET_TIMEOUT_MS = 180_000;
const COMMAND_ROUTES = ['POST /api/app/executeCommand', 'POST /api/commands/:name'];
/** Calls after which the rows the next input names are gone: new rows are made. */
const REMOVING = new Set([
  'deleteCandidacy',
  'deleteApplication',
  'detachCandidacy',
  'DELETE /api/candidacies/files/:id',
  'DELETE /api/promotions/:id/photoGroups/:groupId',
  'DELETE /api/promotions/:id/photos/:photoId',
]);

type Sent = { method: string; url: string; payload?: string | Buffer; headers: Record<string, string> };
type Finding = { target: string; input: string; status: number; problem: string; body: string };

let ctx: TestContext;
let world: World;
/** Each route's schemas, read from its catalogue entry (docs/architecture.md, 'The API catalogue'). */
const schemas = new Map<string, { body?: unknown; params?: unknown; querystring?: unknown }>(
  Object.values(API_ROUTES).map((spec) => [
    `${spec.method} /api${spec.path}`,
    { body: spec.body, params: spec.params, querystring: spec.query },
  ]),
);
const findings: Finding[] = [];
let calls = 0;

beforeAll(async () => {
  ctx = await createTestContext({});
  world = await buildWorld(ctx);
});
afterAll(async () => {
  await ctx?.close();
  console.info(`HTTP fuzz: seed ${SEED}, ${calls} hostile calls, ${findings.length} findings`);
});

/** The principal a row is meant for: nobody for public routes, else the first one allowed. */
const callerOf = (cells: string, key: string): Principal => {
  const expected = cellsOf(key, cells);
  if (expected.anonymous === 'ok') return 'anonymous';
  return PRINCIPALS.find((p) => expected[p] === 'ok') ?? 'broker';
};

const describeInput = (sent: Sent) => {
  const raw = sent.payload === undefined ? '' : String(sent.payload);
  // A multipart body reads as its parts, so that the hostile one shows.
  const parts = [...raw.matchAll(/name="([^"]*)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: ([^\r]*)\r\n)?\r\n([^\r]{0,40})/g)];
  const body = parts.length > 0 ? parts.map((m) => (m[2] !== undefined ? `${m[1]}=<${m[2]} ${m[3]}>` : `${m[1]}=${m[4]}`)).join('; ') : raw;
  const shown = body.length > 200 ? `${body.slice(0, 200)}... (${body.length} chars)` : body;
  return `${sent.method} ${sent.url.slice(0, 200)} ${sent.headers['content-type'] ?? ''} ${JSON.stringify(shown)}`;
};

/** Sends one hostile request and records what is wrong with the answer. */
const fire = async (target: string, principal: Principal, sent: Sent) => {
  calls += 1;
  const response = await injectAny(ctx.app, {
    method: sent.method as 'POST',
    url: sent.url,
    payload: sent.payload,
    headers: { ...(await world.headersOf(principal)), ...sent.headers },
    // Each input from its own address, so the per-address limits do not stop the fuzz early.
    remoteAddress: `10.${calls % 250}.${Math.floor(calls / 250) % 250}.${(calls % 7) + 1}`,
  });
  const body = response.body;
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`answered ${response.statusCode}`);
  // A signed URL's signature is random base64: it may spell anything, it shows nothing.
  const shown = body.replace(/signature=[\w-]+/g, 'signature=');
  for (const [name, pattern] of LEAKS) if (pattern.test(shown)) problems.push(`shows ${name}`);
  if (response.statusCode >= 400) {
    let message: unknown;
    try {
      message = (JSON.parse(body) as { message?: unknown }).message;
    } catch {
      message = undefined;
    }
    if (typeof message !== 'string' || message.trim() === '') problems.push('error without a { message }');
    else if (VALIDATOR_WORDING.test(message)) problems.push(`validator wording: ${message.slice(0, 80)}`);
  }
  for (const problem of problems) {
    findings.push({ target, input: describeInput(sent), status: response.statusCode, problem, body: body.slice(0, 200) });
  }
  if (response.statusCode < 300 && REMOVING.has(target)) await world.refresh();
};

/** Replaces the ids of a path (numbers and uuids) with a hostile one, one segment at a time. */
const idSegments = (url: string) =>
  url
    .split('?')[0]
    .split('/')
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => /^\d+$/.test(segment) || /^[0-9a-f-]{36}$/.test(segment) || segment.length > 20);

const withSegment = (url: string, index: number, value: string) => {
  const [path, query] = url.split('?');
  const parts = path.split('/');
  parts[index] = encodeURIComponent(value);
  return query ? `${parts.join('/')}?${query}` : parts.join('/');
};

type Mutation =
  | { kind: 'field'; path: string[]; value: unknown }
  | { kind: 'drop'; path: string[] }
  | { kind: 'pollute'; key: '__proto__' | 'constructor' | 'prototype'; path: string[] }
  | { kind: 'segment'; at: number; value: string }
  | { kind: 'body'; at: number }
  | { kind: 'file'; filename: string; type: string; content: string };

const mutationOf = (fields: string[][], segments: number, multipartRoute: boolean): fc.Arbitrary<Mutation> => {
  const arbitraries: fc.Arbitrary<Mutation>[] = [fc.record({ kind: fc.constant('body' as const), at: fc.nat(HOSTILE_BODIES.length - 1) })];
  if (fields.length > 0) {
    const path = fc.constantFrom(...fields);
    arbitraries.push(
      fc.record({ kind: fc.constant('field' as const), path, value: hostileValue() }),
      fc.record({ kind: fc.constant('field' as const), path, value: hostileValue() }),
      fc.record({ kind: fc.constant('field' as const), path, value: fc.constantFrom<unknown>(...HOSTILE_IDS) }),
      fc.record({ kind: fc.constant('drop' as const), path }),
      fc.record({
        kind: fc.constant('pollute' as const),
        key: fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const),
        path: fc.oneof(fc.constant([] as string[]), path),
      }),
    );
  }
  if (segments > 0) {
    arbitraries.push(
      fc.record({ kind: fc.constant('segment' as const), at: fc.nat(segments - 1), value: fc.constantFrom(...HOSTILE_IDS) }),
    );
  }
  if (multipartRoute) {
    arbitraries.push(
      fc.record({
        kind: fc.constant('file' as const),
        filename: fc.constantFrom('../../etc/passwd', 'a\u0000.pdf', `${'n'.repeat(400)}.pdf`, 'page.html', 'image.svg', '', 'é.pdf'),
        type: fc.constantFrom('application/pdf', 'image/png', 'text/html', 'image/svg+xml', 'application/x-msdownload', ''),
        content: fc.constantFrom('<html><script>alert(1)</script></html>', '<svg onload="alert(1)"/>', 'MZ\u0090\u0000', '', '%PDF-1.4 ok'),
      }),
    );
  }
  return fc.oneof(...arbitraries);
};

/** JSON text of a body with a prototype-pollution key spliced in at `path`. */
const pollutedJson = (value: unknown, key: string, path: string[]) => {
  const marker = '"__security_marker__":0';
  const withMarker = withPath(value, [...path, '__security_marker__'], 0);
  return JSON.stringify(withMarker).replace(marker, `"${key}":{"admin":true,"type":"broker","polluted":1}`);
};

/** The request a mutation makes of a route's valid one. */
const mutate = (method: string, base: RouteRequest, mutation: Mutation, multipartFields: [string, string][] | null): Sent => {
  const isMultipart = multipartFields !== null;
  if (mutation.kind === 'body') {
    const hostile = HOSTILE_BODIES[mutation.at];
    return { method, url: base.url, payload: hostile.body, headers: { 'content-type': hostile.type } };
  }
  if (mutation.kind === 'segment') {
    const segments = idSegments(base.url);
    const at = segments[mutation.at % segments.length].index;
    return { method, url: withSegment(base.url, at, mutation.value), payload: bodyOf(base), headers: base.headers ?? jsonType(base) };
  }
  if (isMultipart) {
    const fields = [...multipartFields];
    const files: MultipartFile[] = [];
    if (mutation.kind === 'field') {
      const name = mutation.path[0];
      const text = typeof mutation.value === 'string' ? mutation.value : JSON.stringify(mutation.value ?? null);
      const index = fields.findIndex(([field]) => field === name);
      if (index >= 0) fields[index] = [name, text];
      else fields.push([name, text]);
    } else if (mutation.kind === 'drop') {
      const index = fields.findIndex(([field]) => field === mutation.path[0]);
      if (index >= 0) fields.splice(index, 1);
    } else if (mutation.kind === 'pollute') {
      fields.push([mutation.key, 'x'], [`${mutation.key}[admin]`, 'true']);
    } else if (mutation.kind === 'file') {
      files.push({ field: 'files[]', filename: mutation.filename, type: mutation.type, content: Buffer.from(mutation.content, 'latin1') });
    }
    if (mutation.kind !== 'file') files.push({ field: 'files[]', filename: 'contrat.pdf', type: 'application/pdf', content: TINY_PDF });
    const body = multipart(fields, files);
    return { method, url: base.url, payload: body.payload, headers: body.headers };
  }
  const value = base.payload ?? {};
  if (mutation.kind === 'pollute') {
    return {
      method,
      url: base.url,
      payload: pollutedJson(value, mutation.key, mutation.path),
      headers: { 'content-type': 'application/json' },
    };
  }
  if (mutation.kind === 'file')
    return { method, url: base.url, payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
  const next = mutation.kind === 'drop' ? withPath(value, mutation.path, undefined) : withPath(value, mutation.path, mutation.value);
  return { method, url: base.url, payload: JSON.stringify(next), headers: { 'content-type': 'application/json' } };
};

const bodyOf = (base: RouteRequest) =>
  base.payload === undefined ? undefined : Buffer.isBuffer(base.payload) ? base.payload : JSON.stringify(base.payload);
const jsonType = (base: RouteRequest): Record<string, string> =>
  base.payload === undefined || Buffer.isBuffer(base.payload) ? {} : { 'content-type': 'application/json' };

/** The text fields of a multipart route's valid request (parsed back from its body). */
const multipartFieldsOf = (base: RouteRequest): [string, string][] | null => {
  if (!base.headers?.['content-type']?.startsWith('multipart/')) return null;
  const text = (base.payload as Buffer).toString('latin1');
  return [...text.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)].map((m) => [m[1], m[2]] as [string, string]);
};

const mutatingRoutes = () =>
  ROUTE_TABLE.filter(([key]) => !COMMAND_ROUTES.includes(key) && /^(POST|PUT|PATCH|DELETE) /.test(key)).map(([key, cells]) => ({
    key,
    cells,
  }));

const readingRoutes = () => ROUTE_TABLE.filter(([key]) => key.startsWith('GET ')).map(([key, cells]) => ({ key, cells }));

type QueryMutation =
  | { kind: 'set'; name: string; value: unknown }
  | { kind: 'twice'; name: string; value: unknown }
  | { kind: 'drop'; name: string }
  | { kind: 'segment'; at: number; value: string };

/** A reading request with one query parameter or one path id made hostile. */
const mutateQuery = (url: string, mutation: QueryMutation): string => {
  if (mutation.kind === 'segment') {
    const segments = idSegments(url);
    return segments.length === 0 ? url : withSegment(url, segments[mutation.at % segments.length].index, mutation.value);
  }
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));
  if (mutation.kind === 'drop') params.delete(mutation.name);
  if (mutation.kind === 'set') params.set(mutation.name, text(mutation.value));
  if (mutation.kind === 'twice') {
    params.set(mutation.name, text(mutation.value));
    params.append(mutation.name, '2147483648');
  }
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
};

describe('HTTP fuzz from the shared zod contracts', () => {
  it('fuzzes every mutating route and every command', () => {
    expect(mutatingRoutes().length).toBeGreaterThan(20);
    expect(COMMANDS.size).toBe(COMMAND_TABLE.length);
  });

  for (const { key, cells } of mutatingRoutes()) {
    it(
      `${key}: every hostile body and path id, each field with lone surrogates and dates outside 1900-2200, then ${RUNS} generated hostile inputs; no 5xx, nothing internal shown`,
      async () => {
        const [method] = key.split(' ');
        const principal = callerOf(cells, key);
        const call = ROUTE_CALLS[key];
        const schema = schemas.get(key);
        const sample = call(world, principal);
        const multipartFields = multipartFieldsOf(sample);
        const fields = multipartFields
          ? multipartFields.map(([name]) => [name])
          : dedupe([...fieldsOf(schema?.body), ...pathsOf(sample.payload)]);
        const segments = idSegments(sample.url).length;
        const before = findings.length;
        // Every class once, whatever the seed: each hostile body, each hostile id in each path id.
        const fixed: Mutation[] = [
          ...HOSTILE_BODIES.map((_, at) => ({ kind: 'body' as const, at })),
          ...Array.from({ length: segments }, (_, at) => HOSTILE_IDS.map((value) => ({ kind: 'segment' as const, at, value }))).flat(),
          ...surrogatesAndDates(fields),
        ];
        for (const mutation of fixed) {
          const base = call(world, principal);
          await fire(key, principal, mutate(method, base, mutation, multipartFieldsOf(base)));
        }
        await fc.assert(
          fc.asyncProperty(mutationOf(fields, segments, multipartFields !== null), async (mutation) => {
            const base = call(world, principal);
            await fire(key, principal, mutate(method, base, mutation, multipartFieldsOf(base)));
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        expect(summarise(findings.slice(before)), `${key}: answers that break the rules`).toEqual([]);
      },
      TARGET_TIMEOUT_MS,
    );
  }

  for (const { key, cells } of readingRoutes()) {
    it(
      `${key}: every hostile path id and date filter, then ${GET_RUNS} generated hostile queries and path ids; no 5xx, nothing internal shown`,
      async () => {
        const principal = callerOf(cells, key);
        const call = ROUTE_CALLS[key];
        const sample = call(world, principal);
        const names = [
          ...new Set([
            ...fieldsOf(schemas.get(key)?.querystring).map((path) => path[0]),
            ...new URLSearchParams(sample.url.split('?')[1] ?? '').keys(),
            'promotion',
            'page',
            'search',
          ]),
        ];
        const arbitraries: fc.Arbitrary<QueryMutation>[] = [
          fc.record({ kind: fc.constant('set' as const), name: fc.constantFrom(...names), value: hostileValue() }),
          fc.record({
            kind: fc.constant('set' as const),
            name: fc.constantFrom(...names),
            value: fc.constantFrom<unknown>(...HOSTILE_IDS),
          }),
          fc.record({ kind: fc.constant('twice' as const), name: fc.constantFrom(...names), value: hostileValue() }),
          fc.record({ kind: fc.constant('drop' as const), name: fc.constantFrom(...names) }),
        ];
        const segments = idSegments(sample.url).length;
        if (segments > 0) {
          arbitraries.push(fc.record({ kind: fc.constant('segment' as const), at: fc.nat(5), value: fc.constantFrom(...HOSTILE_IDS) }));
        }
        const before = findings.length;
        // Every hostile id in each path id once, whatever the seed.
        for (let at = 0; at < segments; at += 1) {
          for (const value of HOSTILE_IDS) {
            await fire(key, principal, {
              method: 'GET',
              url: mutateQuery(call(world, principal).url, { kind: 'segment', at, value }),
              headers: {},
            });
          }
        }
        // Every date filter once with each date outside 1900 to 2200.
        for (const name of names.filter((n) => DATE_KEY.test(n))) {
          for (const value of HOSTILE_DATES) {
            await fire(key, principal, {
              method: 'GET',
              url: mutateQuery(call(world, principal).url, { kind: 'set', name, value }),
              headers: {},
            });
          }
        }
        await fc.assert(
          fc.asyncProperty(fc.oneof(...arbitraries), async (mutation) => {
            const base = call(world, principal);
            await fire(key, principal, { method: 'GET', url: mutateQuery(base.url, mutation), headers: {} });
          }),
          { numRuns: GET_RUNS, seed: SEED, endOnFailure: true },
        );
        expect(summarise(findings.slice(before)), `${key}: answers that break the rules`).toEqual([]);
      },
      TARGET_TIMEOUT_MS,
    );
  }

  for (const [name, cells] of COMMAND_TABLE) {
    it(
      `command ${name}: every hostile body and entity_id, each field with lone surrogates and dates outside 1900-2200, then ${RUNS} generated hostile inputs; no 5xx, nothing internal shown`,
      async () => {
        const principal = callerOf(cells, name);
        const call = COMMAND_CALLS[name];
        const command = COMMANDS.get(name);
        const sample = call(world, principal);
        const fields = dedupe([
          ['name'],
          ['params', 'entity'],
          ['params', 'entity_id'],
          ['params', 'additionnal_fields'],
          ...fieldsOf(command?.input).map((path) => ['params', 'additionnal_fields', ...path]),
          ...pathsOf(sample.additionnal_fields).map((path) => ['params', 'additionnal_fields', ...path]),
        ]);
        const before = findings.length;
        const fixed: Mutation[] = [
          ...HOSTILE_BODIES.map((_, at) => ({ kind: 'body' as const, at })),
          ...HOSTILE_IDS.map((value) => ({ kind: 'field' as const, path: ['params', 'entity_id'], value })),
          ...surrogatesAndDates(fields),
        ];
        for (const mutation of fixed) {
          await fire(
            name,
            principal,
            mutate('POST', { url: '/api/app/executeCommand', payload: { name, params: call(world, principal) } }, mutation, null),
          );
        }
        await fc.assert(
          fc.asyncProperty(mutationOf(fields, 0, false), fc.boolean(), async (mutation, named) => {
            const params = call(world, principal);
            // Half through POST /api/commands/{name} (flat body), half through app/executeCommand.
            if (named && mutation.kind !== 'body' && mutation.kind !== 'pollute') {
              const flat = mutate('POST', { url: `/api/commands/${encodeURIComponent(name)}`, payload: { name, params } }, mutation, null);
              const parsed = JSON.parse(String(flat.payload)) as { params?: unknown };
              await fire(name, principal, { ...flat, payload: JSON.stringify(parsed.params ?? parsed) });
              return;
            }
            await fire(name, principal, mutate('POST', { url: '/api/app/executeCommand', payload: { name, params } }, mutation, null));
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
        expect(summarise(findings.slice(before)), `${name}: answers that break the rules`).toEqual([]);
      },
      TARGET_TIMEOUT_MS,
    );
  }
});

/** The keys of the fields that hold a date or an instant (end_at, date, dateFrom, birthday, start_after, ...). */
const DATE_KEY = /date|_at$|birthday|_after$|_before$/i;

/**
 * Whatever the seed, every leaf field (a field that holds no other) once with each lone
 * surrogate, and every date field once with each date outside 1900 to 2200 (issue 18).
 */
const surrogatesAndDates = (fields: string[][]): Mutation[] => {
  const joined = fields.map((path) => path.join('.'));
  const leaves = fields.filter((path) => !joined.some((other) => other.startsWith(`${path.join('.')}.`)));
  return leaves.flatMap((path) =>
    [...LONE_SURROGATES, ...(DATE_KEY.test(path[path.length - 1]) ? HOSTILE_DATES : [])].map((value) => ({
      kind: 'field' as const,
      path,
      value,
    })),
  );
};

const dedupe = (paths: string[][]) => [...new Map(paths.map((path) => [path.join('.'), path])).values()];
/** One line per kind of wrong answer, with how often and the first input that gave it. */
const summarise = (list: Finding[]) => {
  const kinds = new Map<string, { first: Finding; count: number }>();
  for (const finding of list) {
    const kind = `${finding.status} ${finding.problem}`;
    const known = kinds.get(kind);
    if (known) known.count += 1;
    else kinds.set(kind, { first: finding, count: 1 });
  }
  return [...kinds].map(([kind, { first, count }]) => `${kind} (x${count}), e.g. ${first.input} -> ${first.body}`);
};
