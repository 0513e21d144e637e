import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Columns3 } from 'lucide-react';
import { buttonClasses } from './Button';
import type { HideableColumn } from './column-visibility';

type ColumnsMenuProps = {
  columns: readonly HideableColumn[];
  hidden: readonly string[];
  onToggle: (column: HideableColumn, shown: boolean) => void;
};

/** 'Colonnes': one checkbox per column a user may hide; the menu stays open while he picks. */
export const ColumnsMenu = ({ columns, hidden, onToggle }: ColumnsMenuProps) => {
  const choices = columns.filter((column) => !column.alwaysShown);
  if (choices.length === 0) return null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClasses('secondary', 'sm', 'print:hidden')}>
        <Columns3 className="size-4" aria-hidden="true" />
        Colonnes
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-40 max-h-[70vh] min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-2 pt-1 pb-1.5 text-xs font-semibold text-slate-500">Colonnes affichées</DropdownMenu.Label>
          {choices.map((column) => {
            const shown = !hidden.includes(column.key);
            return (
              <DropdownMenu.CheckboxItem
                key={column.key}
                checked={shown}
                onCheckedChange={(checked) => onToggle(column, checked)}
                onSelect={(event) => event.preventDefault()}
                className="flex min-h-8 cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-slate-100"
              >
                <span className="flex size-4 items-center justify-center rounded border border-slate-400 bg-white">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-3.5 text-brand-700" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </span>
                {column.label}
              </DropdownMenu.CheckboxItem>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
