import { SelectField } from '../../../components/ui/Field';
import { usePartners } from '../api/attribution';
import { PRIORITY_OPTIONS } from '../attribution';

type PriorityFieldProps = {
  multiAgency: boolean;
  priority: number;
  onChange: (priority: number) => void;
  /** Multi-agency: the position the attribution would take, or nothing yet. */
  positionText: string | null;
};

/**
 * The priority of the new application (docs/product/validation.md#assign-lot): chosen among 1, 2, 3, 9
 * (default 9), or in a multi-agency promotion the best free position, shown.
 */
export const PriorityField = ({ multiAgency, priority, onChange, positionText }: PriorityFieldProps) =>
  multiAgency ? (
    positionText && <p className="text-sm text-slate-700">{positionText}</p>
  ) : (
    <SelectField label="Priorité *" aria-required="true" value={priority} onChange={(event) => onChange(Number(event.target.value))}>
      {PRIORITY_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );

type PartnerFieldProps = {
  /** The main candidacy; the partner list excludes it. Null: no candidacy chosen yet. */
  candidacyId: number | null;
  value: string;
  onChange: (partnerId: string) => void;
};

/** The optional second candidate (GET /applications/partners, docs/product/validation.md#assign-lot). */
export const PartnerField = ({ candidacyId, value, onChange }: PartnerFieldProps) => {
  const partners = usePartners(candidacyId ?? 0, candidacyId !== null);
  return (
    <SelectField
      label="Partenaire (deuxième candidat)"
      value={value}
      disabled={candidacyId === null || partners.isPending}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Aucun</option>
      {(partners.data ?? []).map((partner) => (
        <option key={partner.id} value={partner.id}>
          {partner.full_name}
          {partner.email ? ` (${partner.email})` : ''}
        </option>
      ))}
    </SelectField>
  );
};
