import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from './app.js';
import { loadConfig } from './config.js';
import type { Database } from './db/client.js';
import type { Jobs } from './platform/jobs.js';
import type { Storage } from './platform/storage.js';

const SCRIPT = `console.log(${JSON.stringify('Promovente '.repeat(200))});`;

let dist: string;
let app: App;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'promovente-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Promovente</title>');
  await writeFile(path.join(dist, 'assets', 'index-AbCd12_4.js'), SCRIPT);
  await writeFile(path.join(dist, 'assets', 'index-AbCd12_4.js.br'), brotliCompressSync(SCRIPT));
  await writeFile(path.join(dist, 'assets', 'index-AbCd12_4.js.gz'), gzipSync(SCRIPT));
  await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
  // Static files are served before any database work: none is needed here.
  app = await buildApp({
    config: { ...loadConfig({}), WEB_DIST: dist },
    database: {} as Database,
    jobs: {} as Jobs,
    storage: {} as Storage,
    logger: false,
  });
});

afterAll(async () => {
  await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the built web app (docs/performance.md#static-files)', () => {
  it('sends the Brotli copy of a hashed asset, cached for a year as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbCd12_4.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('sends gzip to a client without Brotli, and the file itself to one that accepts neither', async () => {
    const gzip = await app.inject({ method: 'GET', url: '/assets/index-AbCd12_4.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-AbCd12_4.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has the browser check every other file and every page again (no-cache)', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['cache-control']).toBe('no-cache');
    for (const url of ['/', '/candidates', '/tunnel-de-vente?page=2']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.body, url).toContain('<title>Promovente</title>');
    }
  });
});
