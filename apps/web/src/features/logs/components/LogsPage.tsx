import { formatDateTime, PIPELINE_MESSAGES } from '@promovente/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useMatches, useSearchParams } from 'react-router';
import { ListTotal } from '../../../components/ui/ListSummary';
import { Pagination } from '../../../components/ui/Pagination';
import { RecordsTable } from '../../../components/ui/RecordsTable';
import { useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { useLogs } from '../api/get-logs';
import { logsBackLink, parseLogsFilter } from '../logs-view';

/**
 * The history screen (docs/product/history.md#screens): the promotion's history rows, newest first, paginated,
 * narrowed by the query application_id, candidacy_id or lot_id, with a back link to the screen
 * the user came from. The document title 'Promovente | Historique' comes from the route table.
 */
export const LogsPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseLogsFilter(searchParams);
  const logs = useLogs(filter, Boolean(user));
  const data = logs.data;
  const back = logsBackLink(filter, data?.subject);

  const handlePageChange = (page: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (page === 1) next.delete('page');
      else next.set('page', String(page));
      return next;
    });

  return (
    <div className="space-y-4">
      {back && (
        <Link to={back.to} className="inline-flex items-center gap-1 text-sm text-brand-700 underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-2">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {data?.subject && <p className="text-sm text-slate-700">{data.subject.title}</p>}
        <ListTotal total={data?.total} singular="entrée" plural="entrées" />
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3">
        <RecordsTable
          pending={!data && !logs.isError}
          rows={data?.data ?? []}
          rowKey={(row) => row.id}
          empty={PIPELINE_MESSAGES.emptyHistory}
          columns={[
            { label: 'Date', cell: (row) => formatDateTime(row.created_at), className: 'whitespace-nowrap' },
            { label: 'Exécuteur', cell: (row) => row.executed_by_title ?? '—' },
            { label: 'Sur', cell: (row) => row.executed_on_title, className: 'text-slate-900' },
            { label: 'Description', cell: (row) => row.title, className: 'text-slate-900' },
          ]}
        />
      </div>
      {data && <Pagination currentPage={data.current_page} lastPage={data.last_page} onPageChange={handlePageChange} />}
    </div>
  );
};
