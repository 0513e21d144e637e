import { deriveCandidacyStatus, deriveLotStatus } from '@promovente/shared';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { applications, candidacies, lots } from '../../db/schema/index.js';

const live = and(eq(applications.hidden, false), isNull(applications.closedAt));

/**
 * Recomputes the displayed status of lots from their live applications (docs/sales-process.md#2-lots-built), in
 * the transaction of the change. Returns the lots whose status changed, with from and to.
 */
export const recomputeLotStatuses = async (tx: Tx, lotIds: number[]) => {
  if (lotIds.length === 0) return [];
  const [lotRows, appRows] = await Promise.all([
    tx.select({ id: lots.id, rawStatus: lots.rawStatus, status: lots.status }).from(lots).where(inArray(lots.id, lotIds)),
    tx
      .select({ lotId: applications.lotId, status: applications.status })
      .from(applications)
      .where(and(inArray(applications.lotId, lotIds), live)),
  ]);
  const changed: { id: number; from: number; to: number }[] = [];
  for (const lot of lotRows) {
    const status = deriveLotStatus(
      lot.rawStatus,
      appRows.filter((a) => a.lotId === lot.id).map((a) => a.status),
    );
    if (status !== lot.status) {
      await tx.update(lots).set({ status }).where(eq(lots.id, lot.id));
      changed.push({ id: lot.id, from: lot.status, to: status });
    }
  }
  return changed;
};

/** Recomputes candidacy statuses from their best live application, only upward (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
export const recomputeCandidacyStatuses = async (tx: Tx, candidacyIds: number[]) => {
  if (candidacyIds.length === 0) return;
  const [candidacyRows, appRows] = await Promise.all([
    tx.select({ id: candidacies.id, status: candidacies.status }).from(candidacies).where(inArray(candidacies.id, candidacyIds)),
    tx
      .select({ c1: applications.candidacy1Id, c2: applications.candidacy2Id, status: applications.status })
      .from(applications)
      .where(and(or(inArray(applications.candidacy1Id, candidacyIds), inArray(applications.candidacy2Id, candidacyIds)), live)),
  ]);
  for (const candidacy of candidacyRows) {
    const statuses = appRows.filter((a) => a.c1 === candidacy.id || a.c2 === candidacy.id).map((a) => a.status);
    const status = deriveCandidacyStatus(candidacy.status, statuses.length > 0 ? Math.max(...statuses) : null);
    if (status !== candidacy.status) {
      await tx.update(candidacies).set({ status, updatedAt: new Date() }).where(eq(candidacies.id, candidacy.id));
    }
  }
};
