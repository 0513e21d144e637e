import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { serverProcesses } from '../db/schema/index.js';
import { fileUrlSecretFingerprint } from './signed-url.js';

/** A process not seen for this long is gone (it heartbeats every HEARTBEAT_MS). */
export const PROCESS_SEEN_WITHIN_MS = 30_000;
export const HEARTBEAT_MS = 10_000;

/** Whether a process of this machine runs (signal 0 tests it without sending anything). */
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** What every process of one database must share: the key of the file links and the place of the stored files. */
export type SharedSettings = { fileSecret: string; storage: string };

export const sharedSettingsOf = (config: Config): SharedSettings => ({
  fileSecret: fileUrlSecretFingerprint(),
  storage: config.STORAGE_URL
    ? `${config.STORAGE_URL}${config.S3_ENDPOINT ? ` at ${config.S3_ENDPOINT}` : ''}`
    : `local:${os.hostname()}:${config.dataDir}`,
});

/** Why a process cannot serve beside those already serving, in the words of the settings to change; null when it can. */
export const conflictWith = (mine: SharedSettings, others: SharedSettings[]): string | null => {
  if (others.length === 0) return null;
  if (mine.fileSecret === 'random' || others.some((other) => other.fileSecret === 'random')) {
    return 'FILE_URL_SECRET: set the same key on every process of this database (a process that draws its own signs file links the others refuse)';
  }
  if (others.some((other) => other.fileSecret !== mine.fileSecret)) {
    return 'FILE_URL_SECRET: another process of this database signs file links with another key; set the same on every process';
  }
  const elsewhere = others.find((other) => other.storage !== mine.storage);
  if (elsewhere) {
    return `STORAGE_URL: another process of this database stores its files in ${elsewhere.storage}, this one in ${mine.storage}; share one object store (docs/decisions/033-object-storage.md)`;
  }
  return null;
};

/**
 * Registers this server process in the database it serves (PostgreSQL: several processes may
 * share it behind a load balancer), after checking, under a lock so that two starting at once
 * see each other, that the processes seen in the last 30 s share its settings; refuses to start
 * otherwise. The caller heartbeats and unregisters at its stop.
 */
export const registerProcess = async (db: Db, mine: SharedSettings, now: () => Date = () => new Date()) => {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('promovente.server_processes'))`);
    await tx.delete(serverProcesses).where(lt(serverProcesses.seenAt, new Date(now().getTime() - PROCESS_SEEN_WITHIN_MS)));
    // A process of this machine that is no longer running (killed, crashed) is gone at once: a
    // restart need not wait for its row to age.
    const here = await tx
      .select({ id: serverProcesses.id, pid: serverProcesses.pid })
      .from(serverProcesses)
      .where(eq(serverProcesses.host, os.hostname()));
    for (const row of here) if (!isRunning(row.pid)) await tx.delete(serverProcesses).where(eq(serverProcesses.id, row.id));
    const others = await tx.select({ fileSecret: serverProcesses.fileSecret, storage: serverProcesses.storage }).from(serverProcesses);
    const conflict = conflictWith(mine, others);
    if (conflict) throw new Error(`This server cannot start beside the ${others.length} already serving this database: ${conflict}`);
    const at = now();
    await tx.insert(serverProcesses).values({ id, host: os.hostname(), pid: process.pid, startedAt: at, seenAt: at, ...mine });
  });
  return {
    id,
    heartbeat: async () => {
      await db.update(serverProcesses).set({ seenAt: now() }).where(eq(serverProcesses.id, id));
    },
    unregister: async () => {
      await db.delete(serverProcesses).where(eq(serverProcesses.id, id));
    },
    /** The other processes seen lately (the health of a deployment, the tests). */
    others: () =>
      db
        .select()
        .from(serverProcesses)
        .where(and(ne(serverProcesses.id, id), gt(serverProcesses.seenAt, new Date(now().getTime() - PROCESS_SEEN_WITHIN_MS)))),
  };
};
