import { TASK_MESSAGES, TASK_TYPE_LABELS, type Task, type TaskFields, taskDateSchema } from '@promovente/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Field, InputField, SelectField } from '../../../components/ui/Field';
import { usePromotionBrokers } from '../api/promotion-brokers';
import { fromPickerValue, nextQuarter, toPickerValue } from '../task-rules';

type FormValues = { title: string; date: string; type: string; broker_id: string; detail: string };

type TaskFormProps = {
  promotionId: number;
  /** The task being edited; none for a new task. */
  task?: Task;
  /** Who is assigned by default on a new task (the signed-in broker). */
  defaultAssigneeId?: number;
  submitLabel: string;
  pending: boolean;
  onSubmit: (fields: TaskFields) => void;
  onCancel: () => void;
};

const valuesOf = (task: Task | undefined, defaultAssigneeId: number | undefined): FormValues => ({
  title: task?.title ?? '',
  date: task ? toPickerValue(task.end_at) : nextQuarter(),
  type: String(task?.type ?? 0),
  broker_id: String(task?.assigned_to_id ?? defaultAssigneeId ?? ''),
  detail: task?.detail ?? '',
});

/**
 * The add and edit task form (docs/product/validation.md#task-forms): title required (submit disabled while empty),
 * a date on 15-minute steps read in Swiss time, the type, the assignee among the promotion's
 * brokers, the detail. A process task's title is read-only.
 */
export const TaskForm = ({ promotionId, task, defaultAssigneeId, submitLabel, pending, onSubmit, onCancel }: TaskFormProps) => {
  const brokers = usePromotionBrokers(promotionId);
  const detailId = useId();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<FormValues>({ defaultValues: valuesOf(task, defaultAssigneeId) });
  const title = watch('title');

  const assignees = [...(brokers.data ?? [])];
  if (task?.assigned_to && !assignees.some((b) => b.id === task.assigned_to?.id)) {
    assignees.push({ ...task.assigned_to, email: '', agency_id: null });
  }

  const submit = handleSubmit((values) => {
    const endAt = fromPickerValue(values.date);
    const date = taskDateSchema.safeParse(endAt ?? '');
    if (!date.success) {
      setError('date', { message: date.error.issues[0]?.message ?? TASK_MESSAGES.dateInvalid });
      return;
    }
    if (!values.broker_id) {
      setError('broker_id', { message: TASK_MESSAGES.assigneeRequired });
      return;
    }
    onSubmit({
      title: values.title.trim(),
      end_at: date.data,
      type: values.type === '1' ? 1 : 0,
      broker_id: Number(values.broker_id),
      detail: values.detail.trim() || null,
    });
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <InputField label="Titre *" aria-required="true" error={errors.title?.message} {...register('title')} />
      <InputField
        label="Date et heure (heure suisse) *"
        type="datetime-local"
        step={900}
        aria-required="true"
        error={errors.date?.message}
        {...register('date')}
      />
      <SelectField label="Type *" aria-required="true" {...register('type')}>
        {Object.entries(TASK_TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Assigné à *"
        aria-required="true"
        disabled={brokers.isPending}
        error={errors.broker_id?.message}
        {...register('broker_id')}
      >
        <option value="">Choisir un courtier</option>
        {assignees.map((broker) => (
          <option key={broker.id} value={broker.id}>
            {broker.full_name}
          </option>
        ))}
      </SelectField>
      <Field id={detailId} label="Détail">
        <textarea
          id={detailId}
          rows={3}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs"
          {...register('detail')}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" disabled={title.trim().length === 0} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
};
