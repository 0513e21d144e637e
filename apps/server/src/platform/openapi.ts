import { API_DOMAINS, API_ROUTES, API_TAG_OF, isRawResponse, MESSAGES, type RouteSpec } from '@promovente/shared';
import type { z } from 'zod';
import { jsonSchemaOf } from './routes.js';

/**
 * The OpenAPI 3.1 document of the whole API, generated from the catalogue
 * (docs/architecture.md, 'The API catalogue'): French summaries, the domain as tag, the
 * permission a route needs, its params, query, body or multipart form, its answer's schema and
 * the French error answers. Served at /api/openapi.json, read by the page at /api/docs.
 */

type Schema = Record<string, unknown>;

const errorAnswer = (description: string, example: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Erreur' }, example: { message: example } } },
});

/** The parameters of one location, from an object schema's properties. */
const parametersOf = (schema: z.ZodType | undefined, location: 'path' | 'query') => {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Schema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
};

const requestBodyOf = (spec: RouteSpec) => {
  if (spec.body) return { required: true, content: { 'application/json': { schema: jsonSchemaOf(spec.body, 'input') } } };
  if (!spec.form) return undefined;
  const fields = jsonSchemaOf(spec.form.fields, 'input');
  const properties = { ...((fields.properties ?? {}) as Record<string, Schema>) };
  const files = {
    type: 'string',
    format: 'binary',
    description: `Au plus ${spec.form.files} fichier(s) de ${Math.round(spec.form.fileBytes / 1024 / 1024)} Mo`,
  };
  return {
    required: true,
    content: { 'multipart/form-data': { schema: { type: 'object', properties: { ...properties, fichiers: files } } } },
  };
};

const answerOf = (spec: RouteSpec) => {
  if (isRawResponse(spec.response)) {
    return {
      description: 'Réponse brute',
      content: Object.fromEntries(spec.response.raw.split(',').map((type) => [type.trim(), {}])),
    };
  }
  return { description: 'Réponse', content: { 'application/json': { schema: jsonSchemaOf(spec.response) } } };
};

const operationOf = (name: string, spec: RouteSpec) => {
  const signedIn = spec.access !== 'public';
  const responses: Record<string, unknown> = { 200: answerOf(spec) };
  if (spec.params || spec.query || spec.body || spec.form) responses[400] = errorAnswer('Données refusées', MESSAGES.invalidInput);
  if (signedIn) {
    responses[401] = errorAnswer('Non connecté', MESSAGES.pleaseSignIn);
    responses[403] = errorAnswer('Accès refusé', MESSAGES.accessDenied);
  }
  if (spec.params) responses[404] = errorAnswer('Introuvable (ou dans une promotion dont vous n’êtes pas membre)', MESSAGES.pageNotFound);
  return {
    operationId: name,
    summary: spec.summary,
    tags: [API_TAG_OF[name]],
    ...(signedIn ? { security: [{ jeton: [] }] } : { security: [] }),
    'x-permission': spec.access,
    parameters: [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')],
    ...(requestBodyOf(spec) ? { requestBody: requestBodyOf(spec) } : {}),
    responses,
  };
};

/** `/promotions/:id/questions` as OpenAPI writes it: `/promotions/{id}/questions`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

export const buildOpenApi = (version: string) => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, spec] of Object.entries(API_ROUTES)) {
    const path = openApiPath(spec.path);
    paths[path] ??= {};
    paths[path][spec.method.toLowerCase()] = operationOf(name, spec);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'API Promovente',
      version,
      description:
        'Toutes les routes de Promovente, générées de leur catalogue. Chaque route demande une permission (x-permission, voir docs/permissions.md) ; une ligne d’une autre promotion répond 404.',
    },
    servers: [{ url: '/api' }],
    tags: Object.keys(API_DOMAINS).map((tag) => ({ name: tag })),
    components: {
      securitySchemes: { jeton: { type: 'http', scheme: 'bearer', description: 'Le jeton reçu de POST /login' } },
      schemas: {
        Erreur: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string' } },
          example: { message: MESSAGES.accessDenied },
        },
      },
    },
    paths,
  };
};
