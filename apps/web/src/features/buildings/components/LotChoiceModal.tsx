import { type BuildingLotChoices, type LotChoice, lotChoiceFormSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useBuildingLotChoices } from '../api/buildings';

type ChoiceForm = { lot_id: string };

/**
 * 'Associer un lot existant' (the eligible lots only: no parent, not this lot, no children) and
 * 'Déplacer' (another main lot): one lot must be chosen. The choices of the page's lot (`lot`) are
 * read when the dialog opens.
 */
export const LotChoiceModal = ({
  title,
  label,
  lot,
  kind,
  pending,
  onChoose,
  onClose,
}: {
  title: string;
  label: string;
  lot: { promotionId: number; buildingId: number; lotId: number };
  kind: keyof BuildingLotChoices['data'];
  pending: boolean;
  onChoose: (choice: LotChoice) => Promise<boolean>;
  onClose: () => void;
}) => {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ChoiceForm>({ resolver: schemaResolver<ChoiceForm>(lotChoiceFormSchema), defaultValues: { lot_id: '' } });
  const loaded = useBuildingLotChoices(lot.promotionId, lot.buildingId, lot.lotId);
  const choices: readonly LotChoice[] = loaded.data?.[kind] ?? [];
  const submit = handleSubmit(async (values) => {
    const choice = choices.find((c) => c.id === Number(values.lot_id));
    if (choice && (await onChoose(choice))) onClose();
  });
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title}>
      <form id="lot-choice-form" onSubmit={submit} noValidate>
        {loaded.isPending ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> Chargement des lots…
          </p>
        ) : (
          <SelectField label={label} error={errors.lot_id?.message} {...register('lot_id')}>
            <option value="">Choisir un lot</option>
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {`${choice.reference} – ${choice.type} (${choice.building})`}
              </option>
            ))}
          </SelectField>
        )}
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="lot-choice-form" loading={pending} disabled={loaded.isPending}>
          Valider
        </Button>
      </div>
    </Modal>
  );
};
