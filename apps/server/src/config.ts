import path from 'node:path';
import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Holds the embedded database (pglite/) and the stored files (files/). */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** smtp://user:pass@host:port; without it e-mails are kept in the database. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Promovente <no-reply@promovente.ch>'),
  /** Public address of the application, used in e-mailed links. */
  APP_URL: z.string().default('http://localhost:3000'),
  /** The built web app to serve; empty to serve the API only. */
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Multiplies the sign-in and reset rate limits (a browser test suite signs in often). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).default(1),
  /** Seconds between two polls of the e-mail outbox. */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
});

export type Config = z.infer<typeof configSchema> & { dataDir: string };

/**
 * npm runs workspace scripts from the workspace folder; INIT_CWD is where the user typed the
 * command, so `DATA_DIR=./data` means the same folder for `npm start` and `npm run seed`.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = configSchema.parse(env);
  const base = env.INIT_CWD ?? process.cwd();
  return { ...parsed, dataDir: path.resolve(base, parsed.DATA_DIR) };
};
