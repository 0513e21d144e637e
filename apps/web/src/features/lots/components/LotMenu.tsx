import type { LotRow } from '@promovente/shared';
import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ban, CircleCheck, History, Link2, ScrollText, Tag } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { RowActionsMenu } from '../../../components/ui/RowOverlays';
import { canChangePrice, prsAction } from '../lots-view';

/** The actions of a lot row that open a modal. */
export type LotModalKind = 'history' | 'children' | 'price' | 'tasks';

type ItemProps = { onSelect?: () => void; disabled?: boolean; asChild?: boolean; children: ReactNode };

/** The menu primitives an item is built with: the context menu's or the Actions button's. */
export type LotMenuKit = { Item: ComponentType<ItemProps>; Separator: ComponentType };

/**
 * Items other features add to the lot menu (attribute lot, add task...), built with the kit
 * they receive so that they work in both the context menu and the Actions button.
 */
export type LotMenuExtraItems = (lot: LotRow, kit: LotMenuKit) => ReactNode;

/** One action is about 36 px high, the menu 14rem wide plus 8 px of padding (docs/product/candidates.md#screens). */
const itemClasses =
  'flex h-9 cursor-pointer items-center gap-2 rounded px-2 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';
const contentClasses = 'z-40 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg';

const contextKit: LotMenuKit = {
  Item: ({ onSelect, ...props }) => <ContextMenu.Item className={itemClasses} onSelect={onSelect} {...props} />,
  Separator: () => <ContextMenu.Separator className="my-1 h-px bg-slate-100" />,
};

const dropdownKit: LotMenuKit = {
  Item: ({ onSelect, ...props }) => <DropdownMenu.Item className={itemClasses} onSelect={onSelect} {...props} />,
  Separator: () => <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />,
};

type LotMenuItemsProps = {
  lot: LotRow;
  multiAgency: boolean;
  kit: LotMenuKit;
  onChangeStatus: (lot: LotRow, to: 0 | 1) => void;
  onOpen: (kind: LotModalKind, lot: LotRow) => void;
  extraItems?: LotMenuExtraItems;
};

const LotMenuItems = ({ lot, multiAgency, kit, onChangeStatus, onOpen, extraItems }: LotMenuItemsProps) => {
  const { Item, Separator } = kit;
  const prs = prsAction(lot);
  return (
    <>
      {prs && (
        <Item onSelect={() => onChangeStatus(lot, prs.to)}>
          {prs.to === 1 ? <Ban className="size-4" aria-hidden="true" /> : <CircleCheck className="size-4" aria-hidden="true" />}
          {prs.label}
        </Item>
      )}
      {canChangePrice(multiAgency) && (
        <Item onSelect={() => onOpen('price', lot)}>
          <Tag className="size-4" aria-hidden="true" />
          Modifier le prix
        </Item>
      )}
      <Item onSelect={() => onOpen('history', lot)}>
        <History className="size-4" aria-hidden="true" />
        Historique du lot
      </Item>
      <Item onSelect={() => onOpen('children', lot)}>
        <Link2 className="size-4" aria-hidden="true" />
        Lots associés
      </Item>
      <Item asChild>
        <Link to={`/logs?lot_id=${lot.id}`}>
          <ScrollText className="size-4" aria-hidden="true" />
          Voir dans l'historique
        </Link>
      </Item>
      {extraItems && (
        <>
          <Separator />
          {extraItems(lot, kit)}
        </>
      )}
    </>
  );
};

type LotMenuProps = Omit<LotMenuItemsProps, 'kit'>;

/** Right-click on a row opens the lot's menu (brokers): the table's one context menu shows this content (components/ui/RowOverlays.tsx). */
export const lotContextMenu = (props: LotMenuProps) => (
  <ContextMenu.Content className={contentClasses} aria-label={`Actions du lot ${props.lot.reference}`}>
    <LotMenuItems {...props} kit={contextKit} />
  </ContextMenu.Content>
);

/** The same menu from the keyboard: the row's 'Actions' button. */
export const LotActionsButton = (props: LotMenuProps) => (
  <RowActionsMenu
    label={`Actions du lot ${props.lot.reference}`}
    content={() => (
      <DropdownMenu.Content align="end" sideOffset={4} className={contentClasses}>
        <LotMenuItems {...props} kit={dropdownKit} />
      </DropdownMenu.Content>
    )}
  />
);
