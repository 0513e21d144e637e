import { type Campaign, campaignVisitUrl } from '@promovente/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ExternalLink, FileText, Pencil, Trash2 } from 'lucide-react';
import { ROW_ACTIONS_BUTTON } from '../../../components/ui/css-icon';

const itemClasses =
  'flex h-9 cursor-pointer items-center gap-2 rounded px-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';

export type CampaignAction = 'edit' | 'files' | 'delete';

/**
 * The row menu (docs/product/marketing.md#screens): Modifier, Documents, Visiter (only with a url; a url without
 * http or https gets a protocol-relative prefix), Supprimer. Edit and delete for the brokers of
 * the campaign's agency.
 */
export const CampaignMenu = ({ campaign, onAction }: { campaign: Campaign; onAction: (action: CampaignAction) => void }) => {
  const visit = campaignVisitUrl(campaign.url);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={ROW_ACTIONS_BUTTON} aria-label={`Actions de la campagne ${campaign.title}`} />
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-40 w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          {campaign.can_edit && (
            <DropdownMenu.Item className={itemClasses} onSelect={() => onAction('edit')}>
              <Pencil className="size-4" aria-hidden="true" />
              Modifier
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClasses} onSelect={() => onAction('files')}>
            <FileText className="size-4" aria-hidden="true" />
            Documents
          </DropdownMenu.Item>
          {visit && (
            <DropdownMenu.Item className={itemClasses} asChild>
              <a href={visit} target="_blank" rel="noopener noreferrer">
                <ExternalLink className="size-4" aria-hidden="true" />
                Visiter
              </a>
            </DropdownMenu.Item>
          )}
          {campaign.can_edit && (
            <DropdownMenu.Item className={itemClasses} onSelect={() => onAction('delete')}>
              <Trash2 className="size-4" aria-hidden="true" />
              Supprimer
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
