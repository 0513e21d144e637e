import {
  PIPELINE_MESSAGES,
  RESERVATION_MESSAGES,
  type ReservationForm,
  submitReservationFormSchema,
  type UserType,
} from '@promovente/shared';
import { CircleCheck, Info, Lock } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Spinner } from '../../../components/ui/Spinner';
import { ApiError, errorMessage } from '../../../lib/api';
import { homePathFor, useUser } from '../../../lib/auth';
import { useReservationForm, useSubmitReservationForm } from '../api/reservation-form';
import {
  canGoNext,
  canGoPrevious,
  goToStep,
  LEAVE_EMPTY_TO_BUY_ALONE,
  nextStep,
  noticeOf,
  previousStep,
  RELOAD_DELAY_MS,
  RESERVATION_STEPS,
  stepOfPath,
  submitPayloadOf,
  type WizardValues,
  wizardValuesOf,
} from '../reservation-wizard';
import { CandidateFields } from './reservation-form/CandidateFields';
import { FinancingFields } from './reservation-form/FinancingFields';
import { LotSummary } from './reservation-form/LotSummary';
import { StepHeaders } from './reservation-form/StepHeaders';

/** The reservation form (docs/product/reservation-form.md#screens), opened from the funnel or from the e-mailed link. */
export const ReservationFormPage = () => {
  const { id = '' } = useParams();
  const user = useUser();
  const form = useReservationForm(id);

  if (form.isError) {
    return (
      <div className="space-y-4">
        <h1 className="text-xl font-semibold text-slate-900">Formulaire de réservation</h1>
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {form.error instanceof ApiError && form.error.status !== 404 ? errorMessage(form.error) : PIPELINE_MESSAGES.invalidLink}
        </p>
        {user.data && (
          <Link to={homePathFor(user.data)} className="text-sm font-medium text-brand-800 underline">
            Retour à l'accueil
          </Link>
        )}
      </div>
    );
  }
  if (!form.data || !user.data) {
    return (
      <div className="flex justify-center py-16 text-slate-500">
        <Spinner className="size-6" />
        <span className="sr-only">Chargement</span>
      </div>
    );
  }
  return <ReservationWizard key={form.data.id} form={form.data} userType={user.data.type} homePath={homePathFor(user.data)} />;
};

type ReservationWizardProps = { form: ReservationForm; userType: UserType; homePath: string };

const ReservationWizard = ({ form, userType, homePath }: ReservationWizardProps) => {
  const methods = useForm<WizardValues>({ defaultValues: wizardValuesOf(form) });
  const submit = useSubmitReservationForm();
  const [step, setStep] = useState(1);
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notice = noticeOf(form, userType);
  const current = RESERVATION_STEPS[step - 1];

  /** Opens a step and moves the focus to its title, for keyboard and screen reader users. */
  const handleGoTo = (target: number) => {
    flushSync(() => setStep((from) => goToStep(from, target)));
    headingRef.current?.focus();
  };

  const handleConfirm = async () => {
    methods.clearErrors();
    const payload = submitPayloadOf(methods.getValues());
    const checked = submitReservationFormSchema.safeParse(payload);
    if (!checked.success) {
      for (const issue of [...checked.error.issues].reverse()) {
        methods.setError(issue.path.map(String).join('.') as Path<WizardValues>, { type: 'validation', message: issue.message });
      }
      const [first] = checked.error.issues;
      toast.error(first.message);
      handleGoTo(stepOfPath(first.path));
      return;
    }
    try {
      const answer = await submit.mutateAsync({ applicationId: form.id, payload });
      toast.success(answer.message ?? RESERVATION_MESSAGES.submitted);
      setSaved(true);
      window.setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch (error) {
      // The API client already showed the message; the same e-mail is also marked on its field.
      if (error instanceof ApiError && error.message === PIPELINE_MESSAGES.sameEmail) {
        methods.setError('candidacy2.candidate.email', { type: 'server', message: error.message });
        handleGoTo(3);
      }
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (step === RESERVATION_STEPS.length && form.can_confirm && !saved) void handleConfirm();
  };

  return (
    <div className="space-y-5">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold text-slate-900">Formulaire de réservation</h1>
        <p className="text-sm text-slate-600">
          Lot {form.lot.reference} – {form.lot.promotion_title}
        </p>
      </header>

      {notice && (
        <p
          className={
            notice.kind === 'confirmed'
              ? 'flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900'
              : 'flex items-start gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900'
          }
        >
          {notice.kind === 'confirmed' ? (
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          {notice.text}
        </p>
      )}

      <StepHeaders current={step} onGoTo={handleGoTo} />

      <FormProvider {...methods}>
        <form onSubmit={handleSubmit} noValidate className="space-y-5 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
          <div className="space-y-1">
            <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
              {current.step}. {current.heading}
            </h2>
            {step === 3 && <p className="text-sm text-slate-600">{LEAVE_EMPTY_TO_BUY_ALONE}</p>}
          </div>

          {step === 1 && <LotSummary form={form} />}
          {step === 2 && <CandidateFields key="candidacy1" prefix="candidacy1" editable={form.editable} />}
          {step === 3 && <CandidateFields key="candidacy2" prefix="candidacy2" editable={form.editable} />}
          {step === 4 && <FinancingFields key="candidacy1" prefix="candidacy1" editable={form.editable} />}
          {step === 5 && <FinancingFields key="candidacy2" prefix="candidacy2" editable={form.editable} />}

          {saved && (
            <p role="status" className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
              {RESERVATION_MESSAGES.submitted}
            </p>
          )}

          <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-4">
            <div>
              {canGoPrevious(step) && (
                <Button variant="secondary" onClick={() => handleGoTo(previousStep(step))}>
                  Précédent
                </Button>
              )}
            </div>
            <div className="flex gap-2">
              {canGoNext(step) && <Button onClick={() => handleGoTo(nextStep(step))}>Suivant</Button>}
              {!canGoNext(step) && form.can_confirm && (
                <Button type="submit" loading={submit.isPending} disabled={saved}>
                  Confirmer
                </Button>
              )}
            </div>
          </div>
        </form>
      </FormProvider>

      <Link to={homePath} className="inline-block text-sm font-medium text-brand-800 underline">
        Retour à l'accueil
      </Link>
    </div>
  );
};
