import { CRM_MESSAGES, type CrmRefusedRecord, MESSAGES } from '@promovente/shared';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../platform/jobs.js';
import { markPromotionSent, selectSend, selectSendContent, storeSalesforceIds, updateSend } from './crm.queries.js';
import { CRM_QUEUE } from './crm.service.js';
import {
  candidacyFields,
  createSalesforceClient,
  lotFields,
  promotionFields,
  recordLabel,
  SalesforceLimitReached,
  SalesforceRefusal,
  type SalesforceSettings,
  SalesforceUnavailable,
  type UpsertItem,
  type UpsertResult,
} from './salesforce.js';

/** Salesforce's daily API limit reached: the send is queued again this much later... */
export const CRM_LIMIT_RETRY_MS = 3600_000;
/** ...until this long after it was asked for: the quota is a rolling 24 hours, then the send fails. */
export const CRM_LIMIT_GIVE_UP_MS = 24 * 3600_000;

type SendContent = Awaited<ReturnType<typeof selectSendContent>>;

/**
 * The records of one send, by call: the promotion, the main lots, the associated lots (their
 * lookup names a main lot, which must exist before the call that names it), the candidacies.
 */
export const sendPlan = (content: SendContent) => {
  const { promotion } = content;
  if (!promotion) return null;
  const lot = (row: SendContent['lots'][number]): UpsertItem => ({
    kind: 'lot',
    ourId: row.id,
    name: row.reference,
    fields: lotFields(row, promotion.id),
  });
  return {
    promotion: { kind: 'promotion', ourId: promotion.id, name: promotion.title, fields: promotionFields(promotion) } satisfies UpsertItem,
    mainLots: content.lots.filter((row) => row.parentId === null).map(lot),
    associatedLots: content.lots.filter((row) => row.parentId !== null).map(lot),
    candidacies: content.candidacies.map(
      (c): UpsertItem => ({
        kind: 'candidacy',
        ourId: c.id,
        name: `${c.firstName} ${c.lastName}`.trim(),
        fields: candidacyFields(c, promotion.id),
      }),
    ),
  };
};

/** The records of a call and their results, side by side. */
const paired = (items: readonly UpsertItem[], results: readonly UpsertResult[]) =>
  items.map((item, index) => ({ item, result: results[index] }));

/**
 * The `crm` job: runs one queued send (docs/sales-process.md#crm-send-built) in sObject
 * Collections, 200 records a call. A record Salesforce refuses is reported with its reason and
 * the others are sent; a refused promotion, sign-in or request fails the send at once.
 * Salesforce's daily API limit (REQUEST_LIMIT_EXCEEDED) is the org's, not the promotion's: the
 * send waits (status `waiting`) and its job is queued again an hour later, for up to 24 hours.
 * Any other failure (network, 5xx, 429, our database) puts it back in the queue and throws, so
 * that pg-boss retries it, until the final attempt fails it. Success keeps the Salesforce ids
 * and sets crm_updated_at in one transaction.
 */
export const runCrmSend = async (
  deps: { db: Db; jobs: Jobs },
  settings: SalesforceSettings | null,
  sendId: number,
  finalAttempt: boolean,
  now: () => Date = () => new Date(),
): Promise<void> => {
  const { db } = deps;
  const send = await selectSend(db, sendId);
  if (!send || send.status === 'succeeded' || send.status === 'failed') return;
  await updateSend(db, sendId, { status: 'running', startedAt: now(), attempts: send.attempts + 1, error: null, resumeAt: null });
  const fail = (error: string) => updateSend(db, sendId, { status: 'failed', error, finishedAt: now() });
  if (!settings) {
    await fail(CRM_MESSAGES.notConfigured);
    return;
  }
  try {
    const content = await selectSendContent(db, send.promotionId);
    const plan = sendPlan(content);
    if (!plan) {
      await fail('La promotion a été supprimée');
      return;
    }
    const client = createSalesforceClient(settings);
    const [promotion] = await client.upsertCollection('promotion', [plan.promotion]);
    if (!promotion.ok) {
      await fail(`Salesforce a refusé ${recordLabel('promotion', plan.promotion.name)} : ${promotion.error}`);
      return;
    }
    const lots = [
      ...paired(plan.mainLots, await client.upsertCollection('lot', plan.mainLots)),
      ...paired(plan.associatedLots, await client.upsertCollection('lot', plan.associatedLots)),
    ];
    const candidacies = paired(plan.candidacies, await client.upsertCollection('candidacy', plan.candidacies));
    const sent = [...lots, ...candidacies];
    const refused: CrmRefusedRecord[] = sent.flatMap(({ item, result }) =>
      result.ok ? [] : [{ record: recordLabel(item.kind, item.name), error: result.error }],
    );
    const kept = (rows: typeof sent) =>
      rows.flatMap(({ item, result }) => (result.ok && result.salesforceId ? [{ id: item.ourId, salesforceId: result.salesforceId }] : []));
    await db.transaction(async (tx) => {
      await markPromotionSent(tx, send.promotionId, now(), promotion.salesforceId);
      await storeSalesforceIds(tx, 'lots', kept(lots));
      await storeSalesforceIds(tx, 'candidacies', kept(candidacies));
      await updateSend(tx, sendId, {
        status: 'succeeded',
        error: null,
        refused,
        lotsSent: lots.filter(({ result }) => result.ok).length,
        candidaciesSent: candidacies.filter(({ result }) => result.ok).length,
        finishedAt: now(),
      });
    });
  } catch (error) {
    if (error instanceof SalesforceRefusal) {
      await fail(error.message);
      return;
    }
    if (error instanceof SalesforceLimitReached) {
      await waitForQuota(deps, send, now());
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

/**
 * The org's quota is spent: the send waits and its job is queued again, to start an hour later,
 * in one transaction (no waiting send without its job). The whole send is made again then: an
 * upsert by external id changes nothing twice. After 24 hours it fails.
 */
const waitForQuota = async (deps: { db: Db; jobs: Jobs }, send: { id: number; createdAt: Date }, at: Date) => {
  if (at.getTime() - new Date(send.createdAt).getTime() >= CRM_LIMIT_GIVE_UP_MS) {
    await updateSend(deps.db, send.id, { status: 'failed', error: CRM_MESSAGES.limitStillReached, finishedAt: at });
    return;
  }
  const resumeAt = new Date(at.getTime() + CRM_LIMIT_RETRY_MS);
  await deps.db.transaction(async (tx) => {
    await updateSend(tx, send.id, { status: 'waiting', error: null, resumeAt });
    await deps.jobs.sendInTransaction(tx, CRM_QUEUE, { id: send.id }, { startAfter: resumeAt });
  });
};
