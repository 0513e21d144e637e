import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** The names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of proxy-addr's range names. */
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Holds the embedded database (pglite/) and the stored files (files/). */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL connection string; without it the embedded PGlite database is used. */
  DATABASE_URL: z.string().optional(),
  /** The PostgreSQL connections the server keeps open (docs/performance.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
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
  /**
   * The reverse proxies whose X-Forwarded-For / -Proto / -Host are believed (comma-separated
   * addresses or CIDR ranges). Empty, the default: no forwarded header is trusted and the
   * client address is the connection's, so nobody can choose the address rate limits count.
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(isProxyAddress, { error: (issue) => `TRUSTED_PROXIES: ${String(issue.input)} is not an IP address or a CIDR range` }),
      ),
    ),
  /** Seconds between two polls of the e-mail outbox. */
  OUTBOX_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
  /**
   * The CRM (docs/sales-process.md#crm-send-built): Salesforce's login address (https://login.salesforce.com,
   * https://test.salesforce.com or the org's My Domain) and its connected app. With a username and
   * password the OAuth 2 username-password flow is used, without them the client-credentials
   * flow. Without the address, id and secret the CRM is not configured and the send is refused.
   */
  SALESFORCE_LOGIN_URL: z.string().optional(),
  SALESFORCE_CLIENT_ID: z.string().optional(),
  SALESFORCE_CLIENT_SECRET: z.string().optional(),
  SALESFORCE_USERNAME: z.string().optional(),
  SALESFORCE_PASSWORD: z.string().optional(),
  SALESFORCE_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d$/, { error: 'SALESFORCE_API_VERSION: a version such as v61.0' })
    .default('v61.0'),
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
