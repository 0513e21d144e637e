import { type ApplicationRow, type ApplicationsPage, can } from '@promovente/shared';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../../components/ui/Button';
import { cn } from '../../../../components/ui/cn';
import { Field, InputField, SelectField } from '../../../../components/ui/Field';
import { actorOf, useUser } from '../../../../lib/auth';
import { applicationKeys } from '../../api/applications';
import { QUARTER_HOURS } from './modal-helpers';

/** What every funnel modal receives. */
export type ApplicationModalProps = { application: ApplicationRow; onClose: () => void };

/** Closing the dialog (Escape, the cross, the overlay) clears the current action. */
export const closeOnDismiss = (onClose: () => void) => (open: boolean) => {
  if (!open) onClose();
};

/**
 * What the modals need besides the row: the promotion's title and whether it is multi-agency
 * (the user's current promotion, the one the funnel shows), the user himself.
 */
export const useModalContext = (application: Pick<ApplicationRow, 'promotion_id'>) => {
  const user = useUser().data;
  const promotion = user?.promotion?.id === application.promotion_id ? user.promotion : undefined;
  return {
    user,
    promotionTitle: promotion?.title ?? null,
    multiAgency: promotion?.multi_agency ?? false,
    /** 'Réinitialiser le compteur' (UpdateLastPriorityChange): the permission table's admin rule. */
    resetsPriorityCounter: user ? can(actorOf(user), 'application.resetPriorityCounter') : false,
  };
};

/**
 * Whether the application's promotion has a notary, read from the funnel page the row came
 * from (GET /applications answers `has_notary`); undefined when no cached page holds the row.
 */
export const hasNotaryOf = (queryClient: QueryClient, applicationId: number): boolean | undefined => {
  for (const [, page] of queryClient.getQueriesData<Partial<ApplicationsPage>>({ queryKey: applicationKeys.all })) {
    if (page && typeof page.has_notary === 'boolean' && Array.isArray(page.data) && page.data.some((row) => row?.id === applicationId)) {
      return page.has_notary;
    }
  }
  return undefined;
};

/** The candidate and the lot the modal acts on, under its title. */
export const ApplicationSummary = ({ application }: { application: ApplicationRow }) => (
  <p className="mb-4 text-sm text-slate-600">
    <span className="font-medium text-slate-800">{application.candidacy1.candidate.full_name}</span>
    {application.candidacy2 && <> et {application.candidacy2.candidate.full_name}</>} – lot {application.lot.reference}
  </p>
);

/** Annuler and the submit button, at the bottom of a modal's form. */
export const FormActions = ({
  submitLabel,
  pending,
  disabled = false,
  onCancel,
  danger = false,
}: {
  submitLabel: string;
  pending: boolean;
  disabled?: boolean;
  onCancel: () => void;
  danger?: boolean;
}) => (
  <div className="mt-5 flex justify-end gap-2">
    <Button variant="secondary" onClick={onCancel}>
      Annuler
    </Button>
    <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={disabled} loading={pending}>
      {submitLabel}
    </Button>
  </div>
);

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  registration?: UseFormRegisterReturn;
};

/** A labelled multi-line field (e-mail bodies). */
export const TextAreaField = ({ label, error, hint, registration, className, rows = 8, ...props }: TextAreaFieldProps) => {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className={cn(
          'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs',
          error ? 'border-red-600' : 'border-slate-300',
        )}
        {...props}
        {...registration}
      />
    </Field>
  );
};

/**
 * A date and a time picked in Swiss time (Europe/Zurich; docs/product/validation.md#sales-pipeline-forms and docs/product/constants.md): the time is a select of quarter
 * hours, so no other minute can be sent.
 */
export const DateTimeFields = ({
  dateLabel,
  date,
  time,
  error,
  required = true,
}: {
  dateLabel: string;
  date: UseFormRegisterReturn;
  time: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
}) => (
  <div className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_auto]">
    <InputField label={`${dateLabel}${required ? ' *' : ''}`} type="date" aria-required={required || undefined} error={error} {...date} />
    <SelectField label={`Heure (heure suisse)${required ? ' *' : ''}`} aria-required={required || undefined} {...time}>
      {QUARTER_HOURS.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </SelectField>
  </div>
);

/** The option of the e-mail steps that sends nothing to the candidates (`do_not_send_email`). */
export const DO_NOT_SEND_LABEL = 'Ne pas envoyer aux candidats';

/**
 * The e-mail of a step: subject and body (required), and the optional extra recipients
 * (the commands' `emails`, separated by commas).
 */
export const EmailFields = ({
  subject,
  body,
  emails,
  errors,
}: {
  subject: UseFormRegisterReturn;
  body: UseFormRegisterReturn;
  emails: UseFormRegisterReturn;
  errors: { subject?: { message?: string }; body?: { message?: string }; emails?: { message?: string } };
}) => (
  <>
    <InputField label="Objet *" aria-required="true" error={errors.subject?.message} {...subject} />
    <TextAreaField label="Message *" aria-required="true" rows={10} error={errors.body?.message} registration={body} />
    <InputField
      label="Autres destinataires"
      hint="Facultatif : adresses e-mail séparées par des virgules."
      error={errors.emails?.message}
      {...emails}
    />
  </>
);
