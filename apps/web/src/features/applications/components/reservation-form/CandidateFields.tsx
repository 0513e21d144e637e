import { CIVIL_STATUSES } from '@promovente/shared';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Checkbox, InputField, SelectField } from '../../../../components/ui/Field';
import { type CandidateTextField, COMPANY_FIELDS, digitsOnly, type WizardValues } from '../../reservation-wizard';

type Prefix = 'candidacy1' | 'candidacy2';

const LABELS: Record<CandidateTextField, string> = {
  last_name: 'Nom',
  maiden_name: 'Nom de jeune fille',
  first_name: 'Prénom',
  company_name: 'Raison sociale',
  company_type: 'Forme juridique',
  head_office: 'Siège',
  company_address: 'Adresse de la société',
  father_first_name: 'Prénom du père',
  mother_first_name: 'Prénom de la mère',
  mother_maiden_name: 'Nom de jeune fille de la mère',
  avs: 'N° AVS',
  birthday: 'Date de naissance',
  birthday_city: 'Lieu de naissance',
  place_origin: "Lieu d'origine",
  establishment_permit: "Permis d'établissement",
  job: 'Profession',
  civil_status: 'État civil',
  address: 'Adresse',
  city: 'Localité',
  country: 'Pays',
  zip: 'NPA',
  phone_private: 'Téléphone privé',
  phone_pro: 'Téléphone professionnel',
  phone: 'Téléphone',
  email: 'E-mail',
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const Section = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <fieldset className="space-y-3">
    <legend className="mb-2 text-sm font-semibold text-slate-800">{legend}</legend>
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">{children}</div>
  </fieldset>
);

type CandidateFieldsProps = { prefix: Prefix; editable: boolean };

/**
 * A candidate's fields (docs/product/entities.md#candidate): read-only unless the viewer may edit; the
 * e-mail read-only once the candidate exists; the company toggle clears the company fields when
 * unchecked and hides the parents' fields when checked.
 */
export const CandidateFields = ({ prefix, editable }: CandidateFieldsProps) => {
  const { register, setValue, clearErrors, watch, getFieldState, formState } = useFormContext<WizardValues>();
  const errorOf = (path: Parameters<typeof getFieldState>[0]) => getFieldState(path, formState).error?.message;
  const base = `${prefix}.candidate` as const;
  const isCompany = watch(`${base}.is_company`);
  const exists = watch(`${base}.id`) !== null;

  const field = (name: CandidateTextField, options: { required?: boolean; className?: string; type?: string; numeric?: boolean } = {}) => {
    const path = `${base}.${name}` as const;
    const registered = register(path, { onChange: () => clearErrors(path) });
    const readOnly = !editable || (name === 'email' && exists);
    return (
      <InputField
        key={name}
        label={options.required ? `${LABELS[name]} *` : LABELS[name]}
        className={options.className}
        type={options.type ?? 'text'}
        inputMode={options.numeric ? 'numeric' : undefined}
        readOnly={readOnly}
        aria-required={options.required || undefined}
        error={errorOf(path)}
        hint={name === 'email' && exists && editable ? "L'e-mail ne peut plus être modifié" : undefined}
        {...registered}
        onChange={(event) => {
          if (options.numeric) event.target.value = digitsOnly(event.target.value);
          return registered.onChange(event);
        }}
      />
    );
  };

  const companyToggle = register(`${base}.is_company`, {
    onChange: (event: { target: { checked: boolean } }) => {
      if (event.target.checked) return;
      for (const name of COMPANY_FIELDS) setValue(`${base}.${name}`, '');
      clearErrors(`${base}.company_name`);
    },
  });

  return (
    <div className="space-y-6">
      <Section legend="Identité">
        {field('last_name', { required: true })}
        {field('first_name', { required: true })}
        {field('maiden_name')}
        <SelectField label="Genre" disabled={!editable} error={errorOf(`${base}.gender`)} {...register(`${base}.gender`)}>
          <option value="M">Homme</option>
          <option value="F">Femme</option>
        </SelectField>
      </Section>

      <Section legend="Société">
        <Checkbox label="Le candidat est une société" className="sm:col-span-2" disabled={!editable} {...companyToggle} />
        {isCompany && (
          <>
            {field('company_name', { required: true })}
            {field('company_type')}
            {field('head_office')}
            {field('company_address')}
          </>
        )}
      </Section>

      {!isCompany && (
        <Section legend="Famille">
          {field('father_first_name')}
          {field('mother_first_name')}
          {field('mother_maiden_name', { className: 'sm:col-span-2' })}
        </Section>
      )}

      <Section legend="État civil et origine">
        <SelectField
          label="État civil"
          disabled={!editable}
          error={errorOf(`${base}.civil_status`)}
          {...register(`${base}.civil_status`, { onChange: () => clearErrors(`${base}.civil_status`) })}
        >
          <option value="">Choisir…</option>
          {CIVIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {capitalised(status)}
            </option>
          ))}
        </SelectField>
        {field('birthday', { type: 'date' })}
        {field('birthday_city')}
        {field('place_origin')}
        {field('avs')}
        {field('establishment_permit')}
        {field('job')}
        <Checkbox
          label="Déjà propriétaire en Suisse"
          className="self-end pb-2"
          disabled={!editable}
          {...register(`${base}.already_swiss_owner`)}
        />
      </Section>

      <Section legend="Coordonnées">
        {field('address', { className: 'sm:col-span-2' })}
        {field('zip', { numeric: true })}
        {field('city')}
        {field('country', { className: 'sm:col-span-2' })}
        {field('phone')}
        {field('phone_private')}
        {field('phone_pro')}
        {field('email', { required: !exists, type: 'email' })}
      </Section>
    </div>
  );
};
