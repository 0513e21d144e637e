import { CRM_MESSAGES, MESSAGES } from '@promovente/shared';
import type { Db } from '../../db/client.js';
import { markPromotionSent, selectSend, selectSendContent, storeSalesforceIds, updateSend } from './crm.queries.js';
import {
  candidacyFields,
  createSalesforceClient,
  lotFields,
  promotionFields,
  SalesforceRefusal,
  type SalesforceSettings,
  SalesforceUnavailable,
  type UpsertItem,
} from './salesforce.js';

/** The records of one send, in the order Salesforce needs them: the promotion, its lots, its candidacies. */
export const sendItems = (content: Awaited<ReturnType<typeof selectSendContent>>): UpsertItem[] => {
  const { promotion } = content;
  if (!promotion) return [];
  return [
    { kind: 'promotion', ourId: promotion.id, name: promotion.title, fields: promotionFields(promotion) },
    ...content.lots.map((lot): UpsertItem => ({ kind: 'lot', ourId: lot.id, name: lot.reference, fields: lotFields(lot, promotion.id) })),
    ...content.candidacies.map(
      (c): UpsertItem => ({
        kind: 'candidacy',
        ourId: c.id,
        name: `${c.firstName} ${c.lastName}`.trim(),
        fields: candidacyFields(c, promotion.id),
      }),
    ),
  ];
};

/**
 * The `crm` job: runs one queued send (docs/sales-process.md#crm-send-built). A refusal (a record
 * Salesforce refuses, a refused sign-in, no configuration) fails the send at once; any other
 * failure (network, 5xx, 429, our database) puts it back in the queue and throws, so that pg-boss retries it,
 * until the final attempt fails it. Success keeps the Salesforce ids and sets crm_updated_at in
 * one transaction.
 */
export const runCrmSend = async (
  db: Db,
  settings: SalesforceSettings | null,
  sendId: number,
  finalAttempt: boolean,
  now: () => Date = () => new Date(),
): Promise<void> => {
  const send = await selectSend(db, sendId);
  if (!send || send.status === 'succeeded' || send.status === 'failed') return;
  await updateSend(db, sendId, { status: 'running', startedAt: now(), attempts: send.attempts + 1, error: null });
  const fail = (error: string) => updateSend(db, sendId, { status: 'failed', error, finishedAt: now() });
  if (!settings) {
    await fail(CRM_MESSAGES.notConfigured);
    return;
  }
  try {
    const content = await selectSendContent(db, send.promotionId);
    if (!content.promotion) {
      await fail('La promotion a été supprimée');
      return;
    }
    const items = sendItems(content);
    const ids = await createSalesforceClient(settings).upsertAll(items);
    const kept = (kind: UpsertItem['kind']) =>
      items.flatMap((item, index) => {
        const salesforceId = ids[index];
        return item.kind === kind && salesforceId ? [{ id: item.ourId, salesforceId }] : [];
      });
    await db.transaction(async (tx) => {
      await markPromotionSent(tx, send.promotionId, now(), ids[0] ?? null);
      await storeSalesforceIds(tx, 'lots', kept('lot'));
      await storeSalesforceIds(tx, 'candidacies', kept('candidacy'));
      await updateSend(tx, sendId, {
        status: 'succeeded',
        error: null,
        lotsSent: content.lots.length,
        candidaciesSent: content.candidacies.length,
        finishedAt: now(),
      });
    });
  } catch (error) {
    if (error instanceof SalesforceRefusal) {
      await fail(error.message);
      return;
    }
    // Anything else may pass (the network, Salesforce or our database): retried, then failed.
    const message = error instanceof SalesforceUnavailable ? error.message : MESSAGES.genericError;
    if (!finalAttempt) {
      // Still under way for the screen: the button keeps its loader until the retry ends it.
      await updateSend(db, sendId, { status: 'queued', error: message });
      throw error;
    }
    await fail(message);
  }
};
