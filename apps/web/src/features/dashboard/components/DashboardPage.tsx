import { MESSAGES } from '@promovente/shared';
import { ScreenPlaceholder } from '../../../components/ScreenPlaceholder';
import { Spinner } from '../../../components/ui/Spinner';
import { useUser } from '../../../lib/auth';
import { useFilterOptions, useFilters } from '../../filters';
import { useDashboard } from '../api/get-dashboard';
import { DashboardCharts } from './DashboardCharts';
import { StatusCards } from './StatusCards';

/**
 * The sales dashboard (docs/product/dashboard.md#screens). Its filters are the URL query, so a link such as
 * /dashboard?buildings=1 applies them; the number/KCHF toggle is the toKCHF filter.
 */
const SalesDashboard = () => {
  const { filters, serverQuery } = useFilters();
  // The URL's filters are read against the promotion's options: wait for them before asking.
  const { isSuccess: optionsLoaded } = useFilterOptions();
  const { data, isPending, isError, isFetching } = useDashboard(serverQuery, optionsLoaded);

  return (
    <div className="space-y-6" aria-busy={isFetching}>
      <h1 className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        Dashboard
        {isFetching && <Spinner className="text-slate-400" />}
      </h1>
      {isError && !data && <p className="text-sm text-red-700">{MESSAGES.genericError}</p>}
      {isPending && !isError && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Chargement...
        </p>
      )}
      {data && (
        <>
          <StatusCards cards={data.status_cards} toKCHF={filters.toKCHF} />
          <DashboardCharts data={data} toKCHF={filters.toKCHF} />
        </>
      )}
    </div>
  );
};

export const DashboardPage = () => {
  const { data: user } = useUser();
  // TODO: the candidates' dashboard is a placeholder in the spec (part 1, 2.6); the route is closed to them anyway.
  if (user?.type === 'candidate') return <ScreenPlaceholder />;
  return <SalesDashboard />;
};
