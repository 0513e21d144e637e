import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage.js';
import { type LogEntry, writeLog } from '../logs/logs.service.js';

/**
 * The one write pipeline (docs/architecture.md, 'The write pipeline'): every command, and every
 * REST write of a promotion's data, runs through `runWrite`. It gives the write what the
 * dispatcher always gave commands: the promotion checked against the caller's (404 otherwise),
 * one transaction, the history row written in it, and the work outside the database (files,
 * e-mails already queued in the outbox, clean-ups) run only once the transaction has committed.
 */

export type WriteDeps = { db: Db; jobs: Jobs; config: Config; storage: Storage };

export type WriteContext = {
  tx: Tx;
  actor: RequestActor;
  jobs: Jobs;
  config: Config;
  storage: Storage;
  /** The promotion the write changes, already checked against the caller's promotions. */
  promotionId: number;
  /** Work outside the database that must happen only once the transaction has committed. */
  afterCommit: (work: () => Promise<unknown>) => void;
};

/** The history row of a write: what it acted on and its French description. */
export type WriteLog = Omit<LogEntry, 'promotionId' | 'executedById'>;

export type WriteResult<Data> = { data: Data; log: WriteLog | null };

/**
 * Runs one write of a promotion's data. `promotionOf` finds the promotion inside the transaction
 * (a row's promotion, read with the row), or the write names it; null is a row that does not
 * exist (404). The caller's membership is checked before `work` runs.
 */
export const runWrite = async <Data>(
  deps: WriteDeps,
  actor: RequestActor,
  promotionOf: number | ((tx: Tx) => Promise<number | null>),
  work: (write: WriteContext) => Promise<WriteResult<Data>>,
  notFound: () => Error,
): Promise<Data> => {
  const afterCommit: (() => Promise<unknown>)[] = [];
  const data = await deps.db.transaction(async (tx) => {
    const promotionId = typeof promotionOf === 'number' ? promotionOf : await promotionOf(tx);
    if (promotionId === null) throw notFound();
    await assertMemberOf(tx, actor, promotionId);
    const result = await work({
      tx,
      actor,
      jobs: deps.jobs,
      config: deps.config,
      storage: deps.storage,
      promotionId,
      afterCommit: (job) => afterCommit.push(job),
    });
    if (result.log) await writeLog(tx, { ...result.log, promotionId, executedById: actor.id });
    return result.data;
  });
  // The write stands once committed: a clean-up that fails afterwards does not undo it.
  await Promise.allSettled(afterCommit.map((job) => job()));
  return data;
};
