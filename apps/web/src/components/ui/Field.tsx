import { formatNumber } from '@promovente/shared';
import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';
import { cn } from './cn';

const controlClasses = (invalid: boolean) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 disabled:bg-slate-100',
    invalid ? 'border-red-600' : 'border-slate-300',
  );

/** A text's length against its limit: the field shows 'n / max' and is never cut at the limit. */
export type CharacterCounter = { length: number; max: number };

/** 'n / max' under a text box, red past the limit; the control names it in aria-describedby (`{id}-count`). */
export const CharacterCount = ({ id, length, max }: CharacterCounter & { id: string }) => (
  <p
    id={`${id}-count`}
    className={cn('ml-auto shrink-0 text-xs tabular-nums', length > max ? 'font-medium text-red-700' : 'text-slate-500')}
  >
    {formatNumber(length)} / {formatNumber(max)}
    <span className="sr-only"> caractères</span>
  </p>
);

type FieldFrameProps = {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Label beside the control (compact toolbars) rather than above it. */
  inline?: boolean;
  counter?: CharacterCounter;
};

/** The ids a control is described by: its error or hint, then its counter. */
export const describedBy = (id: string, { error, hint, counter }: { error?: string; hint?: ReactNode; counter?: CharacterCounter }) =>
  [error ? `${id}-error` : hint ? `${id}-hint` : null, counter ? `${id}-count` : null].filter(Boolean).join(' ') || undefined;

/** The error, else the hint, under a control. */
const FieldNote = ({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) =>
  error ? (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  ) : hint ? (
    <p id={`${id}-hint`} className="text-xs text-slate-500">
      {hint}
    </p>
  ) : null;

/** A visible label above (or beside) its control, then the hint or the error, and the character counter. */
export const Field = ({ id, label, error, hint, children, className, inline = false, counter }: FieldFrameProps) => (
  <div className={cn(inline ? 'flex items-center gap-2' : 'space-y-1', className)}>
    <label htmlFor={id} className={inline ? 'text-xs font-medium text-slate-600' : 'block text-sm font-medium text-slate-700'}>
      {label}
    </label>
    {children}
    {counter ? (
      <div className="flex items-start gap-3">
        <FieldNote id={id} error={error} hint={hint} />
        <CharacterCount id={id} {...counter} />
      </div>
    ) : (
      <FieldNote id={id} error={error} hint={hint} />
    )}
  </div>
);

type InputFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shows 'n / max' under the box (a limit said, never a text cut: no maxLength). */
  counter?: CharacterCounter;
  ref?: Ref<HTMLInputElement>;
};

export const InputField = ({ label, error, hint, counter, id, className, ...props }: InputFieldProps) => {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <Field id={inputId} label={label} error={error} hint={hint} className={className} counter={counter}>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, { error, hint, counter })}
        className={controlClasses(Boolean(error))}
        {...props}
      />
    </Field>
  );
};

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
  inline?: boolean;
};

export const SelectField = ({ label, error, id, className, inline, children, ...props }: SelectFieldProps) => {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <Field id={selectId} label={label} error={error} className={className} inline={inline}>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        className={cn(controlClasses(Boolean(error)), 'py-1.5 pr-8', inline && 'w-auto max-w-64')}
        {...props}
      >
        {children}
      </select>
    </Field>
  );
};

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; ref?: Ref<HTMLInputElement> };

export const Checkbox = ({ label, id, className, ...props }: CheckboxProps) => {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input id={inputId} type="checkbox" className="size-4 rounded border-slate-300 accent-brand-700" {...props} />
      <label htmlFor={inputId} className="text-sm text-slate-700 select-none">
        {label}
      </label>
    </div>
  );
};
