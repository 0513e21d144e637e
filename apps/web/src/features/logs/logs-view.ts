import type { LogSubject } from '@promovente/shared';

/** The history screen's query (docs/product/access.md#route-table: application_id, candidacy_id or lot_id) and its page. */
export type LogsFilter = { application_id?: number; candidacy_id?: number; lot_id?: number; page: number };

const positiveInt = (params: URLSearchParams, key: string): number | undefined => {
  const value = Number(params.get(key));
  return params.get(key) !== null && Number.isInteger(value) && value > 0 ? value : undefined;
};

/** URL query -> the call's filters; anything that is not a positive id is dropped, the page defaults to 1. */
export const parseLogsFilter = (params: URLSearchParams): LogsFilter => ({
  application_id: positiveInt(params, 'application_id'),
  candidacy_id: positiveInt(params, 'candidacy_id'),
  lot_id: positiveInt(params, 'lot_id'),
  page: positiveInt(params, 'page') ?? 1,
});

/**
 * The back link (docs/product/history.md#screens): application_id goes back to the sales funnel, candidacy_id
 * to the candidates, lot_id to the lots (query lot = the lot's public id, which the answer's
 * subject carries). None without a filter.
 */
export const logsBackLink = (filter: LogsFilter, subject: LogSubject | null | undefined): { to: string; label: string } | null => {
  if (filter.application_id !== undefined) {
    return { to: `/tunnel-de-vente?application=${filter.application_id}`, label: 'Retour au tunnel de vente' };
  }
  if (filter.candidacy_id !== undefined) return { to: `/candidats?candidacy=${filter.candidacy_id}`, label: 'Retour aux candidats' };
  if (filter.lot_id !== undefined) {
    const lot = subject?.kind === 'lot' && subject.id === filter.lot_id ? subject.public_id : null;
    return { to: lot ? `/lots?lot=${lot}` : '/lots', label: 'Retour aux lots' };
  }
  return null;
};
