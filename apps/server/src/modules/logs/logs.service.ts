import { LOGS_PAGE_SIZE, type LogRow, type LogSubject, type LogsPage, type LogsQuery, MESSAGES } from '@promovente/shared';
import type { Db, Tx } from '../../db/client.js';
import { logs } from '../../db/schema/index.js';
import { resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { paginate } from '../../platform/pagination.js';
import { fullName } from '../users/index.js';
import { countLogs, findLogApplication, findLogCandidacy, findLogLot, findLogPage, logWhere } from './logs.queries.js';

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

/** Every command writes its history row in its own transaction (docs/sales-process.md#3-positions-and-4-the-application-lifecycle-built). */
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

/**
 * GET /logs (docs/product/history.md#screens and docs/product/calls.md#other-calls): the promotion's history, newest first, one page; each
 * filter id must name a row of the promotion (404 otherwise). A page past the last answers the last.
 */
export const listLogs = async (db: Db, actor: RequestActor, query: LogsQuery): Promise<LogsPage> => {
  const promotionId = await resolvePromotion(db, actor, query.promotion);
  if (promotionId === null) throw notFound(MESSAGES.notMember);
  const [application, candidacy, lot] = await Promise.all([
    query.application_id === undefined ? undefined : findLogApplication(db, promotionId, query.application_id),
    query.candidacy_id === undefined ? undefined : findLogCandidacy(db, promotionId, query.candidacy_id),
    query.lot_id === undefined ? undefined : findLogLot(db, promotionId, query.lot_id),
  ]);
  if (application === null || candidacy === null || lot === null) throw notFound();
  const subject: LogSubject | null = application
    ? { kind: 'application', id: application.id, title: `${application.reference} – ${fullName(application)}` }
    : candidacy
      ? { kind: 'candidacy', id: candidacy.id, title: fullName(candidacy) }
      : lot
        ? { kind: 'lot', id: lot.id, title: lot.reference, public_id: lot.publicId }
        : null;

  const where = logWhere({ promotionId, applicationId: query.application_id, lotId: query.lot_id, candidacyId: query.candidacy_id });
  const total = await countLogs(db, where);
  const page = Math.min(query.page, Math.max(1, Math.ceil(total / LOGS_PAGE_SIZE)));
  const rows = await findLogPage(db, where, LOGS_PAGE_SIZE, (page - 1) * LOGS_PAGE_SIZE);
  const data: LogRow[] = rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    executed_by_title: row.executor ? fullName(row.executor) : null,
    executed_on_title: row.executedOnTitle,
    title: row.title,
  }));
  return { ...paginate(data, total, page, LOGS_PAGE_SIZE), subject };
};
