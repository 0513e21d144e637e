import {
  API_ROUTES,
  API_TAG_OF,
  type ApiCatalogue,
  type ApiRouteName,
  type FormSpec,
  isRawResponse,
  type RouteOutput,
  type RouteParsed,
  type RouteSpec,
  validationMessage,
} from '@promovente/shared';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { type AnswerCache, answerKeyOf, etagOf, isNotModified, sendAnswer } from './answer-cache.js';
import { type AnswerReads, readsKeyOf } from './answer-reads.js';
import type { RequestActor } from './auth.js';
import { clockOf, currentMinute } from './clock.js';
import { badRequest, HttpError } from './errors.js';
import type { EventHub } from './events.js';
import type { Jobs } from './jobs.js';
import { type Form, type FormFile, readForm } from './multipart.js';
import type { Storage } from './storage.js';

/**
 * The server's half of the API catalogue (docs/architecture.md, 'The API catalogue'): every
 * route is registered from its shared entry, with its handler from the module that owns it.
 * Params, query and body are validated by the entry's schemas (French messages), the access by
 * the permission table (platform/auth.ts), and a 200 is serialised by fast-json-stringify
 * compiled from the response schema, so that no field the schema does not name leaves.
 */

export type RouteDeps = { db: Db; storage: Storage; jobs: Jobs; config: Config; events: EventHub };

/** A multipart form read within its entry's limits, its text fields parsed by the entry's schema. */
export type ParsedForm<Fields> = { fields: Fields; lists: Form['lists']; files: FormFile[] };

type FormOf<Route extends RouteSpec> = Route['form'] extends FormSpec
  ? Route['form']['stream'] extends true
    ? null
    : ParsedForm<z.output<Route['form']['fields']>>
  : null;

export type RouteContext<Route extends RouteSpec> = RouteParsed<Route> & {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user; null only on a public route called without a session. */
  actor: Route['access'] extends 'public' ? RequestActor | null : RequestActor;
  form: FormOf<Route>;
  deps: RouteDeps;
};

/** What answers a route: the catalogued answer, or (raw routes) what it sends itself through `reply`. */
export type RouteHandler<Route extends RouteSpec> = (ctx: RouteContext<Route>) => Promise<RouteOutput<Route>>;

/** One handler per catalogued route: the composition root (src/routes.ts) spreads every module's. */
export type RouteHandlers = { [Name in ApiRouteName]: RouteHandler<ApiCatalogue[Name]> };

/** A module's handlers for its domain's routes, checked against the entries' types. */
export const handlersOf = <Routes extends Record<string, RouteSpec>>(
  _routes: Routes,
  handlers: { [Name in keyof Routes]: RouteHandler<Routes[Name]> },
) => handlers;

/** The first file part of that name with content, or null (a form sent without a file). */
export const uploadOf = (form: { files: FormFile[] }, name: string) => {
  const part = form.files.find((file) => file.name === name && file.content.length > 0);
  return part ? { filename: part.filename, mimetype: part.mimetype, content: part.content } : null;
};

/**
 * The JSON schema of an answer, as fast-json-stringify and the OpenAPI document read it. zod
 * writes `additionalProperties: false` on objects; the serialiser drops undeclared fields by
 * itself and OpenAPI readers need not be told, so it is left out.
 */
export const jsonSchemaOf = (schema: z.ZodType, io: 'input' | 'output' = 'output'): Record<string, unknown> => {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === 'additionalProperties' && value === false) continue;
      if (key === '$schema') continue;
      copy[key] = strip(value);
    }
    return copy;
  };
  return strip(json) as Record<string, unknown>;
};

