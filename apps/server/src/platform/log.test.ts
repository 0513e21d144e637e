import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import type { Jobs } from './jobs.js';
import { createLogger, maskUrl } from './log.js';
import type { Storage } from './storage.js';

describe('request logs (docs/security.md, V16.2.5)', () => {
  it('mask the reset token, the reservation form id and a signed URL signature', () => {
    expect(maskUrl('/api/password/find/Zx81kLq0AbCdEf?x=1')).toBe('/api/password/find/[masqué]?x=1');
    expect(maskUrl('/api/applications/public/0b6a6d1e-4c4f-4f47-9f0e-2c1d5e6f7a8b')).toBe('/api/applications/public/[masqué]');
    expect(maskUrl('/api/files/u/download?expires=1&signature=abc_-9&x=2')).toBe('/api/files/u/download?expires=1&signature=[masqué]&x=2');
    expect(maskUrl('/api/lots?page=2')).toBe('/api/lots?page=2');
  });

  it("never write a reset link's token in the server's request lines", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // The route answers before touching the database: no database is needed to see the line.
    const app = await buildApp({
      config: { ...loadConfig({}), WEB_DIST: '' },
      database: {} as Database,
      jobs: {} as Jobs,
      storage: {} as Storage,
      logger: createLogger('info', sink),
    });
    await app.inject({ method: 'GET', url: '/api/nulle-part/password/find/SECRET-TOKEN-123' });
    await app.inject({ method: 'GET', url: '/api/password/find/SECRET-TOKEN-456' }).catch(() => undefined);
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/api/password/find/[masqué]');
    expect(logged).not.toContain('SECRET-TOKEN-456');
    // One line per answered request, none when it arrives (docs/performance.md#the-server).
    const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).not.toContain('incoming request');
    expect(messages.filter((msg) => msg === 'request' || msg === 'request errored')).toHaveLength(2);
  });
});
