import * as Popover from '@radix-ui/react-popover';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';
import { cn } from './cn';

export type MultiSelectOption = { value: number; label: string };

type MultiSelectProps = {
  label: string;
  options: MultiSelectOption[];
  selected: number[];
  onChange: (selected: number[]) => void;
  /** Refuses to leave nothing selected; called instead of onChange. */
  onEmpty?: () => void;
};

/** A list of checkboxes in a popover, opened by a button that carries the visible label. */
export const MultiSelect = ({ label, options, selected, onChange, onEmpty }: MultiSelectProps) => {
  const id = useId();
  const all = options.length > 0 && selected.length === options.length;
  const summary = all ? 'Tous' : `${selected.length}/${options.length}`;

  const toggle = (value: number) => {
    const next = selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
    if (next.length === 0 && onEmpty) onEmpty();
    else onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };

  return (
    <Popover.Root>
      <Popover.Trigger
        disabled={options.length === 0}
        className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 hover:bg-slate-50 disabled:text-slate-400"
      >
        <span className="font-medium">{label}</span>
        <span className="text-slate-500">{summary}</span>
        <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-40 max-h-72 min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg"
        >
          <fieldset>
            <legend className="sr-only">{label}</legend>
            <ul className="space-y-1">
              {options.map((option) => {
                const optionId = `${id}-${option.value}`;
                return (
                  <li key={option.value} className="flex items-center gap-2 rounded px-1.5 py-1 hover:bg-slate-50">
                    <input
                      id={optionId}
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={selected.includes(option.value)}
                      onChange={() => toggle(option.value)}
                    />
                    <label htmlFor={optionId} className={cn('flex-1 text-sm text-slate-800 select-none')}>
                      {option.label}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          {!all && (
            <button
              type="button"
              className="mt-2 w-full rounded px-2 py-1 text-left text-sm text-brand-700 hover:bg-brand-50"
              onClick={() => onChange(options.map((o) => o.value))}
            >
              Tout sélectionner
            </button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
};
