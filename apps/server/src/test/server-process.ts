import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../db/client.js';
import { seedDemo } from '../db/seed/demo.js';
import { START_NODE_ARGS } from '../deploy/start-command.js';
import { withDatabase } from './global-setup.js';

/** The server workspace (apps/server) and the repository root. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_DIR = path.resolve(SERVER_DIR, '../..');

/** The real server process as `npm start` runs it (`node`, its arguments from deploy/start-command.ts, `src/main.ts`), on loopback. */
export type ServerProcess = {
  child: ChildProcess;
  /** http://127.0.0.1:port, once it serves. */
  url: string;
  /** Resolves with the first log line matching `pattern`. */
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  logs: () => string;
};

export type Launch = { command: string; args: string[]; cwd: string; detached?: boolean };
export const NODE_LAUNCH: Launch = { command: process.execPath, args: [...START_NODE_ARGS, 'src/main.ts'], cwd: SERVER_DIR };

export const startServer = async (env: Record<string, string>, launch: Launch = NODE_LAUNCH): Promise<ServerProcess> => {
  const child = spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    detached: launch.detached ?? false,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WEB_DIST: '', LOG_LEVEL: 'info', OUTBOX_POLL_SECONDS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const scan = () => {
    for (const waiter of [...waiters]) {
      const line = output.split('\n').find((l) => waiter.pattern.test(l));
      if (line) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    scan();
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const waitForLog = (pattern: RegExp, timeoutMs = 60_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no log line ${pattern} within ${timeoutMs} ms:\n${output.slice(-3000)}`)),
        timeoutMs,
      );
      const done = (line: string) => {
        clearTimeout(timer);
        resolve(line);
      };
      waiters.push({ pattern, resolve: done });
      scan();
      void exited.then(() => {
        scan();
        if (waiters.some((w) => w.resolve === done)) {
          clearTimeout(timer);
          reject(new Error(`the server exited before ${pattern}:\n${output.slice(-3000)}`));
        }
      });
    });
  const serving = await waitForLog(/Promovente is serving/, 90_000);
  const url = (JSON.parse(serving) as { address: string }).address;
  return { child, url, waitForLog, exited, logs: () => output };
};

/** Where a spawned server keeps its data: a temporary folder, and a fresh PostgreSQL database in CI. */
export type ServerDatabase = { env: Record<string, string>; kind: 'pglite' | 'postgres'; url?: string; drop: () => Promise<void> };

export const serverDatabase = async (label: string): Promise<ServerDatabase> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `promovente-${label}-`));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { env: { DATA_DIR: dataDir }, kind: 'pglite', drop: removeDir };

  const name = `promovente_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabase(serverUrl, name);
  // The embedded database seeds the demo at its first start; PostgreSQL gets it like `npm run seed`.
  const database = await openPostgres(url);
  await database.migrate();
  await seedDemo(database.db, { scale: 1 });
  await database.close();
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    kind: 'postgres',
    url,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await removeDir();
    },
  };
};

export type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders } | { error: string };

/**
 * One request on its own connection (no keep-alive pool), so that "in flight" means: the
 * connection is established and the whole request has been written to it.
 */
export const request = (
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): { written: Promise<void>; answer: Promise<Answer> } => {
  let markWritten: () => void = () => {};
  const written = new Promise<void>((resolve) => {
    markWritten = resolve;
  });
  const answer = new Promise<Answer>((resolve) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      `${url}${options.path}`,
      {
        method: options.method ?? 'GET',
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        res.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message }));
      },
    );
    req.on('finish', markWritten);
    req.on('error', (error) => {
      markWritten();
      resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message });
    });
    req.end(payload);
  });
  return { written, answer };
};

export const signInDemo = async (url: string, email = 'courtier@demo.ch') => {
  const answer = await request(url, { method: 'POST', path: '/api/login', body: { email, password: 'demo-2026' } }).answer;
  if (!('status' in answer) || answer.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
  return { authorization: `Bearer ${(JSON.parse(answer.body) as { token: string }).token}` };
};

/** Whether a process of the group (spawned detached) is still alive. */
export const aliveInGroup = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};
