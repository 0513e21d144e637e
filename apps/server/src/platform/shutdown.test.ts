import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  aliveInGroup,
  REPO_DIR,
  request,
  type ServerDatabase,
  type ServerProcess,
  serverDatabase,
  signInDemo,
  startServer,
} from '../test/server-process.js';
import { SERVICE_UNAVAILABLE } from './errors.js';

const IN_FLIGHT = 100;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

let data: ServerDatabase;
const started: ServerProcess[] = [];
beforeAll(async () => {
  data = await serverDatabase('shutdown');
}, 120_000);
afterAll(async () => {
  for (const server of started) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await data.drop();
});

const statusOf = (answer: Answer) => ('status' in answer ? answer.status : answer.error);
const tally = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[statusOf(answer)] = (counts[statusOf(answer)] ?? 0) + 1;
  return counts;
};

/** How many requests to `url` the server had answered before it logged its stop (its log is in order). */
const completedBeforeStop = (logs: string, url: string) => {
  let completed = 0;
  for (const line of logs.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; req?: { url?: string } };
    if (entry.msg?.startsWith('stopping')) break;
    // One line per answered request (app.ts).
    if (entry.msg === 'request' && entry.req?.url === url) completed += 1;
  }
  return completed;
};

/** A request whose headers are still arriving: its connection is accepted, its request unfinished. */
const slowRequest = async (url: string, headers: Record<string, string>) => {
  const { port } = new URL(url);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(`GET /api/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${headers.authorization}\r\n`);
  return { finish: () => socket.write('\r\n'), response: closed };
};

describe(`SIGTERM while ${IN_FLIGHT} requests are in flight (${database})`, () => {
  it('answers every request in flight with 200, new ones with a French 503 while draining, then refuses connections and exits 0 within 10 s', async () => {
    const server = await startServer(data.env);
    started.push(server);
    const headers = await signInDemo(server.url);
    const slow = await slowRequest(server.url, headers);

    const inFlight = Array.from({ length: IN_FLIGHT }, () => request(server.url, { path: '/api/candidacies/all', headers }));
    await Promise.all(inFlight.map((r) => r.written));
    await new Promise((resolve) => setImmediate(resolve));
    const signalAt = Date.now();
    server.child.kill('SIGTERM');

    await server.waitForLog(/draining: new requests answer 503/, 5000);
    const late = await Promise.all(Array.from({ length: 10 }, () => request(server.url, { path: '/api/health' }).answer));
    slow.finish();

    const answers = await Promise.all(inFlight.map((r) => r.answer));
    const slowAnswer = await slow.response;
    const exit = await server.exited;
    const refused = await request(server.url, { path: '/api/health' }).answer;

    // The slow request is in flight at the signal by construction: its headers end only after the
    // drain began. How many of the fast ones the server had answered before it took the signal
    // depends on the machine's load (from 0 to 99 of 100 seen): reported, not asserted.
    const unansweredAtSignal = IN_FLIGHT - completedBeforeStop(server.logs(), '/api/candidacies/all');
    expect(tally(answers)).toEqual({ 200: IN_FLIGHT });
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(tally(late)).toEqual({ 503: 10 });
    for (const answer of late) {
      expect('status' in answer && JSON.parse(answer.body)).toEqual({ message: SERVICE_UNAVAILABLE });
      expect('status' in answer && answer.headers.connection).toBe('close');
    }
    expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null });
    expect(exit.at - signalAt).toBeLessThanOrEqual(10_000);
    expect(statusOf(refused)).toBe('ECONNREFUSED');
    console.info(
      `[shutdown ${data.kind}] ${unansweredAtSignal}/${IN_FLIGHT} not yet answered by the server when it took SIGTERM, all 200; 10/10 late requests 503; exit 0 after ${exit.at - signalAt} ms`,
    );
  }, 120_000);
});

describe(`SIGTERM with an idle connection open (${database})`, () => {
  it("a connection that never sends a request (a browser's spare one) holds the stop for 1 s of quiet, not 10", async () => {
    const server = await startServer(data.env);
    started.push(server);
    const idle = net.connect(Number(new URL(server.url).port), '127.0.0.1');
    await new Promise((resolve) => idle.once('connect', resolve));
    const closed = new Promise((resolve) => idle.once('close', resolve));
    const signalAt = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    await closed;
    expect(exit.code).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(5000);
    expect(server.logs()).toMatch(/"outcome":"quiet".*"msg":"stopped"/);
  }, 120_000);
});

describe(`the README's start command stops on SIGTERM and Ctrl-C (${database})`, () => {
  const rootStart = (JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    .start;

  it('npm start builds the web app, then hands its process over to the server command (exec, no shell left in between)', () => {
    expect(rootStart).toBe('npm run build && exec npm run start -w @promovente/server');
  });

  const launchThroughNpm = () =>
    startServer(data.env, { command: 'npm', args: ['run', 'start', '-w', '@promovente/server'], cwd: REPO_DIR, detached: true });

  it('SIGTERM to npm stops the whole process tree (npm, the server) within 10 s', async () => {
    const server = await launchThroughNpm();
    started.push(server);
    const pgid = server.child.pid as number;
    const signalAt = Date.now();
    process.kill(pgid, 'SIGTERM');
    const exit = await server.exited;
    const deadline = Date.now() + 10_000;
    while (aliveInGroup(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const alive = aliveInGroup(pgid);
    if (alive) process.kill(-pgid, 'SIGKILL');
    expect(alive).toBe(false);
    expect(exit.code).toBe(0);
    expect(Date.now() - signalAt).toBeLessThanOrEqual(10_000);
    expect(statusOf(await request(server.url, { path: '/api/health' }).answer)).toBe('ECONNREFUSED');
    expect(server.logs()).toMatch(/"outcome":"drained".*"msg":"stopped"/);
  }, 120_000);

  it('Ctrl-C (SIGINT to every process of the terminal group) stops it once, draining, with exit code 0', async () => {
    const server = await launchThroughNpm();
    started.push(server);
    const pgid = server.child.pid as number;
    process.kill(-pgid, 'SIGINT');
    const exit = await server.exited;
    const deadline = Date.now() + 10_000;
    while (aliveInGroup(pgid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const alive = aliveInGroup(pgid);
    if (alive) process.kill(-pgid, 'SIGKILL');
    expect(alive).toBe(false);
    expect(exit.code).toBe(0);
    expect(server.logs()).toMatch(/"msg":"stopped"/);
  }, 120_000);
});
