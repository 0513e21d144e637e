import type { CandidacyListRow } from '@promovente/shared';
import * as ContextMenu from '@radix-ui/react-context-menu';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowRightLeft, CheckCircle2, FileText, FolderOpen, History, MessageSquare, MessagesSquare, Pencil, Trash2 } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { RowActionsMenu } from '../../../components/ui/RowOverlays';
import { reservationFormApplication, reservationFormPath } from '../candidates-view';

/** The actions of a candidacy row that open a modal. */
export type CandidacyModalKind = 'edit' | 'delete' | 'agency' | 'comments' | 'files';

type ItemProps = { onSelect?: () => void; disabled?: boolean; asChild?: boolean; children: ReactNode };

/** The menu primitives an item is built with: the context menu's or the Actions button's. */
export type CandidacyMenuKit = { Item: ComponentType<ItemProps>; Separator: ComponentType };

/** Items composed from other features (lot attribution, tasks), built with the kit they receive. */
export type CandidacyMenuExtraItems = (row: CandidacyListRow, kit: CandidacyMenuKit) => ReactNode;

/** One action is about 36 px high, the menu 14rem wide with 8 px of padding (docs/product/candidates.md#screens). */
const itemClasses =
  'flex h-9 cursor-pointer items-center gap-2 rounded px-2 text-sm text-slate-800 outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';
const contentClasses = 'z-40 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg';

const contextKit: CandidacyMenuKit = {
  Item: ({ onSelect, ...props }) => <ContextMenu.Item className={itemClasses} onSelect={onSelect} {...props} />,
  Separator: () => <ContextMenu.Separator className="my-1 h-px bg-slate-100" />,
};

const dropdownKit: CandidacyMenuKit = {
  Item: ({ onSelect, ...props }) => <DropdownMenu.Item className={itemClasses} onSelect={onSelect} {...props} />,
  Separator: () => <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />,
};

export type CandidacyMenuProps = {
  row: CandidacyListRow;
  /** Another agency exists in the promotion to move the candidacy to. */
  canChangeAgency: boolean;
  onOpen: (kind: CandidacyModalKind, row: CandidacyListRow) => void;
  /** The row's open tasks the user may mark finished (not the process ones). */
  finishableTasks: (row: CandidacyListRow) => CandidacyListRow['tasks'];
  onFinishTask: (taskId: number) => void;
  extraItems?: CandidacyMenuExtraItems;
};

const icon = (Icon: ComponentType<{ className?: string }>) => <Icon className="size-4 shrink-0" aria-hidden="true" />;

const CandidacyMenuItems = ({
  row,
  canChangeAgency,
  onOpen,
  finishableTasks,
  onFinishTask,
  extraItems,
  kit,
}: CandidacyMenuProps & { kit: CandidacyMenuKit }) => {
  const { Item, Separator } = kit;
  const form = reservationFormApplication(row.applications);
  const finishable = finishableTasks(row);
  return (
    <>
      <Item onSelect={() => onOpen('edit', row)}>
        {icon(Pencil)}
        {row.can_edit ? 'Modifier le candidat' : 'Voir le candidat'}
      </Item>
      <Item onSelect={() => onOpen('comments', row)}>
        {icon(MessageSquare)}
        Commentaires
      </Item>
      <Item onSelect={() => onOpen('files', row)}>
        {icon(FolderOpen)}
        Documents
      </Item>
      {extraItems?.(row, kit)}
      {finishable.map((task) => (
        <Item key={task.id} onSelect={() => onFinishTask(task.id)}>
          {icon(CheckCircle2)}
          <span className="truncate">Terminer : {task.title}</span>
        </Item>
      ))}
      <Separator />
      <Item asChild>
        <Link to={`/logs?candidacy_id=${row.id}`}>
          {icon(History)}
          Historique
        </Link>
      </Item>
      <Item asChild>
        <Link to={`/messages?candidacy=${row.id}`}>
          {icon(MessagesSquare)}
          Messages
        </Link>
      </Item>
      {form && (
        <Item asChild>
          <a href={reservationFormPath(form.public_id)} target="_blank" rel="noopener noreferrer">
            {icon(FileText)}
            Formulaire de réservation
          </a>
        </Item>
      )}
      {row.can_edit && (
        <>
          <Separator />
          {canChangeAgency && (
            <Item onSelect={() => onOpen('agency', row)}>
              {icon(ArrowRightLeft)}
              Changer d'agence
            </Item>
          )}
          <Item onSelect={() => onOpen('delete', row)}>
            {icon(Trash2)}
            Supprimer le candidat
          </Item>
        </>
      )}
    </>
  );
};

/** Right-click on a row opens its menu: the table's one context menu shows this content (components/ui/RowOverlays.tsx). */
export const candidacyContextMenu = (props: CandidacyMenuProps) => (
  <ContextMenu.Content className={contentClasses} aria-label={`Actions de ${props.row.candidate.full_name}`}>
    <CandidacyMenuItems {...props} kit={contextKit} />
  </ContextMenu.Content>
);

/** The same menu from the keyboard: the row's 'Actions' button. */
export const CandidacyActionsButton = (props: CandidacyMenuProps) => (
  <RowActionsMenu
    label={`Actions de ${props.row.candidate.full_name}`}
    content={() => (
      <DropdownMenu.Content align="end" sideOffset={4} className={contentClasses}>
        <CandidacyMenuItems {...props} kit={dropdownKit} />
      </DropdownMenu.Content>
    )}
  />
);
