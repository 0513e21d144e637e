import { LOGS_PAGE_SIZE, type LogRow, type LogSubject, type LogsPage, type LogsQuery, MESSAGES } from '@promovente/shared';
import type { Db, Tx } from '../../db/client.js';
import { logs } from '../../db/schema/index.js';
import { resolvePromotion } from '../../platform/access.js';
import type { RequestActor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { paginate } from '../../platform/pagination.js';
import { fullName } from '../users/index.js';
import { selectLogPage } from './logs.queries.js';

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
  const rows = await selectLogPage(
    db,
    { promotionId, applicationId: query.application_id, lotId: query.lot_id, candidacyId: query.candidacy_id },
    { number: query.page, perPage: LOGS_PAGE_SIZE },
  );
  const [first] = rows;
  // A filter id that names no row of the promotion answers 404, whatever it names elsewhere.
  if (
    !first ||
    (query.application_id !== undefined && first.application_id === null) ||
    (query.candidacy_id !== undefined && first.candidacy_id === null) ||
    (query.lot_id !== undefined && first.lot_id === null)
  ) {
    throw notFound();
  }
  const subject: LogSubject | null =
    first.application_id !== null
      ? {
          kind: 'application',
          id: first.application_id,
          title: `${first.application_reference} – ${fullName({ firstName: first.application_first_name ?? '', lastName: first.application_last_name ?? '' })}`,
        }
      : first.candidacy_id !== null
        ? {
            kind: 'candidacy',
            id: first.candidacy_id,
            title: fullName({ firstName: first.candidacy_first_name ?? '', lastName: first.candidacy_last_name ?? '' }),
          }
        : first.lot_id !== null
          ? { kind: 'lot', id: first.lot_id, title: first.lot_reference ?? '', public_id: first.lot_public_id ?? '' }
          : null;
  const data: LogRow[] = [];
  for (const row of rows) {
    if (row.id === null) continue;
    data.push({
      id: row.id,
      created_at: new Date(row.created_at).toISOString(),
      executed_by_title: row.executor_id === null ? null : fullName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '' }),
      executed_on_title: row.executed_on_title,
      title: row.title,
    });
  }
  const total = Number(first.total);
  const page = Number(first.page);
  return { ...paginate(data, total, page, LOGS_PAGE_SIZE), subject };
};
