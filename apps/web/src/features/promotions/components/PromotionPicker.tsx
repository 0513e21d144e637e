import type { User } from '@promovente/shared';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { selectPromotion } from '../api/select-promotion';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded py-1.5 pr-2 pl-7 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-medium';

/** A promotion's unread messages, read out as such. */
const UnreadBadge = ({ count }: { count: number }) =>
  count > 0 ? (
    <Badge tone="danger">
      <span className="sr-only">non lus : </span>
      {count}
    </Badge>
  ) : null;

/**
 * The current promotion (docs/product/layout.md#promotion-picker): a button with its title, opening a menu of the
 * user's promotions, each with its whole title and its unread messages.
 */
export const PromotionPicker = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  if (user.promotions.length === 0) return null;
  const currentId = user.preferences.selected_promotion;
  const current = user.promotions.find((promotion) => promotion.id === currentId) ?? null;
  const title = current?.title ?? 'Choisir une promotion';
  const unreadElsewhere = user.promotions.reduce((sum, p) => (p.id === currentId ? sum : sum + p.unread_messages), 0);

  const handleSelect = (value: string) => {
    const id = Number(value);
    if (id && id !== currentId) void selectPromotion(queryClient, id).catch(() => undefined);
  };

  return (
    <DropdownMenu.Root>
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
          <DropdownMenu.RadioGroup value={currentId === null ? '' : String(currentId)} onValueChange={handleSelect}>
            {user.promotions.map((promotion) => (
              <DropdownMenu.RadioItem key={promotion.id} value={String(promotion.id)} className={`relative ${itemClasses}`}>
                <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex">
                  <Check className="size-4 text-brand-700" aria-hidden="true" />
                </DropdownMenu.ItemIndicator>
                <span className="min-w-0 flex-1 break-words">{promotion.title}</span>
                <UnreadBadge count={promotion.unread_messages} />
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
