import { isIP } from 'node:net';
import path from 'node:path';
import { PROMOTION_STORAGE_QUOTA_GB_DEFAULT } from '@promovente/shared';
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

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Holds the embedded database (pglite/) and the stored files (files/). */
    DATA_DIR: z.string().default('./data'),
    /** A PostgreSQL connection string; without it the embedded PGlite database is used. */
    DATABASE_URL: z.string().optional(),
    /**
     * The PostgreSQL connections of the server's main pool, and half as many for the statements
     * planned once (docs/performance.md, 'The server'; decision 037: on two cores, 10 answered the
     * mixed phase with a lower p95 than 20 or 40).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** smtp://user:pass@host:port; without it e-mails are kept in the database. */
    SMTP_URL: z.string().optional(),
    /**
     * The local mailbox (docs/decisions/027-local-mailbox-and-administration-actions.md): '1' shows
     * admins the kept e-mails whole, their links working; '0' never. Unset, it is on only for a run
     * on this machine: no SMTP_URL, the embedded database and APP_URL on loopback. Never with SMTP_URL.
     */
    LOCAL_MAILBOX: z.enum(['0', '1'], { error: 'LOCAL_MAILBOX: 0 or 1' }).optional(),
    MAIL_FROM: z.string().default('Promovente <no-reply@promovente.ch>'),
    /** Public address of the application, used in e-mailed links; unset, this server's own (loadConfig). */
    APP_URL: z.string().trim().optional(),
    /** The built web app to serve; empty to serve the API only. */
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Every JSON answer is also checked against its catalogued schema before it is serialised
     * (an answer the schema does not describe is a 500 naming the field). On in the test suites
     * (unset under Vitest: on); off in production, where the serialiser alone shapes the answer.
     */
    CHECK_ANSWERS: z.enum(['0', '1'], { error: 'CHECK_ANSWERS: 0 or 1' }).default(process.env.VITEST ? '1' : '0'),
    /**
     * The memory of the answer cache (platform/answer-cache.ts), in megabytes: the finished
     * answers of the lists served by version. 0 turns it off (every read runs its SQL; the
     * ETag and its 304 stay, they cost no memory).
     */
    ANSWER_CACHE_MB: z.coerce.number().int().min(0).max(4096, { error: 'ANSWER_CACHE_MB: at most 4096' }).default(64),
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
    /** The gigabytes of uploaded files one promotion may hold (docs/decisions/023-uploads-limits-quota-and-metadata.md). */
    PROMOTION_STORAGE_QUOTA_GB: z.coerce
      .number({ error: 'PROMOTION_STORAGE_QUOTA_GB: a number of gigabytes' })
      .positive({ error: 'PROMOTION_STORAGE_QUOTA_GB: a number of gigabytes above 0' })
      .default(PROMOTION_STORAGE_QUOTA_GB_DEFAULT),
    /**
     * Where stored files live (docs/decisions/033-object-storage.md). Unset: the folder files/ of
     * DATA_DIR. s3://bucket or s3://bucket/prefix: an S3-compatible object store, which several
     * server processes can share; S3_ENDPOINT for a store other than AWS (MinIO, Exoscale...),
     * S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (else the AWS SDK's own chain), and
     * S3_FORCE_PATH_STYLE=1 for a store that wants the bucket in the path.
     */
    STORAGE_URL: z
      .string()
      .trim()
      .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/, {
        error: 'STORAGE_URL: s3://bucket or s3://bucket/prefix (a bucket of 3 to 63 lowercase letters, digits, dots and hyphens)',
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_ENDPOINT: z.url({ error: 'S3_ENDPOINT: an address such as https://sos-ch-gva-2.exo.io' }).optional(),
    S3_REGION: z.string().trim().min(1).default('eu-central-2'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { error: 'S3_FORCE_PATH_STYLE: 0 or 1' }).default('0'),
    /** Seconds between two polls of the e-mail outbox. */
    OUTBOX_POLL_SECONDS: z.coerce.number().min(0.5).default(2),
    /**
     * The CRM (docs/sales-process.md#crm-send-built): Salesforce's login address and its connected
     * app. The OAuth 2 client-credentials flow by default (the org's My Domain, the app's "Run As"
     * user); SALESFORCE_AUTH_FLOW=password for the username-password flow, which orgs created since
     * Summer '23 block (then SALESFORCE_USERNAME and SALESFORCE_PASSWORD). Without the address, id
     * and secret the CRM is not configured and the send is refused.
     */
    SALESFORCE_LOGIN_URL: z.string().optional(),
    SALESFORCE_CLIENT_ID: z.string().optional(),
    SALESFORCE_CLIENT_SECRET: z.string().optional(),
    SALESFORCE_AUTH_FLOW: z
      .enum(['client_credentials', 'password'], { error: 'SALESFORCE_AUTH_FLOW: client_credentials or password' })
      .default('client_credentials'),
    SALESFORCE_USERNAME: z.string().optional(),
    SALESFORCE_PASSWORD: z.string().optional(),
    SALESFORCE_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d$/, { error: 'SALESFORCE_API_VERSION: a version such as v61.0' })
      // The upsert of sObject Collections came with v46.0.
      .refine((version) => Number(version.slice(1).split('.')[0]) >= 46, { error: 'SALESFORCE_API_VERSION: v46.0 or later' })
      .default('v61.0'),
  })
  .superRefine((config, context) => {
    if (Boolean(config.S3_ACCESS_KEY_ID?.trim()) !== Boolean(config.S3_SECRET_ACCESS_KEY?.trim())) {
      context.addIssue({ code: 'custom', message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
    }
    // A Salesforce configuration that cannot sign in stops the boot, with the reason.
    const filled = (value: string | undefined) => Boolean(value?.trim());
    if (!filled(config.SALESFORCE_LOGIN_URL)) return;
    const credentials = filled(config.SALESFORCE_USERNAME) || filled(config.SALESFORCE_PASSWORD);
    if (config.SALESFORCE_AUTH_FLOW === 'password' && !(filled(config.SALESFORCE_USERNAME) && filled(config.SALESFORCE_PASSWORD))) {
      context.addIssue({ code: 'custom', message: 'SALESFORCE_AUTH_FLOW=password needs SALESFORCE_USERNAME and SALESFORCE_PASSWORD' });
    }
    if (config.SALESFORCE_AUTH_FLOW === 'client_credentials' && credentials) {
      context.addIssue({
        code: 'custom',
        message:
          'SALESFORCE_USERNAME and SALESFORCE_PASSWORD are for the username-password flow: set SALESFORCE_AUTH_FLOW=password, or remove them',
      });
    }
    if (
      config.SALESFORCE_AUTH_FLOW === 'client_credentials' &&
      /^https?:\/\/(login|test)\.salesforce\.com\/*$/i.test(config.SALESFORCE_LOGIN_URL?.trim() ?? '')
    ) {
      context.addIssue({
        code: 'custom',
        message:
          "SALESFORCE_LOGIN_URL: the client-credentials flow signs in at the org's My Domain (https://<domain>.my.salesforce.com), not at login or test.salesforce.com",
      });
    }
  });

export type Config = Omit<z.infer<typeof configSchema>, 'APP_URL'> & {
  APP_URL: string;
  dataDir: string;
  /** Admins read the kept e-mails whole, secrets and working links included (never in production: see localMailboxOf). */
  localMailbox: boolean;
};

/** Whether an address is this machine's: localhost (and *.localhost), 127.0.0.0/8 or ::1. */
const isLoopbackUrl = (url: string) => {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (isIP(hostname) === 4) return hostname.startsWith('127.');
  return hostname === '::1';
};

/**
 * The local mailbox is on when asked (LOCAL_MAILBOX=1) or, unset, when the run is plainly a
 * local one: e-mails kept (no SMTP_URL), the embedded database (no DATABASE_URL) and links
 * pointing at this machine (APP_URL on loopback), which a real deployment's e-mails never do.
 * With SMTP_URL it is off whatever else says: asking for both stops the boot.
 */
const localMailboxOf = (parsed: z.infer<typeof configSchema>, appUrl: string) => {
  const smtp = Boolean(parsed.SMTP_URL);
  if (parsed.LOCAL_MAILBOX === '1' && smtp) {
    throw new Error('LOCAL_MAILBOX=1 and SMTP_URL cannot be set together: with an SMTP server the e-mails are delivered, not kept');
  }
  if (smtp || parsed.LOCAL_MAILBOX === '0') return false;
  return parsed.LOCAL_MAILBOX === '1' || (!parsed.DATABASE_URL && isLoopbackUrl(appUrl));
};

/**
 * npm runs workspace scripts from the workspace folder; INIT_CWD is where the user typed the
 * command, so `DATA_DIR=./data` means the same folder for `npm start` and `npm run seed`.
 */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = configSchema.parse(env);
  const base = env.INIT_CWD ?? process.cwd();
  // Links are built as `${APP_URL}/path`: no trailing slash. Unset, the address this server listens on.
  const appUrl = (parsed.APP_URL || `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  return { ...parsed, APP_URL: appUrl, dataDir: path.resolve(base, parsed.DATA_DIR), localMailbox: localMailboxOf(parsed, appUrl) };
};
