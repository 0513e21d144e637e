import { z } from 'zod';
import type { Permission } from '../permissions.js';

export { routePath } from './route-path.js';

/**
 * One entry of the API catalogue (docs/architecture.md, 'The API catalogue'): everything both
 * sides need to agree on for one route. The server registers the route from it (validation of
 * params, query and body, the access check, the answer serialised from `response`); the web
 * client calls it through `call(API.name, ...)` (endpoints.ts), typed from the same schemas; the OpenAPI
 * document is generated from it.
 */

/**
 * Who may call a route: anyone, any signed-in user, or whoever the shared permission table
 * (permissions.ts) grants that permission. A rule on the row itself (own agency, owner, the
 * promotion's membership) is the handler's, asked through the same table.
 */
export type RouteAccess = 'public' | 'signedIn' | Permission;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A multipart form: its text fields (each one's last value) and how many files of what size. */
export type FormSpec = {
  fields: z.ZodType;
  files: number;
  fileBytes: number;
  /** The route's own French wording of the limits, where its screen has one. */
  messages?: { fileTooBig?: string; tooManyFiles?: string };
  /** The handler reads the parts itself as they arrive (one file in memory at a time). */
  stream?: true;
};

/** An answer that is not JSON: a file, a PDF, a workbook, a page, a redirect. */
export type RawResponse = { raw: string; status?: number };

export type RouteSpec = {
  method: HttpMethod;
  /** Under /api, Fastify's syntax: `/promotions/:id/questions`. */
  path: string;
  /** What the route does, in French (the OpenAPI document's summary). */
  summary: string;
  access: RouteAccess;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: FormSpec;
  /** The answer of a 200: a schema (the serialiser keeps only the fields it names), or a raw answer. */
  response: z.ZodType | RawResponse;
  /**
   * The session may come from the `token` cookie when the request has no Authorization header:
   * only for what a browser opens by itself (an EventSource sends no header). Read-only routes
   * only; the cookie is SameSite=Lax, so another site's page never sends it.
   */
  sessionCookie?: true;
  /** Callable by a candidate who has not yet replaced his e-mailed password. */
  beforePasswordChange?: true;
  /**
   * Served by version (the server's answer cache, docs/architecture.md 'The answer cache'): the
   * answer depends only on the data its reader may see, the reader, the URL and the minute (what
   * it computes against the clock reads the server's `answerNow()`); it holds no signed link,
   * which would outlive its expiry in a kept answer.
   */
  cache?: true;
};

/** A domain's routes, keyed by a camelCase name unique in the whole catalogue. */
export const defineRoutes = /*@__NO_SIDE_EFFECTS__*/ <const Routes extends Record<string, RouteSpec>>(routes: Routes): Routes => routes;

export const isRawResponse = (response: RouteSpec['response']): response is RawResponse =>
  typeof (response as RawResponse).raw === 'string';

type Infer<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;
type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : never;

type Part<Key extends string, Schema> = [Schema] extends [z.ZodType] ? { [K in Key]: Infer<Schema> } : { [K in Key]?: never };

/** What a caller sends: the params, query and body the route declares (a form's fields travel as FormData). */
export type RouteInput<Route extends RouteSpec> = Part<'params', Route['params']> &
  Part<'query', Route['query']> &
  Part<'body', Route['body']> &
  ([Route['form']] extends [FormSpec] ? { form: FormData } : { form?: never });

/** The parsed input a handler receives. */
export type RouteParsed<Route extends RouteSpec> = {
  params: Parsed<Route['params']>;
  query: Parsed<Route['query']>;
  body: Parsed<Route['body']>;
};

/** What a 200 answers: the response schema's type; a raw answer is the handler's to send. */
export type RouteOutput<Route extends RouteSpec> = Route['response'] extends z.ZodType ? z.output<Route['response']> : unknown;

// The shapes most answers take (docs/product/calls.md#conventions).

/** `{ message }`: a change that answers only its French confirmation. */
export const messageSchema = z.object({ message: z.string() });

/** `{ data }` */
export const dataOf = /*@__NO_SIDE_EFFECTS__*/ <Schema extends z.ZodType>(data: Schema) => z.object({ data });

/** `{ data, message }`: a change that answers the row it wrote and its confirmation. */
export const dataAndMessageOf = /*@__NO_SIDE_EFFECTS__*/ <Schema extends z.ZodType>(data: Schema) =>
  z.object({ data, message: z.string().optional() });

/** The pagination object of docs/product/entities.md#pagination. */
export const pageOf = /*@__NO_SIDE_EFFECTS__*/ <Schema extends z.ZodType>(row: Schema) =>
  z.object({
    data: z.array(row),
    current_page: z.number(),
    last_page: z.number(),
    from: z.number().nullable(),
    to: z.number().nullable(),
    total: z.number(),
  });

/** `{ url }`: a signed link to a stored file. */
export const signedLinkSchema = z.object({ url: z.string() });
