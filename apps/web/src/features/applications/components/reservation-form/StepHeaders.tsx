import { cn } from '../../../../components/ui/cn';
import { RESERVATION_STEPS } from '../../reservation-wizard';

type StepHeadersProps = { current: number; onGoTo: (step: number) => void };

/** The five step headers; each one is a button that opens its step (docs/product/reservation-form.md#screens). */
export const StepHeaders = ({ current, onGoTo }: StepHeadersProps) => (
  <nav aria-label="Étapes du formulaire">
    <ol className="grid grid-cols-5 gap-1">
      {RESERVATION_STEPS.map(({ step, title }) => {
        const active = step === current;
        const done = step < current;
        return (
          <li key={step}>
            <button
              type="button"
              onClick={() => onGoTo(step)}
              aria-current={active ? 'step' : undefined}
              className="flex w-full flex-col items-center gap-1 rounded-md px-0.5 py-1 text-center hover:bg-slate-100"
            >
              <span
                className={cn(
                  'flex size-7 items-center justify-center rounded-full border text-sm font-semibold',
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : done
                      ? 'border-brand-700 bg-white text-brand-800'
                      : 'border-slate-300 bg-white text-slate-600',
                )}
              >
                <span className="sr-only">Étape </span>
                {step}
              </span>
              <span className={cn('text-[11px] leading-tight', active ? 'font-semibold text-slate-900' : 'text-slate-600')}> {title}</span>
            </button>
          </li>
        );
      })}
    </ol>
  </nav>
);
