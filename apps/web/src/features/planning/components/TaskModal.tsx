import {
  PLANNING_CATEGORIES,
  PLANNING_LIMITS,
  PLANNING_MESSAGES,
  type PlanningTask,
  type PlanningTaskInput,
  type PlanningTaskValues,
  planningTaskInputSchema,
} from '@promovente/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Field, InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';

type FormValues = { title: string; category: string; dateFrom: string; dateTo: string; details: string; promotion_id: number };

type Props = {
  promotionId: number;
  /** The task to edit; none: a new task. */
  task?: PlanningTask;
  onClose: () => void;
  onSubmit: (input: PlanningTaskInput) => Promise<{ message?: string }>;
  onDelete?: () => void;
};

/** 'Valider' is enabled only when title, start, end and category are filled (docs/product/planning.md#rules). */
export const canSubmitTask = (values: Partial<FormValues>) =>
  Boolean(values.title?.trim() && values.dateFrom && values.dateTo && values.category);

/** The add and edit modal of a planning task: details optional; submit closes it (the form starts afresh next time). */
export const TaskModal = ({ promotionId, task, onClose, onSubmit, onDelete }: Props) => {
  const [defaults] = useState<FormValues>(() => ({
    title: task?.title ?? '',
    category: task ? String(task.category) : '',
    dateFrom: task?.dateFrom ?? '',
    dateTo: task?.dateTo ?? '',
    details: task?.details ?? '',
    promotion_id: promotionId,
  }));
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, PlanningTaskValues>({
    resolver: schemaResolver<FormValues, PlanningTaskValues>(planningTaskInputSchema),
    defaultValues: defaults,
  });
  const values = useWatch({ control });
  const title = task ? PLANNING_MESSAGES.editTitle : PLANNING_MESSAGES.addTitle;

  const save = async (input: PlanningTaskValues) => {
    try {
      const answer = await onSubmit(input);
      if (answer.message) toast.success(answer.message);
      reset(defaults);
      onClose();
    } catch {
      // The API client's toast said why.
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      <form noValidate onSubmit={handleSubmit(save)} className="space-y-4" aria-label={title}>
        {/* The limit is said (a counter, then the error on submit), never enforced by cutting the text. */}
        <InputField
          label="Titre *"
          counter={{ length: values.title?.trim().length ?? 0, max: PLANNING_LIMITS.title }}
          error={errors.title?.message}
          {...register('title')}
        />
        <SelectField label="Catégorie *" error={errors.category?.message} {...register('category')}>
          <option value="">Choisir une catégorie</option>
          {PLANNING_CATEGORIES.map((category) => (
            <option key={category.id} value={category.id}>
              {category.label}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField label="Date de début *" type="date" error={errors.dateFrom?.message} {...register('dateFrom')} />
          <InputField
            label="Date de fin *"
            type="date"
            min={values.dateFrom || undefined}
            error={errors.dateTo?.message}
            {...register('dateTo')}
          />
        </div>
        <Field id="planning-task-details" label="Détails" error={errors.details?.message}>
          <textarea
            id="planning-task-details"
            rows={4}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
            {...register('details')}
          />
        </Field>
        <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
          <div>
            {onDelete && (
              <Button variant="danger" onClick={onDelete}>
                {PLANNING_MESSAGES.delete}
              </Button>
            )}
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={onClose}>
              {PLANNING_MESSAGES.cancel}
            </Button>
            <Button type="submit" disabled={!canSubmitTask(values)} loading={isSubmitting}>
              {PLANNING_MESSAGES.submit}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
};