const answerCheck = (name: string, schema: z.ZodType) => (data: unknown) => {
  const checked = schema.safeParse(data);
  if (checked.success) return;
  const issue = checked.error.issues[0];
  throw new Error(`The answer of ${name} does not match its catalogued schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
};

/** The parts of a multipart request, read within the entry's limits, and its fields parsed. */
const formOf = async (request: FastifyRequest, spec: FormSpec) => {
  const form = await readForm(request, spec);
  const parsed = spec.fields.safeParse(form.fields);
  if (!parsed.success) throw badRequest(validationMessage(parsed.error));
  return { fields: parsed.data, lists: form.lists, files: form.files };
};

type Stringify = (data: unknown) => string;

/**
 * Each route's answer serialiser, made once per process: fast-json-stringify compiled from the
 * route's JSON schema, which the catalogue fixes (every application of the process, the tests'
 * included, shares them: 0.3 s of every application's build).
 */
const serialisers = new Map<string, { stringify: Stringify; validators: boolean }>();

/** The route's serialiser; `validators` makes it again with its unions' validators compiled, if it was not. */
export const serialiserOf = (name: string, schema: unknown, validators = false): Stringify => {
  const made = serialisers.get(name);
  if (made && (made.validators || !validators)) return made.stringify;
  // Its own type names the schema's shapes one by one.
  const stringify = fastJson(schema as Parameters<typeof fastJson>[0], { compileValidators: validators }) as Stringify;
  serialisers.set(name, { stringify, validators });
  return stringify;
};

/**
 * Makes the serialisers of the routes served by version (the screens' lists, `GET user`) with
 * the validators of their unions compiled (`anyOf`: a null or an object, which fast-json-stringify
 * tells apart with Ajv). Left to the first answer, that compilation stopped the server for 0.6 to
 * 0.8 s at the first reads of the main lists (the mixed phase's first seconds, docs/performance.md);
 * the server does it before it listens (main.ts), about 1 s. The other routes' small answers, and
 * a test's application, leave it to the first answer (every route's: 2 to 3 s).
 */
export const prepareAnswerSerialisers = () => {
  for (const [name, spec] of Object.entries(API_ROUTES)) {
    if (spec.cache && !isRawResponse(spec.response)) serialiserOf(name, jsonSchemaOf(spec.response), true);
  }
};

const contextOf = (request: FastifyRequest, reply: FastifyReply, deps: RouteDeps, form: unknown) =>
  ({
    request,
    reply,
    actor: request.actor,
    params: request.params,
    query: request.query,
    body: request.body,
    form,
    deps,
  }) as RouteContext<RouteSpec>;

/**
 * Registers every catalogued route (under /api) with its handler. A route that declares `cache`
 * answers by version (platform/answer-cache.ts): its ETag first (a 304 when the client has it),
 * then the kept answer, and only then its handler.
 */
export const registerApi = (app: FastifyInstance, deps: RouteDeps, handlers: RouteHandlers, answers: AnswerCache, reads: AnswerReads) => {
  const byName: Record<string, unknown> = handlers;
  const tablesByName: Record<string, AnswerReads[keyof AnswerReads] | undefined> = reads;
  for (const [name, spec] of Object.entries(API_ROUTES)) {
    const handler = byName[name] as RouteHandler<RouteSpec>;
    // The type already demands it; a build that skipped the type check still refuses to boot.
    if (typeof handler !== 'function') throw new Error(`The route ${name} has no handler`);
    const json = isRawResponse(spec.response) ? null : spec.response;
    const check = json && deps.config.CHECK_ANSWERS === '1' ? answerCheck(name, json) : null;
    const answerSchema = json ? jsonSchemaOf(json) : null;
    const stringify = answerSchema ? serialiserOf(name, answerSchema) : null;
    const serialise =
      stringify &&
      ((data: unknown): string => {
        check?.(data);
        return stringify(data);
      });
    const cached = spec.cache && spec.access !== 'public' ? serialise : null;
    // The tables whose versions key a cached route's answers; the type demands them, the boot too.
    const tables = tablesByName[name];
    if (cached && !tables?.length) throw new Error(`The cached route ${name} names no table it reads`);
    app.route({
      method: spec.method,
      url: `/api${spec.path}`,
      config: {
        access: spec.access,
        beforePasswordChange: spec.beforePasswordChange,
        sessionCookie: spec.sessionCookie,
        routeName: name,
        ...(cached && tables ? { reads: readsKeyOf(tables) } : {}),
      },
      // A JSON answer over 1 KB is compressed as the client accepts (app.ts); a raw answer is sent as is.
      ...(json ? { compress: {} } : {}),
      schema: {
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(answerSchema ? { response: { 200: answerSchema } } : {}),
      },
      ...(serialise ? { serializerCompiler: () => serialise } : {}),
      handler: async (request, reply) => {
        if (cached && request.actor) {
          // Made at the start of the minute: what it computes against the clock is the same for
          // every reader of that minute (platform/clock.ts). An answer that read the clock is kept
          // under a key that holds the minute; one that did not, or that named when what it
          // computed from the clock changes, under a key without it, valid until the data changes
          // (or that instant's minute).
          const minute = currentMinute();
          const timeless = answerKeyOf(name, request, request.actor, null);
          const timed = answerKeyOf(name, request, request.actor, minute);
          for (const { etag } of [timeless, timed]) {
            if (isNotModified(request, etag)) return reply.code(304).header('etag', etag).send();
          }
          const kept = answers.get(timeless.key, timed.key);
          if (kept && isNotModified(request, kept.etag)) return reply.code(304).header('etag', kept.etag).send();
          if (kept) return sendAnswer(answers, request, reply, kept);
          // Made once for the same reader's reads of the same minute that arrive meanwhile.
          const answer = await answers.once(timed.key, async () => {
            const made = await clockOf(minute, () => handler(contextOf(request, reply, deps, null)));
            if (made.readClock) return answers.set(timed.key, timed.etag, cached(made.value));
            // Kept without the minute, until what it computed from the clock changes, if ever: its
            // ETag names that instant, so that the answer made again then is not taken for it.
            const until = made.expiresAt;
            const etag = Number.isFinite(until) ? etagOf(`${timeless.key}\nuntil ${until}`) : timeless.etag;
            return answers.set(timeless.key, etag, cached(made.value), until);
          });
          return sendAnswer(answers, request, reply, answer);
        }
        const form = spec.form && !spec.form.stream ? await formOf(request, spec.form) : null;
        const answer = await handler(contextOf(request, reply, deps, form));
        // A raw route sends its own answer (a file, a stream, a redirect) through `reply`.
        if (reply.sent) return reply;
        return answer;
      },
    });
  }
};

/** The route names without a handler (the boot refuses them; a test names them). */
export const missingHandlers = (handlers: Partial<RouteHandlers>) =>
  Object.keys(API_ROUTES).filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');

/** The domain of a route, for logs and the OpenAPI document. */
export const tagOf = (name: string) => API_TAG_OF[name] ?? 'Plateforme';

export { HttpError };
