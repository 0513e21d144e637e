import {
  APPLICATION_ACTIONS,
  PROCESS_TASKS,
  sendReservationFormSchema,
  unvalidateReservationFormSchema,
  validateReservationFormSchema,
} from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Checkbox } from '../../../../components/ui/Field';
import { Modal } from '../../../../components/ui/Modal';
import { useApplicationCommand } from '../../api/commands';
import {
  commandResolver,
  DEFAULT_TIME,
  incompleteBody,
  incompleteSubject,
  isFilled,
  normalizeLines,
  parseEmails,
  reservationFormBody,
  reservationFormSubject,
} from './modal-helpers';
import {
  type ApplicationModalProps,
  ApplicationSummary,
  closeOnDismiss,
  DateTimeFields,
  DO_NOT_SEND_LABEL,
  EmailFields,
  FormActions,
  useModalContext,
} from './modal-kit';

/** The candidates' addresses, shown above the e-mail. */
const Recipients = ({ application }: Pick<ApplicationModalProps, 'application'>) => {
  const emails = [application.candidacy1.candidate.email, application.candidacy2?.candidate.email].filter(Boolean);
  return (
    <p className="text-sm text-slate-700">
      <span className="font-medium">Candidats : </span>
      {emails.length > 0 ? emails.join(', ') : 'aucune adresse e-mail connue'}
    </p>
  );
};

type EmailValues = { subject: string; body: string; emails: string };

const emailPayload = (values: EmailValues) => ({
  subject: values.subject,
  body: normalizeLines(values.body),
  emails: parseEmails(values.emails),
});

/**
 * Send or resend the reservation form (docs/product/validation.md#reservation-form): subject and body required (submit
 * disabled until both hold text), the default subject names the promotion and the lot;
 * options 'Ne pas envoyer aux candidats' and "M'envoyer une copie". A resend keeps the first
 * sending date (the same command).
 */
export const SendReservationFormModal = ({ application, onClose, resend = false }: ApplicationModalProps & { resend?: boolean }) => {
  const { promotionTitle, user } = useModalContext(application);
  const command = useApplicationCommand('sendReservationForm', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(
      sendReservationFormSchema,
      (values: EmailValues & { do_not_send_email: boolean; send_copy_to_broker: boolean }) => ({
        ...emailPayload(values),
        do_not_send_email: values.do_not_send_email,
        send_copy_to_broker: values.send_copy_to_broker,
      }),
    ),
    defaultValues: {
      subject: reservationFormSubject(promotionTitle, application.lot.reference),
      body: reservationFormBody({ application, promotionTitle, brokerName: user?.full_name }),
      emails: '',
      do_not_send_email: false,
      send_copy_to_broker: false,
    },
  });
  const [subject, body] = watch(['subject', 'body']);
  const label = resend ? APPLICATION_ACTIONS.resendReservationForm.label : APPLICATION_ACTIONS.sendReservationForm.label;

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={label} size="wide">
      <ApplicationSummary application={application} />
      <form noValidate className="space-y-4" onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <Recipients application={application} />
        <EmailFields subject={register('subject')} body={register('body')} emails={register('emails')} errors={errors} />
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox label={DO_NOT_SEND_LABEL} {...register('do_not_send_email')} />
          <Checkbox label="M'envoyer une copie" {...register('send_copy_to_broker')} />
        </div>
        <FormActions
          submitLabel="Envoyer"
          pending={command.isPending}
          disabled={!isFilled(subject) || !isFilled(body)}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
};

/**
 * 'Réservation incomplète' (docs/product/reservation-form.md#reservation-lifecycle and docs/product/validation.md#sales-pipeline-forms): the candidate is e-mailed an editable
 * subject and body; the server escapes the text and turns its line breaks into <br>.
 */
export const UnvalidateReservationFormModal = ({ application, onClose }: ApplicationModalProps) => {
  const { promotionTitle, user } = useModalContext(application);
  const command = useApplicationCommand('unvalidateReservationForm', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(unvalidateReservationFormSchema, emailPayload),
    defaultValues: {
      subject: incompleteSubject(promotionTitle, application.lot.reference),
      body: incompleteBody({ application, promotionTitle, brokerName: user?.full_name }),
      emails: '',
    },
  });
  const [subject, body] = watch(['subject', 'body']);

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.unvalidateReservationForm.label} size="wide">
      <ApplicationSummary application={application} />
      <form noValidate className="space-y-4" onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <Recipients application={application} />
        <EmailFields subject={register('subject')} body={register('body')} emails={register('emails')} errors={errors} />
        <FormActions
          submitLabel="Envoyer"
          pending={command.isPending}
          disabled={!isFilled(subject) || !isFilled(body)}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
};

type ValidateValues = { knowDate: boolean; date: string; time: string };

/**
 * 'Réservation complète' (docs/product/validation.md#sales-pipeline-forms): locks the form for the candidates; a deposit date
 * and time (quarter hours, default 10:00, Swiss time) only when 'Date de dépôt connue' is ticked.
 */
export const ValidateReservationFormModal = ({ application, onClose }: ApplicationModalProps) => {
  const command = useApplicationCommand('validateReservationForm', application.id, { onDone: onClose });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm({
    resolver: commandResolver(validateReservationFormSchema, (values: ValidateValues) =>
      values.knowDate ? { knowDate: true, date: values.date || null, time: values.time } : { knowDate: false, date: null, time: null },
    ),
    defaultValues: { knowDate: false, date: '', time: DEFAULT_TIME },
  });
  const knowDate = watch('knowDate');

  return (
    <Modal open onOpenChange={closeOnDismiss(onClose)} title={APPLICATION_ACTIONS.validateReservationForm.label}>
      <ApplicationSummary application={application} />
      <form noValidate className="space-y-4" onSubmit={handleSubmit((payload) => command.mutate(payload))}>
        <p className="text-sm text-slate-700">Le formulaire de réservation sera validé : les candidats ne pourront plus le modifier.</p>
        <Checkbox label="Date de dépôt connue" {...register('knowDate')} />
        {knowDate && (
          <>
            <DateTimeFields
              dateLabel="Date de dépôt de l'acompte"
              date={register('date')}
              time={register('time')}
              error={errors.date?.message ?? errors.time?.message}
            />
            <p className="text-xs text-slate-500">
              Une tâche « {PROCESS_TASKS.reservation_deposit_expected.title} » sera créée pour le notaire à cette date.
            </p>
          </>
        )}
        <FormActions submitLabel="Valider" pending={command.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
};
