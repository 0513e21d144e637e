import { can } from '@promovente/shared';
import { useMatches } from 'react-router';
import { actorOf, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { CampaignsTable } from './CampaignsTable';
import { ReportsTable } from './ReportsTable';

/**
 * Marketing (docs/product/marketing.md): the current promotion's campaigns and reports. Brokers
 * and promoters read; brokers add (docs/product/marketing.md#who-may-do-what).
 */
export const MarketingPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const promotionId = user?.preferences.selected_promotion ?? null;
  const canEdit = user ? can(actorOf(user), 'marketing.edit') : false;
  return (
    <div className="space-y-8">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {promotionId === null ? null : (
        <>
          <CampaignsTable promotionId={promotionId} canAdd={canEdit} />
          <ReportsTable promotionId={promotionId} canEdit={canEdit} />
        </>
      )}
    </div>
  );
};
