import { API_ROUTES, isRawResponse } from '@promovente/shared';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_HANDLERS } from '../routes.js';
import { createTestContext, type TestContext } from '../test/harness.js';
import { openApiPath } from './openapi.js';
import { jsonSchemaOf, missingHandlers, prepareAnswerSerialisers, serialiserOf } from './routes.js';

/**
 * The API catalogue (docs/architecture.md, 'The API catalogue'): every catalogued route has its
 * handler and is registered from its entry; the OpenAPI document generated from it validates
 * and lists every route; /api/docs shows it.
 */

const registered: { method: string; url: string; routeName?: string }[] = [];
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') registered.push({ method, url: route.url, routeName: route.config?.routeName });
      }
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

const catalogued = Object.entries(API_ROUTES);

describe('the API catalogue', () => {
  it('has a handler for every entry', () => {
    expect(missingHandlers(ROUTE_HANDLERS)).toEqual([]);
  });

  it('registers every entry at its method and path, under /api', () => {
    const byName = new Map(registered.filter((route) => route.routeName).map((route) => [route.routeName, route]));
    for (const [name, spec] of catalogued) {
      expect(byName.get(name), name).toEqual({ method: spec.method, url: `/api${spec.path}`, routeName: name });
    }
  });

  it('registers no /api route outside the catalogue', () => {
    expect(registered.filter((route) => !route.routeName).map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('never registers a catalogued method and path a second time by hand', () => {
    const keys = registered.map((route) => `${route.method} ${route.url}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document that lists every catalogued route with its French summary', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    // The parser validates against the OpenAPI 3.1 schema and resolves every $ref.
    const result = await validate(structuredClone(document));
    expect(result.valid ? '' : compileErrors(result)).toBe('');
    for (const [name, spec] of catalogued) {
      const operation = document.paths[openApiPath(spec.path)]?.[spec.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(name);
      expect(operation.summary).toBe(spec.summary);
      expect(operation['x-permission']).toBe(spec.access);
    }
    expect(document.components.securitySchemes.jeton).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('shows the document on a reference page at /api/docs, whose scripts are files of the server (no inline script)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Référence de l'API");
    expect(page.body).not.toMatch(/<script>[^<]/);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js', 'reference.js']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/reference.js' })).body).toContain('/api/openapi.json');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(404);
  });
});

describe('an answer serialised from its schema', () => {
  it('keeps only the fields the schema names', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe("the answers' serialisers (platform/routes.ts)", () => {
  const union = {
    type: 'object',
    properties: {
      agency: { anyOf: [{ type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } }, { type: 'null' }] },
    },
  };

  it("makes a route's serialiser once per process, and again once with its unions' validators compiled", () => {
    const lazy = serialiserOf('test:union', union);
    expect(serialiserOf('test:union', union)).toBe(lazy);
    const compiled = serialiserOf('test:union', union, true);
    expect(compiled).not.toBe(lazy);
    expect(serialiserOf('test:union', union)).toBe(compiled);
    expect(serialiserOf('test:union', union, true)).toBe(compiled);
    for (const answer of [{ agency: { id: 1, name: 'Agence du Léman', secret: 'x' } }, { agency: null }]) {
      expect(compiled(answer)).toBe(lazy(answer));
    }
    expect(compiled({ agency: { id: 1, name: 'Agence du Léman', secret: 'x' } })).toBe('{"agency":{"id":1,"name":"Agence du Léman"}}');
  });

  it('makes the serialisers of the routes served by version with their validators compiled before the server listens', () => {
    prepareAnswerSerialisers();
    const served = catalogued.filter(([, spec]) => spec.cache && !isRawResponse(spec.response));
    expect(served.length).toBeGreaterThan(20);
    for (const [name, spec] of served) {
      if (isRawResponse(spec.response)) continue;
      const schema = jsonSchemaOf(spec.response);
      expect(serialiserOf(name, schema, true), name).toBe(serialiserOf(name, schema));
    }
  });
});
