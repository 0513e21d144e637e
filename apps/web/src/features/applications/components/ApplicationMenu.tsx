import type { ApplicationAction, FunnelRow, UserType } from '@promovente/shared';
import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ExternalLink } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';
import { RowActionsMenu } from '../../../components/ui/RowOverlays';
import { actionLabel, menuColumns } from '../funnel-view';
import { RESERVATION_FORM_LABEL, reservationFormLink } from '../reservation-form-link';

type Kit = {
  Item: ComponentType<{ onSelect: () => void; children: ReactNode }>;
  /** An item that opens an address in a new tab. */
  NewTab: ComponentType<{ href: string; children: ReactNode }>;
  Separator: ComponentType;
  Group: ComponentType<{ label: string; className?: string; children: ReactNode }>;
};

const itemClasses =
  'flex min-h-9 cursor-pointer items-center rounded px-2 py-1.5 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100';
const separatorClasses = 'my-1 h-px bg-slate-100';
const groupLabelClasses = 'px-2 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase';

const contextKit: Kit = {
  Item: ({ onSelect, children }) => (
    <ContextMenu.Item className={itemClasses} onSelect={onSelect}>
      {children}
    </ContextMenu.Item>
  ),
  NewTab: ({ href, children }) => (
    <ContextMenu.Item asChild className={itemClasses}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </ContextMenu.Item>
  ),
  Separator: () => <ContextMenu.Separator className={separatorClasses} />,
  Group: ({ label, className, children }) => (
    <ContextMenu.Group className={className} aria-label={label}>
      <ContextMenu.Label className={groupLabelClasses}>{label}</ContextMenu.Label>
      {children}
    </ContextMenu.Group>
  ),
};

const dropdownKit: Kit = {
  Item: ({ onSelect, children }) => (
    <DropdownMenu.Item className={itemClasses} onSelect={onSelect}>
      {children}
    </DropdownMenu.Item>
  ),
  NewTab: ({ href, children }) => (
    <DropdownMenu.Item asChild className={itemClasses}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    </DropdownMenu.Item>
  ),
  Separator: () => <DropdownMenu.Separator className={separatorClasses} />,
  Group: ({ label, className, children }) => (
    <DropdownMenu.Group className={className} aria-label={label}>
      <DropdownMenu.Label className={groupLabelClasses}>{label}</DropdownMenu.Label>
      {children}
    </DropdownMenu.Group>
  ),
};

export type ApplicationMenuProps = {
  row: FunnelRow;
  userType: string | undefined;
  onChoose: (action: ApplicationAction, row: FunnelRow) => void;
};

/** The menu opens when the row has actions or the user may open its reservation form. */
const hasMenu = (row: FunnelRow, userType: string | undefined) =>
  row.actions.length > 0 || reservationFormLink(row, userType as UserType | undefined) !== null;

/**
 * The two columns of the menu: the application's actions (hidden for architects), then the
 * candidacy's; below them, the reservation form in a new tab (docs/product/reservation-form.md#screens).
 */
const MenuColumns = ({ row, userType, onChoose, kit }: ApplicationMenuProps & { kit: Kit }) => {
  const { first, second } = menuColumns(row.actions, userType);
  const formLink = reservationFormLink(row, userType as UserType | undefined);
  const { Item, Group, NewTab, Separator } = kit;
  return (
    <>
      <div className={cn('grid gap-1', first.length > 0 && second.length > 0 && 'grid-cols-2 divide-x divide-slate-100')}>
        {first.length > 0 && (
          <Group label="Dossier">
            {first.map((action) => (
              <Item key={action} onSelect={() => onChoose(action, row)}>
                {actionLabel(action)}
              </Item>
            ))}
          </Group>
        )}
        {second.length > 0 && (
          <Group label="Suivi" className={first.length > 0 ? 'pl-1' : undefined}>
            {second.map((action) => (
              <Item key={action} onSelect={() => onChoose(action, row)}>
                {actionLabel(action)}
              </Item>
            ))}
          </Group>
        )}
      </div>
      {formLink !== null && (
        <>
          {(first.length > 0 || second.length > 0) && <Separator />}
          <NewTab href={formLink}>
            {RESERVATION_FORM_LABEL}
            <ExternalLink className="ml-auto size-3.5 text-slate-500" aria-hidden="true" />
          </NewTab>
        </>
      )}
    </>
  );
};

const contentClasses = (row: FunnelRow, userType: string | undefined) => {
  const { first, second } = menuColumns(row.actions, userType);
  return cn(
    'z-40 max-h-[80vh] overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg',
    first.length > 0 && second.length > 0 ? 'w-[30rem]' : 'w-60',
  );
};

const menuName = (row: FunnelRow) => `Actions du dossier ${row.lot.reference} de ${row.candidacy1.candidate.full_name}`;

/**
 * Right-click on a row opens its menu (docs/product/funnel.md#screens); a row without actions has
 * none. The table's one context menu shows this content (components/ui/RowOverlays.tsx).
 */
export const applicationContextMenu = (props: ApplicationMenuProps) =>
  hasMenu(props.row, props.userType) ? (
    <ContextMenu.Content className={contentClasses(props.row, props.userType)} aria-label={menuName(props.row)}>
      <MenuColumns {...props} kit={contextKit} />
    </ContextMenu.Content>
  ) : null;

/** The same menu from the keyboard: the row's 'Actions' button. */
export const ApplicationActionsButton = (props: ApplicationMenuProps) => {
  if (!hasMenu(props.row, props.userType)) return null;
  return (
    <RowActionsMenu
      label={menuName(props.row)}
      content={() => (
        <DropdownMenu.Content align="end" sideOffset={4} className={contentClasses(props.row, props.userType)}>
          <MenuColumns {...props} kit={dropdownKit} />
        </DropdownMenu.Content>
      )}
    />
  );
};
