import { formatCHF } from '@promovente/shared';
import { useFormContext } from 'react-hook-form';
import { Checkbox, InputField } from '../../../../components/ui/Field';
import { digitsOnly, type FinancingTextField, type WizardValues } from '../../reservation-wizard';

type Prefix = 'candidacy1' | 'candidacy2';

/** The three sources of a candidacy's financing (docs/product/entities.md#candidacy-financing). */
const SOURCES = [
  {
    legend: 'Hypothèque',
    amount: ['mortgage_amount', 'Montant hypothécaire (CHF)'],
    bank: ['mortgage_bank_name', "Banque de l'hypothèque"],
    contact: ['mortgage_contact_name', "Contact de l'hypothèque"],
  },
  {
    legend: '2e pilier',
    amount: ['second_pillar_amount', 'Montant du 2e pilier (CHF)'],
    bank: ['second_pillar_bank_name', 'Institution du 2e pilier'],
    contact: ['second_pillar_contact_name', 'Contact du 2e pilier'],
  },
  {
    legend: '3e pilier',
    amount: ['third_pillar_amount', 'Montant du 3e pilier (CHF)'],
    bank: ['third_pillar_bank_name', 'Institution du 3e pilier'],
    contact: ['third_pillar_contact_name', 'Contact du 3e pilier'],
  },
] as const satisfies readonly {
  legend: string;
  amount: [FinancingTextField, string];
  bank: [FinancingTextField, string];
  contact: [FinancingTextField, string];
}[];

type FinancingFieldsProps = { prefix: Prefix; editable: boolean };

/** A candidacy's financing: amounts are whole numbers of CHF, read-only unless the viewer may edit. */
export const FinancingFields = ({ prefix, editable }: FinancingFieldsProps) => {
  const { register, clearErrors, watch, getFieldState, formState } = useFormContext<WizardValues>();
  const errorOf = (path: Parameters<typeof getFieldState>[0]) => getFieldState(path, formState).error?.message;
  const base = `${prefix}.financing` as const;

  const field = ([name, label]: readonly [FinancingTextField, string], numeric = false) => {
    const path = `${base}.${name}` as const;
    const registered = register(path, { onChange: () => clearErrors(path) });
    const value = watch(path);
    return (
      <InputField
        key={name}
        label={label}
        inputMode={numeric ? 'numeric' : undefined}
        readOnly={!editable}
        error={errorOf(path)}
        hint={numeric && value ? formatCHF(Number(value)) : undefined}
        {...registered}
        onChange={(event) => {
          if (numeric) event.target.value = digitsOnly(event.target.value);
          return registered.onChange(event);
        }}
      />
    );
  };

  return (
    <div className="space-y-6">
      {SOURCES.map((source) => (
        <fieldset key={source.legend} className="space-y-3">
          <legend className="mb-2 text-sm font-semibold text-slate-800">{source.legend}</legend>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {field(source.amount, true)}
            {field(source.bank)}
            {field(source.contact)}
          </div>
        </fieldset>
      ))}
      <Checkbox label="Informations financières non disponibles" disabled={!editable} {...register(`${base}.financials_unavailable`)} />
    </div>
  );
};
