import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startFakeSalesforce } from '../../apps/server/src/test/fake-salesforce.js';
import { ROOT } from './paths.js';
import { STACKS, type Stack } from './stacks.js';

const waitForServer = async (url: string, server: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
};

/** An SMTP server on loopback that writes each received e-mail to the stack's mail folder. */
const startSmtp = async (stack: Stack) => {
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const file = path.join(stack.mailDir, `${String(count).padStart(4, '0')}.json`);
        await writeFile(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(stack.smtpPort, '127.0.0.1', resolve));
  return smtp;
};

/** What a user meets, for one worker: the real server (built web app, fresh embedded database seeded with the demo), its SMTP and its Salesforce. */
const startStack = async (stack: Stack) => {
  await rm(stack.dataDir, { recursive: true, force: true });
  await rm(stack.mailDir, { recursive: true, force: true });
  await mkdir(stack.mailDir, { recursive: true });
  const smtp = await startSmtp(stack);
  const salesforce = await startFakeSalesforce(stack.salesforcePort);

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(stack.port),
      HOST: '127.0.0.1',
      DATA_DIR: stack.dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${stack.smtpPort}`,
      APP_URL: stack.baseURL,
      WEB_DIST: path.join(ROOT, 'apps/web/dist'),
      OUTBOX_POLL_SECONDS: '0.5',
      // Every scenario signs in from 127.0.0.1: the limits stay on, scaled up.
      RATE_LIMIT_MULTIPLIER: '20',
      LOG_LEVEL: 'warn',
      // Every answer the browser gets is checked against its catalogued schema.
      CHECK_ANSWERS: '1',
      SALESFORCE_LOGIN_URL: salesforce.url,
      SALESFORCE_CLIENT_ID: 'promovente-e2e',
      SALESFORCE_CLIENT_SECRET: 'e2e-secret',
      // The default flow, client credentials (decision 025): no user or password.
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await salesforce.close();
  };
  try {
    await waitForServer(`${stack.baseURL}/api/health`, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
};

/** Starts one stack per worker (e2e/support/stacks.ts), side by side. */
export default async function globalSetup() {
  const started = await Promise.allSettled(STACKS.map(startStack));
  const stops = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const failed = started.find((outcome) => outcome.status === 'rejected');
  if (failed) {
    await Promise.all(stops.map((stop) => stop()));
    throw failed.reason;
  }
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
