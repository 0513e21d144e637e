import { PROMOTION_ARCHIVE_MESSAGES, type User } from '@promovente/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { unreadIn, unreadTotal, useUnreadSummary } from '../../../lib/unread-summary';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { selectPromotion } from '../api/select-promotion';
import { useUserPromotions } from '../api/user-promotions';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded py-1.5 pr-2 pl-7 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-medium';

/** From this many promotions the menu offers a search box. */
export const PICKER_SEARCH_FROM = 10;

/** A promotion's unread messages, read out as such. */
const UnreadBadge = ({ count }: { count: number }) =>
  count > 0 ? (
    <Badge tone="danger">
      <span className="sr-only">non lus : </span>
      {count}
    </Badge>
  ) : null;

/** The menu's list, loaded when the menu opens (GET user/promotions), a page at a time, with a search box for many. */
const PromotionMenu = ({ user, onSelect }: { user: User; onSelect: (value: string) => void }) => {
  const [search, setSearch] = useState('');
  const setSearchLater = useDebouncedCallback(setSearch, 300);
  const promotions = useUserPromotions(search, true);
  const unread = useUnreadSummary();
  const currentId = user.preferences.selected_promotion;
  const rows = promotions.data ?? [];
  return (
    <>
      {user.promotions_count >= PICKER_SEARCH_FROM && (
        <div className="p-1">
          <input
            type="search"
            aria-label="Rechercher une promotion"
            placeholder="Rechercher une promotion"
            className="w-full rounded-md border border-slate-300 px-2 py-1 text-sm"
            onChange={(event) => setSearchLater(event.target.value)}
            // The menu's own typeahead would take the letters typed here.
            onKeyDown={(event) => event.stopPropagation()}
          />
        </div>
      )}
      {promotions.isPending && <p className="px-3 py-1.5 text-sm text-slate-600">Chargement…</p>}
      {promotions.isSuccess && rows.length === 0 && <p className="px-3 py-1.5 text-sm text-slate-600">Aucune promotion.</p>}
      <DropdownMenu.RadioGroup value={currentId === null ? '' : String(currentId)} onValueChange={onSelect}>
        {rows.map((promotion) => (
          <DropdownMenu.RadioItem key={promotion.id} value={String(promotion.id)} className={`relative ${itemClasses}`}>
            <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
              <Check className="size-4 text-brand-700" aria-hidden="true" />
            </DropdownMenu.ItemIndicator>
            <span className="min-w-0 flex-1 break-words">{promotion.title}</span>
            {promotion.archived && <Badge tone="warning">{PROMOTION_ARCHIVE_MESSAGES.archivedBadge}</Badge>}
            <UnreadBadge count={unread.data ? unreadIn(unread.data, promotion.id) : promotion.unread_messages} />
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
      {promotions.hasNextPage && (
        <DropdownMenu.Item
          className={`${itemClasses} justify-center pl-2 text-brand-700`}
          disabled={promotions.isFetchingNextPage}
          onSelect={(event) => {
            // Keep the menu open while the next page comes.
            event.preventDefault();
            void promotions.fetchNextPage();
          }}
        >
          Afficher plus
        </DropdownMenu.Item>
      )}
    </>
  );
};

/**
 * The current promotion (docs/product/layout.md#promotion-picker): a button with its title, opening a menu of the
 * user's promotions, each with its whole title and its unread messages. GET user gives the
 * current one and the totals; the menu loads the list when it opens.
 */
export const PromotionPicker = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // The badges come from GET threads/promotions-unread-summary, like the 'Messages' entry's.
  const unread = useUnreadSummary(user.promotions_count > 0);
  if (user.promotions_count === 0) return null;
  const currentId = user.preferences.selected_promotion;
  const current = user.promotion;
  const title = current?.title ?? 'Choisir une promotion';
  const unreadElsewhere = unread.data
    ? unreadTotal(unread.data) - unreadIn(unread.data, currentId)
    : Math.max(0, user.unread_messages_count - (current?.unread_messages ?? 0));

  const handleSelect = (value: string) => {
    const id = Number(value);
    if (id && id !== currentId) void selectPromotion(queryClient, id).catch(() => undefined);
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        aria-label={`Promotion : ${title}`}
        title={title}
        className="inline-flex max-w-72 items-center gap-2 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span className="text-slate-500">Promotion</span>
        <span className="truncate font-medium">{title}</span>
        <UnreadBadge count={unreadElsewhere} />
        <ChevronDown className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          aria-label="Promotions"
          className="z-40 max-h-[70vh] max-w-[min(28rem,calc(100vw-1rem))] min-w-64 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          {open && <PromotionMenu user={user} onSelect={handleSelect} />}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
