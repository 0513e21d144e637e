import { CRM_MESSAGES, type CrmSend, type CrmSendStatus, type CrmState, can, isCrmSendRunning } from '@promovente/shared';
import type { Db, Queryable } from '../../db/client.js';
import { assertMemberOf } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
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
  const lost =
    isCrmSendRunning(status) && Boolean(send?.createdAt) && Date.now() - new Date(send?.createdAt as Date).getTime() > CRM_SEND_STALE_MS;
  const lastSend: CrmSend | null =
    send && send.id !== null
      ? {
          id: send.id,
          status: lost ? 'failed' : (status as CrmSendStatus),
          error: lost ? CRM_MESSAGES.abandoned : send.error,
          lots_sent: send.lotsSent ?? 0,
          candidacies_sent: send.candidaciesSent ?? 0,
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
export const requestCrmSend = async (db: Db, jobs: Jobs, actor: RequestActor, promotionId: number, configured: boolean) => {
  await assertMemberOf(db, actor, promotionId);
  if (!configured) throw conflict(CRM_MESSAGES.notConfigured);
  await db.transaction(async (tx) => {
    const promotion = await lockPromotion(tx, promotionId);
    if (!promotion) throw notFound();
    if (!promotion.connected) throw conflict(CRM_MESSAGES.notConnected);
    if (await selectSendUnderWay(tx, promotionId, new Date())) throw conflict(CRM_MESSAGES.alreadyRunning);
    const send = await insertSend(tx, promotionId, actor.id);
    await jobs.sendInTransaction(tx, CRM_QUEUE, { id: send.id });
  });
  return readCrmState(db, promotionId, configured);
};

/** PUT promotions/{id}/crm: an admin connects or disconnects the promotion (docs/decisions/011-crm-connection-per-promotion.md). */
export const setCrmConnected = async (db: Db, actor: RequestActor, promotionId: number, connected: boolean, configured: boolean) => {
  if (!can(actor, 'crm.connect')) throw forbidden();
  if (!(await updateConnected(db, promotionId, connected))) throw notFound();
  return readCrmState(db, promotionId, configured);
};
