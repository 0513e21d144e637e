import { formatNumber } from '@promovente/shared';
import { useEffect, useId, useState } from 'react';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';

type Range = { min: number; max: number };

/** Price slider step, in KCHF (docs/product/constants.md#amounts-and-units). */
const PRICE_STEP_KCHF = 10;
const COMMIT_DELAY_MS = 300;

/** Two range inputs in KCHF; the URL is written once the thumb rests. */
export const PriceRange = ({ bounds, value, onChange }: { bounds: Range; value: Range; onChange: (value: Range) => void }) => {
  const id = useId();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = useDebouncedCallback(onChange, COMMIT_DELAY_MS);

  const change = (next: Range) => {
    setDraft(next);
    commit(next);
  };

  const inputClasses = 'w-36 accent-brand-700';
  return (
    <div className="space-y-1">
      <div className="flex gap-3">
        <div className="flex flex-col">
          <label htmlFor={`${id}-min`} className="text-sm font-medium text-slate-700">
            Prix minimum (KCHF)
          </label>
          <input
            id={`${id}-min`}
            type="range"
            className={inputClasses}
            min={bounds.min}
            max={bounds.max}
            step={PRICE_STEP_KCHF}
            value={draft.min}
            onChange={(event) => change({ min: Math.min(Number(event.target.value), draft.max), max: draft.max })}
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor={`${id}-max`} className="text-sm font-medium text-slate-700">
            Prix maximum (KCHF)
          </label>
          <input
            id={`${id}-max`}
            type="range"
            className={inputClasses}
            min={bounds.min}
            max={bounds.max}
            step={PRICE_STEP_KCHF}
            value={draft.max}
            onChange={(event) => change({ min: draft.min, max: Math.max(Number(event.target.value), draft.min) })}
          />
        </div>
      </div>
      <p className="text-xs text-slate-500" aria-live="polite">
        {formatNumber(draft.min)} – {formatNumber(draft.max)} KCHF
      </p>
    </div>
  );
};
