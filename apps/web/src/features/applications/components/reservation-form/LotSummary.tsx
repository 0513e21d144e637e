import type { ReservationForm } from '@promovente/shared';
import { lotSummaryOf } from '../../reservation-wizard';

/** Step 1: the lot the candidature is for (docs/product/reservation-form.md#screens). */
export const LotSummary = ({ form }: { form: ReservationForm }) => (
  <dl className="divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
    {lotSummaryOf(form).map(({ label, value }) => (
      <div key={label} className="flex items-baseline justify-between gap-4 px-3 py-2 text-sm">
        <dt className="text-slate-600">{label}</dt>
        <dd className="text-right font-medium text-slate-900 tabular-nums">{value}</dd>
      </div>
    ))}
  </dl>
);
