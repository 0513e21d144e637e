import type { Tx } from '../../db/client.js';
import { logs } from '../../db/schema/index.js';

export type LogEntry = {
  promotionId: number;
  executedById: number | null;
  /** What the command acted on, as shown in the 'Sur' column (a candidate's name, a lot reference). */
  onTitle: string;
  /** The French description. */
  title: string;
  applicationId?: number | null;
  lotId?: number | null;
  candidacyId?: number | null;
};

/** Every command writes its history row in its own transaction (design note 4). */
export const writeLog = async (tx: Tx, entry: LogEntry) => {
  await tx.insert(logs).values({
    promotionId: entry.promotionId,
    executedById: entry.executedById,
    executedOnTitle: entry.onTitle,
    title: entry.title,
    applicationId: entry.applicationId ?? null,
    lotId: entry.lotId ?? null,
    candidacyId: entry.candidacyId ?? null,
  });
};
