import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type Database, type Tx, transactionExecutor } from '../db/client.js';

export type Jobs = {
  /**
   * Enqueues a job inside an open transaction: it exists only if the transaction commits.
   * `startAfter`: not run before then (the CRM send waiting for Salesforce's daily quota).
   */
  sendInTransaction: (tx: Tx, queue: string, data: object, options?: { startAfter?: Date }) => Promise<void>;
  work: (queue: string, handler: (data: any, finalAttempt: boolean) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
};

export const QUEUES = {
  mail: { retryLimit: 5, retryDelay: 20, retryBackoff: true },
  /**
   * The CRM send (modules/crm/crm.job.ts): transient failures retried 3 times, 30 s apart and
   * more; an attempt has an hour. Salesforce's daily API limit is not a retry: the job queues
   * the send again an hour later (startAfter).
   */
  crm: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 3600 },
} as const;

/**
 * pg-boss on the same database: by connection string on PostgreSQL, through the PGlite
 * instance's own query/exec on the embedded database (architecture note).
 */
export const startJobs = async (
  database: Database,
  options: { log: Logger; pollingIntervalSeconds: number; supervise: boolean },
): Promise<Jobs> => {
  const config = {
    supervise: options.supervise,
    schedule: false,
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ connectionString: database.url, max: 3, ...config })
      : new PgBoss({ db: database.executor, ...config });
  boss.on('error', (error: unknown) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, queueOptions] of Object.entries(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...queueOptions });
  }
  return {
    async sendInTransaction(tx, queue, data, options = {}) {
      await boss.send(queue, data, { db: transactionExecutor(tx), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
    },
    async work(queue, handler) {
      await boss.work(queue, { pollingIntervalSeconds: options.pollingIntervalSeconds, includeMetadata: true }, async ([job]: any[]) => {
        await handler(job.data, job.retryCount >= job.retryLimit);
      });
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
};
