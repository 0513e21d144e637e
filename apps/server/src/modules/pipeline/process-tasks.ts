import { PROCESS_TASKS, type ProcessTaskKind } from '@promovente/shared';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { promotionUsers, tasks, users } from '../../db/schema/index.js';

/**
 * Who a process task goes to (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built): the application's broker, the promotion's main
 * notary (else its first notary), or its first banker. Null when the promotion has none.
 */
export const processAssignee = async (
  tx: Tx,
  promotionId: number,
  kind: ProcessTaskKind,
  brokerId: number | null,
): Promise<number | null> => {
  const role = PROCESS_TASKS[kind].assignee;
  if (role === 'broker') return brokerId;
  const [row] = await tx
    .select({ id: users.id })
    .from(promotionUsers)
    .innerJoin(users, eq(users.id, promotionUsers.userId))
    .where(and(eq(promotionUsers.promotionId, promotionId), eq(users.type, role)))
    .orderBy(desc(promotionUsers.main), asc(users.id))
    .limit(1);
  return row?.id ?? null;
};

/**
 * Opens the task of a process step on an application. It carries its kind and automatic_end:
 * the process closes it, never a hand (docs/product/tasks.md#screens).
 */
export const openProcessTask = async (
  tx: Tx,
  application: { id: number; promotionId: number; brokerId: number | null },
  kind: ProcessTaskKind,
  endAt: Date,
  createdById: number,
) => {
  const assignedToId = await processAssignee(tx, application.promotionId, kind, application.brokerId);
  await tx.insert(tasks).values({
    promotionId: application.promotionId,
    applicationId: application.id,
    title: PROCESS_TASKS[kind].title,
    type: 0,
    endAt,
    kind,
    automaticEnd: true,
    assignedToId,
    createdById,
  });
};

/** Closes the open process tasks of those kinds on an application; answers how many were open. */
export const closeProcessTasks = async (tx: Tx, applicationId: number, kinds: readonly ProcessTaskKind[], doneById: number) => {
  const closed = await tx
    .update(tasks)
    .set({ doneAt: new Date(), doneById })
    .where(and(eq(tasks.applicationId, applicationId), inArray(tasks.kind, [...kinds]), isNull(tasks.doneAt)))
    .returning({ id: tasks.id });
  return closed.length;
};
