import { CRM_MESSAGES, type CrmSend, type CrmSendStatus, type CrmState, isCrmSendRunning } from '@promovente/shared';
import type { Db, Queryable } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { conflict, notFound } from '../../platform/errors.js';
import { runWrite, type WriteDeps } from '../commands/index.js';
import { CRM_SEND_STALE_MS, insertSend, lockPromotion, selectCrmState, selectSendUnderWay, updateConnected } from './crm.queries.js';

/** The pg-boss queue of the sends (its retries: `QUEUES.crm` in platform/jobs.ts). */
export const CRM_QUEUE = 'crm';

const iso = (at: Date | string | null | undefined) => (at ? new Date(at).toISOString() : null);

/** The screen's state: configured, connected, the last successful send and the latest send. */
export const readCrmState = async (db: Queryable, promotionId: number, configured: boolean): Promise<CrmState> => {
  const row = await selectCrmState(db, promotionId);
  if (!row) throw notFound();
  const send = row.send;
  const status = send?.status as CrmSendStatus | undefined;
  // A send lost on the way (see CRM_SEND_STALE_MS) reads as failed, so the button comes back.
  const since = send?.resumeAt ?? send?.createdAt;
  const lost = isCrmSendRunning(status) && Boolean(since) && Date.now() - new Date(since as Date).getTime() > CRM_SEND_STALE_MS;
  const lastSend: CrmSend | null =
    send && send.id !== null
      ? {
          id: send.id,
          status: lost ? 'failed' : (status as CrmSendStatus),
          error: lost ? CRM_MESSAGES.abandoned : send.error,
          lots_sent: send.lotsSent ?? 0,
          candidacies_sent: send.candidaciesSent ?? 0,
          refused: (typeof send.refused === 'string' ? JSON.parse(send.refused) : send.refused) ?? [],
          resume_at: lost ? null : iso(send.resumeAt),
          requested_at: iso(send.createdAt) ?? '',
          finished_at: iso(send.finishedAt),
        }
      : null;
  return { configured, connected: row.connected, crm_updated_at: iso(row.crmUpdatedAt), last_send: lastSend };
};

/** GET promotions/{id}/crm: the promotion's brokers (another promotion's id answers 404). */
export const getCrmState = async (db: Db, actor: RequestActor, promotionId: number, configured: boolean) => {
  await assertMemberOf(db, actor, promotionId);
  return readCrmState(db, promotionId, configured);
};

/**
 * PUT promotions/{id}/send-to-crm: queues the send and its job in one transaction (no job without
 * its row, no row without its job). Refused, in French, when the server has no Salesforce
 * configuration, when the promotion is not connected, or while a send is under way.
 */
export const requestCrmSend = async (deps: WriteDeps, actor: RequestActor, promotionId: number, configured: boolean) => {
  await runWrite(
    deps,
    actor,
    promotionId,
    async ({ tx, jobs }) => {
      if (!configured) throw conflict(CRM_MESSAGES.notConfigured);
      const promotion = await lockPromotion(tx, promotionId);
      if (!promotion) throw notFound();
      if (!promotion.connected) throw conflict(CRM_MESSAGES.notConnected);
      if (await selectSendUnderWay(tx, promotionId, new Date())) throw conflict(CRM_MESSAGES.alreadyRunning);
      const send = await insertSend(tx, promotionId, actor.id);
      await jobs.sendInTransaction(tx, CRM_QUEUE, { id: send.id });
      // No log row: the send's own row (crm_sends) is its record.
      return { data: null, log: null };
    },
    notFound,
  );
  return readCrmState(deps.db, promotionId, configured);
};

/**
 * PUT promotions/{id}/crm: an admin (crm.connect, the route's access) connects or disconnects the
 * promotion (docs/decisions/011-crm-connection-per-promotion.md).
 */
export const setCrmConnected = async (db: Db, promotionId: number, connected: boolean, configured: boolean) => {
  if (!(await updateConnected(db, promotionId, connected))) throw notFound();
  return readCrmState(db, promotionId, configured);
};
