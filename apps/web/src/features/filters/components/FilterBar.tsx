import { type FilterControl, formatRooms, MESSAGES } from '@promovente/shared';
import { RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { cn } from '../../../components/ui/cn';
import { Checkbox, InputField, SelectField } from '../../../components/ui/Field';
import { MultiSelect } from '../../../components/ui/MultiSelect';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { useFilters } from '../use-filters';
import { PriceRange } from './PriceRange';

/** The search box waits this long after the last key (docs/product/constants.md#timing). */
const SEARCH_DEBOUNCE_MS = 300;

/** The filter bar of docs/product/layout.md#filter-bar: the controls the current route lists, state in the URL. */
export const FilterBar = ({ controls }: { controls: readonly FilterControl[] }) => {
  const { filters, options, update, reset } = useFilters();
  const shows = (control: FilterControl) => controls.includes(control);
  const atLeastOne = (title: string) => () => toast.warning(MESSAGES.selectAtLeastOne(title));

  const [search, setSearch] = useState(filters.search);
  useEffect(() => setSearch(filters.search), [filters.search]);
  const commitSearch = useDebouncedCallback((value: string) => update({ search: value }), SEARCH_DEBOUNCE_MS);

  if (controls.length === 0) return null;

  return (
    <section aria-label="Filtres" className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-end gap-x-4 gap-y-3 px-4 py-3">
        {shows('buildings') && (
          <MultiSelect
            label="Immeubles"
            options={options.buildings.map((b) => ({ value: b.id, label: b.title }))}
            selected={filters.buildings}
            onChange={(buildings) => update({ buildings })}
            onEmpty={atLeastOne('immeuble')}
          />
        )}
        {shows('floors') && (
          <MultiSelect
            label="Étages"
            options={options.floors.map((f) => ({ value: f.id, label: f.title }))}
            selected={filters.floors}
            onChange={(floors) => update({ floors })}
            onEmpty={atLeastOne('étage')}
          />
        )}
        {shows('rooms') && (
          <MultiSelect
            label="Pièces"
            options={options.nb_rooms.map((n) => ({ value: n, label: formatRooms(n) }))}
            selected={filters.nb_rooms}
            onChange={(nb_rooms) => update({ nb_rooms })}
            onEmpty={atLeastOne('nombre de pièces')}
          />
        )}
        {shows('price') && options.price.max > options.price.min && (
          <PriceRange bounds={options.price} value={filters.price} onChange={(price) => update({ price })} />
        )}
        {shows('search') && (
          <InputField
            label="Rechercher"
            type="search"
            value={search}
            className="w-56"
            onChange={(event) => {
              setSearch(event.target.value);
              commitSearch(event.target.value);
            }}
          />
        )}
        {shows('broker') && (
          <SelectField
            label="Courtier"
            className="w-52"
            value={filters.broker ?? ''}
            onChange={(event) => update({ broker: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">Tous les courtiers</option>
            {options.brokers.map((broker) => (
              <option key={broker.id} value={broker.id}>
                {broker.full_name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 pb-2">
          {shows('toKCHF') && (
            <fieldset className="inline-flex overflow-hidden rounded-md border border-slate-300">
              <legend className="sr-only">Unité</legend>
              {[
                { label: 'Nombre', value: false },
                { label: 'KCHF', value: true },
              ].map((unit) => (
                <button
                  key={unit.label}
                  type="button"
                  aria-pressed={filters.toKCHF === unit.value}
                  onClick={() => filters.toKCHF !== unit.value && update({ toKCHF: unit.value })}
                  className={cn(
                    'px-3 py-1 text-sm',
                    filters.toKCHF === unit.value ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
                  )}
                >
                  {unit.label}
                </button>
              ))}
            </fieldset>
          )}
          {shows('myAgency') && options.promotion?.multi_agency && (
            <Checkbox
              label="Mon agence"
              checked={filters.showMyAgency}
              onChange={(event) => update({ showMyAgency: event.target.checked })}
            />
          )}
          {shows('showNonRetained') && (
            <Checkbox
              label="Afficher non retenus"
              checked={filters.showNonRetained}
              onChange={(event) => update({ showNonRetained: event.target.checked })}
            />
          )}
          {shows('onlyLateTasks') && (
            <Checkbox
              label="Tâches en retard uniquement"
              checked={filters.onlyLateTasks}
              onChange={(event) => update({ onlyLateTasks: event.target.checked })}
            />
          )}
          {shows('reset') && (
            <Button variant="ghost" size="sm" onClick={reset}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Réinitialiser les filtres
            </Button>
          )}
        </div>
      </div>
    </section>
  );
};
