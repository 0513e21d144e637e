import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { startFakeSalesforce } from '../../apps/server/src/test/fake-salesforce.js';
import { E2E_PORT } from '../../playwright.config.js';
import { MAIL_DIR, ROOT } from './paths.js';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The recording fake Salesforce the CRM send talks to (e2e/crm.spec.ts). */
export const SALESFORCE_PORT = E2E_PORT + 5;

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

/**
 * Starts what a user meets: an SMTP server on loopback that writes each received e-mail to
 * MAIL_DIR, and the real server (built web app, fresh embedded database seeded with the demo).
 */
export default async function globalSetup() {
  const dataDir = path.join(ROOT, '.tmp', 'e2e-data');
  await rm(dataDir, { recursive: true, force: true });
  await rm(MAIL_DIR, { recursive: true, force: true });
  await mkdir(MAIL_DIR, { recursive: true });

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
        const file = path.join(MAIL_DIR, `${String(count).padStart(4, '0')}.json`);
        await writeFile(file, JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));

  const salesforce = await startFakeSalesforce(SALESFORCE_PORT);

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
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
  await waitForServer(`http://127.0.0.1:${E2E_PORT}/api/health`, server, 120_000);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await salesforce.close();
  };
}
