import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';
import { SECURITY_OPTIONS, securityHeadersOf } from './security-headers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('API conventions (architecture note)', () => {
  it('answers an unknown API path with a JSON 404 in French', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nulle-part' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Ressource introuvable' });
  });

  it('sends the browser security headers on every answer (docs/security.md, V3.4)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': expect.stringContaining('max-age=31536000'),
      'cache-control': 'no-store',
    });
  });

  it('sends them on a refusal and an unknown path too, as helmet writes them', async () => {
    const expected = securityHeadersOf(SECURITY_OPTIONS);
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    for (const url of ['/api/user', '/api/nulle-part']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers).toMatchObject(expected);
    }
  });

  it('answers malformed JSON with a French 400 and no stack trace', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Données invalides' });
  });

  it('translates zod type errors into French', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email: 42, password: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('E-mail requis');
  });

  it('refuses to register an API route that does not declare who may call it', async () => {
    const { default: Fastify } = await import('fastify');
    const { authPlugin } = await import('./auth.js');
    const app = Fastify();
    await app.register(authPlugin, { db: ctx.database.db });
    expect(() => app.get('/api/sans-declaration', async () => ({}))).toThrow(/does not declare who may call it/);
    await app.close();
  });
});
