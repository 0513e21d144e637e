import {
  APPLICATION_ACTIONS,
  PIPELINE_MESSAGES,
  PROCESS_TASKS,
  planActOfPurchaseSchema,
  scheduleAgreementSchema,
} from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { Checkbox } from '../../../../components/ui/Field';
import { Modal } from '../../../../components/ui/Modal';
import { useApplicationCommand } from '../../api/commands';
import {
  actOfPurchaseBody,
  actOfPurchaseSubject,
  commandResolver,
  DEFAULT_TIME,
  normalizeLines,
  parseEmails,
  swissTimeIso,
} from './modal-helpers';
import {
  type ApplicationModalProps,
  ApplicationSummary,
  closeOnDismiss,
  DateTimeFields,
  DO_NOT_SEND_LABEL,
  EmailFields,
  FormActions,
  hasNotaryOf,
  useModalContext,
} from './modal-kit';

type DateValues = { date: string; time: string };

/** 'Planifier la signature de la promesse' (docs/product/validation.md#sales-pipeline-forms): the date is required, read in Swiss time. */
export const ScheduleAgreementModal = ({ application, onClose }: ApplicationModalProps) => {
  const command = useApplicationCommand('scheduleAgreement', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(scheduleAgreementSchema, (values: DateValues) => ({ date: swissTimeIso(values.date, values.time) })),
    defaultValues: { date: '', time: DEFAULT_TIME },
  });

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.scheduleAgreement.label}>
      <ApplicationSummary application={application} />
      <form noValidate className="space-y-4" onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <DateTimeFields dateLabel="Date de signature" date={register('date')} time={register('time')} error={errors.date?.message} />
        <p className="text-xs text-slate-500">Une tâche « {PROCESS_TASKS.send_draft_act.title} » sera créée pour le notaire.</p>
        <FormActions submitLabel="Planifier" pending={command.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
};

/** The alert that replaces the form while the promotion has no notary (docs/product/errors.md#sales-pipeline). */
export const NoNotaryAlert = ({ onClose }: { onClose: () => void }) => (
  <>
    <p role="alert" className="flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {PIPELINE_MESSAGES.noNotary}
    </p>
    <div className="mt-5 flex justify-end">
      <Button variant="secondary" onClick={onClose}>
        Fermer
      </Button>
    </div>
  </>
);

type ActValues = DateValues & { subject: string; body: string; emails: string; do_not_send_email: boolean };

/**
 * "Planifier la signature de l'acte" (docs/product/validation.md#sales-pipeline-forms and docs/product/errors.md#sales-pipeline): date, subject and body required,
 * 'Ne pas envoyer aux candidats'. Without a notary in the promotion — known from the funnel
 * page, or from the server's refusal — the alert shows instead of the form.
 */
export const PlanActOfPurchaseModal = ({ application, onClose }: ApplicationModalProps) => {
  const queryClient = useQueryClient();
  const { promotionTitle, user } = useModalContext(application);
  const [noNotary, setNoNotary] = useState(() => hasNotaryOf(queryClient, application.id) === false);
  const command = useApplicationCommand('planActOfPurchase', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(planActOfPurchaseSchema, (values: ActValues) => ({
      date: swissTimeIso(values.date, values.time),
      subject: values.subject,
      body: normalizeLines(values.body),
      emails: parseEmails(values.emails),
      do_not_send_email: values.do_not_send_email,
    })),
    defaultValues: {
      date: '',
      time: DEFAULT_TIME,
      subject: actOfPurchaseSubject(promotionTitle, application.lot.reference),
      body: actOfPurchaseBody({ application, promotionTitle, brokerName: user?.full_name }),
      emails: '',
      do_not_send_email: false,
    },
  });

  const submit = handleSubmit((payload) =>
    command.mutate(payload, {
      onError: (error) => {
        if (error.message === PIPELINE_MESSAGES.noNotary) setNoNotary(true);
      },
    }),
  );

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.planActOfPurchase.label} size={noNotary ? 'md' : 'wide'}>
      <ApplicationSummary application={application} />
      {noNotary ? (
        <NoNotaryAlert onClose={onClose} />
      ) : (
        <form noValidate className="space-y-4" onSubmit={submit}>
          <DateTimeFields dateLabel="Date de signature" date={register('date')} time={register('time')} error={errors.date?.message} />
          <EmailFields subject={register('subject')} body={register('body')} emails={register('emails')} errors={errors} />
          <Checkbox label={DO_NOT_SEND_LABEL} {...register('do_not_send_email')} />
          <p className="text-xs text-slate-500">
            Le notaire reçoit l'e-mail ; une tâche « {PROCESS_TASKS.send_call_for_funds.title} » lui est créée.
          </p>
          <FormActions submitLabel="Planifier" pending={command.isPending} onCancel={onClose} />
        </form>
      )}
    </Modal>
  );
};
