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
  const actor = user ? actorOf(user) : null;
  // Reports are the promotion's; a campaign is of its author's agency (none without an agency).
  const canEditReports = actor ? can(actor, 'marketing.edit') : false;
  const canAddCampaign = actor ? can(actor, 'campaign.edit', { agency_id: actor.agency_id }) : false;
  return (
    <div className="space-y-8">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {promotionId === null ? null : (
        <>
          <CampaignsTable promotionId={promotionId} canAdd={canAddCampaign} />
          <ReportsTable promotionId={promotionId} canEdit={canEditReports} />
        </>
      )}
    </div>
  );
};
