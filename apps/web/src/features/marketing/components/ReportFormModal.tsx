import { MARKETING_MESSAGES, type MarketingReportInput, marketingReportInputSchema } from '@promovente/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Field, InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useReportCalls } from '../api/reports';

type FormValues = {
  number_of_visits: string;
  number_of_future_visits: string;
  feedback_positive: string;
  feedback_todo: string;
  feedback_problem: string;
  include_lots: boolean;
  include_marketing_campaigns: boolean;
};

const TEXTAREA =
  'block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700';

const FEEDBACK = [
  { key: 'feedback_positive', label: 'Points positifs' },
  { key: 'feedback_todo', label: 'À faire' },
  { key: 'feedback_problem', label: 'Problèmes' },
] as const;

/**
 * Add a marketing report (docs/product/marketing.md#rules): the visits at least the highest report's (0 if none),
 * the future visits at least 0, the visits screenshot, the three feedback texts and the two flags.
 */
export const ReportFormModal = ({ promotionId, minimum, onClose }: { promotionId: number; minimum: number; onClose: () => void }) => {
  const { add } = useReportCalls(promotionId);
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, MarketingReportInput>({
    resolver: schemaResolver<FormValues, MarketingReportInput>(marketingReportInputSchema),
    defaultValues: {
      number_of_visits: String(minimum),
      number_of_future_visits: '0',
      feedback_positive: '',
      feedback_todo: '',
      feedback_problem: '',
      include_lots: true,
      include_marketing_campaigns: true,
    },
  });
  const submit = handleSubmit(async (input) => {
    if (input.number_of_visits < minimum) {
      setError('number_of_visits', { message: MARKETING_MESSAGES.visitsMin(minimum) });
      return;
    }
    const answer = await add.mutateAsync({ values: input, screenshot }).catch(() => null);
    if (answer) onClose();
  });
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Ajouter un rapport">
      <form id="report-form" aria-label="Ajouter un rapport" onSubmit={submit} noValidate className="space-y-3">
        <div className="grid grid-cols-2 gap-3">
          <InputField
            label="Nombre de visites"
            type="number"
            min={minimum}
            step={1}
            error={errors.number_of_visits?.message}
            {...register('number_of_visits')}
          />
          <InputField
            label="Visites futures"
            type="number"
            min={0}
            step={1}
            error={errors.number_of_future_visits?.message}
            {...register('number_of_future_visits')}
          />
        </div>
        <Field id="report-screenshot" label="Capture des visites (PNG ou JPG)">
          <input
            id="report-screenshot"
            type="file"
            accept="image/png,image/jpeg"
            className="block w-full text-sm"
            onChange={(event) => setScreenshot(event.target.files?.[0] ?? null)}
          />
        </Field>
        {FEEDBACK.map(({ key, label }) => (
          <Field key={key} id={`report-${key}`} label={label} error={errors[key]?.message}>
            <textarea id={`report-${key}`} rows={3} className={TEXTAREA} {...register(key)} />
          </Field>
        ))}
        <Checkbox label="Inclure les lots" {...register('include_lots')} />
        <Checkbox label="Inclure les campagnes marketing" {...register('include_marketing_campaigns')} />
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="report-form" loading={add.isPending} disabled={add.isPending}>
          Enregistrer
        </Button>
      </div>
    </Modal>
  );
};
