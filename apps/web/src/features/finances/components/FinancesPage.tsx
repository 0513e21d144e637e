import {
  can,
  FINANCE_FIELDS,
  FINANCE_SECTIONS,
  FINANCES_MESSAGES,
  type FinanceField,
  type FinancesRecord,
  type FinancesValues,
  financesInputSchema,
  formatDateTime,
} from '@promovente/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMatches } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { actorOf, useUser } from '../../../lib/auth';
import { titleOfMatches } from '../../../lib/route-handle';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useFinances, useSaveFinances } from '../api/finances';
import { type FinancesForm, formatFinanceValue, formOf } from '../finances-view';

/**
 * The finances screen (docs/product/finances.md#screens): view mode for its readers; pilots switch
 * to edit mode, save (back to view mode) or cancel (the saved values come back). Beside the
 * sales rows, what the reserved and signed lots give today.
 */
export const FinancesPage = () => {
  const title = titleOfMatches(useMatches());
  const { data: user } = useUser();
  const promotionId = user?.preferences.selected_promotion ?? null;
  const finances = useFinances(promotionId);
  const editor = user ? can(actorOf(user), 'finances.edit') : false;

  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {finances.isPending && promotionId !== null ? (
        <Spinner />
      ) : finances.data && promotionId !== null ? (
        <FinancesRecordView key={finances.data.id} record={finances.data} promotionId={promotionId} editor={editor} />
      ) : null}
    </div>
  );
};

const FinancesRecordView = ({ record, promotionId, editor }: { record: FinancesRecord; promotionId: number; editor: boolean }) => {
  const save = useSaveFinances(promotionId);
  const [editing, setEditing] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FinancesForm, unknown, FinancesValues>({
    resolver: schemaResolver<FinancesForm, FinancesValues>(financesInputSchema),
    defaultValues: formOf(record),
  });

  const handleCancel = () => {
    reset(formOf(record));
    setEditing(false);
  };

  const handleSave = async (values: FinancesValues) => {
    try {
      const answer = await save(record.id, values);
      if (answer.message) toast.success(answer.message);
      reset(formOf(answer.data));
      setEditing(false);
    } catch {
      // The API client's toast said why.
    }
  };

  const cell = (field: FinanceField, unit: string) => {
    const label = `${FINANCE_FIELDS[field].label} (${unit})`;
    if (!editing)
      return (
        <span className={record[field] === null ? 'text-slate-500' : 'text-slate-900'}>{formatFinanceValue(record[field], unit)}</span>
      );
    const error = errors[field]?.message;
    return (
      <div>
        <div className="flex items-center gap-1.5">
          <input
            type="text"
            inputMode="decimal"
            aria-label={label}
            aria-invalid={error ? true : undefined}
            className={`w-32 rounded-md border px-2 py-1 text-right text-sm ${error ? 'border-red-600' : 'border-slate-300'}`}
            {...register(field)}
          />
          <span className="text-xs text-slate-500">{unit}</span>
        </div>
        {error && <p className="text-xs text-red-700">{error}</p>}
      </div>
    );
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} aria-label="Finances" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {FINANCES_MESSAGES.updatedAt} : {record.updated_at ? formatDateTime(record.updated_at) : FINANCES_MESSAGES.neverUpdated}
        </p>
        {editor && (
          <div className="flex gap-2">
            {editing ? (
              <>
                <Button variant="secondary" onClick={handleCancel}>
                  {FINANCES_MESSAGES.cancel}
                </Button>
                <Button type="submit" loading={isSubmitting}>
                  {FINANCES_MESSAGES.save}
                </Button>
              </>
            ) : (
              <Button onClick={() => setEditing(true)}>{FINANCES_MESSAGES.edit}</Button>
            )}
          </div>
        )}
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {FINANCE_SECTIONS.map((section) => {
          const paired = section.rows.some((row) => row.fields.length === 2);
          const withToday = section.rows.some((row) => row.today);
          return (
            // On a phone the amounts wrap before their unit; what still does not fit (edit mode, a narrower phone) scrolls inside the section, reached by keyboard.
            <section
              key={section.title}
              className="min-w-0 overflow-x-auto rounded-lg border border-slate-200 bg-white p-3 sm:p-4"
              aria-label={section.title}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways is reachable by keyboard (WCAG 2.1.1)
              tabIndex={0}
            >
              <h2 className="mb-3 text-base font-semibold text-slate-900">{section.title}</h2>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-xs text-slate-600">
                    <th scope="col" className="pb-2 font-medium">
                      <span className="sr-only">Poste</span>
                    </th>
                    {paired ? (
                      <>
                        <th scope="col" className="pb-2 font-medium">
                          {FINANCES_MESSAGES.initial}
                        </th>
                        <th scope="col" className="pb-2 font-medium">
                          {FINANCES_MESSAGES.updated}
                        </th>
                      </>
                    ) : (
                      <th scope="col" className="pb-2 font-medium">
                        Valeur
                      </th>
                    )}
                    {withToday && (
                      <th scope="col" className="pb-2 font-medium" title={FINANCES_MESSAGES.todayHint}>
                        {FINANCES_MESSAGES.today}
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {section.rows.map((row) => (
                    <tr key={row.label} className="border-t border-slate-100 align-top">
                      <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-700 sm:pr-3">
                        {row.label}
                      </th>
                      {row.fields.map((field) => (
                        <td key={field} className="py-2 pr-2 sm:pr-3 sm:whitespace-nowrap">
                          {cell(field, row.unit)}
                        </td>
                      ))}
                      {withToday && (
                        <td className="py-2 text-slate-900 sm:whitespace-nowrap">
                          {row.today ? formatFinanceValue(record.today[row.today], row.unit) : ''}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>

              {withToday && (
                <p className="mt-2 text-xs text-slate-500">
                  {FINANCES_MESSAGES.todayHint} (logements : {record.today.housing_lots}, commerces : {record.today.shops_lots})
                </p>
              )}
            </section>
          );
        })}
      </div>
    </form>
  );
};
