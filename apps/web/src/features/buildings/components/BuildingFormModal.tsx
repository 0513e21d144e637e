import { type BuildingInput, type BuildingRow, buildingInputSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useSaveBuilding } from '../api/buildings';

type BuildingForm = { title: string; street: string; zip: string; city: string };

/** Create or edit a building: title and city required (docs/product/promotion-administration.md#validation). */
export const BuildingFormModal = ({
  promotionId,
  building,
  onClose,
}: {
  promotionId: number;
  building: BuildingRow | null;
  onClose: () => void;
}) => {
  const save = useSaveBuilding(promotionId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BuildingForm>({
    resolver: schemaResolver<BuildingForm>(buildingInputSchema),
    defaultValues: { title: building?.title ?? '', street: building?.street ?? '', zip: building?.zip ?? '', city: building?.city ?? '' },
  });
  const submit = handleSubmit(async (values) => {
    const answer = await save.mutateAsync({ id: building?.id ?? null, values: values as BuildingInput }).catch(() => null);
    if (answer) onClose();
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={building ? `Modifier l'immeuble ${building.title}` : 'Ajouter un immeuble'}
    >
      <form id="building-form" onSubmit={submit} noValidate className="space-y-3">
        <InputField label="Titre" error={errors.title?.message} {...register('title')} />
        <InputField label="Rue" error={errors.street?.message} {...register('street')} />
        <div className="grid grid-cols-3 gap-3">
          <InputField label="Code postal" inputMode="numeric" error={errors.zip?.message} {...register('zip')} />
          <InputField label="Localité" className="col-span-2" error={errors.city?.message} {...register('city')} />
        </div>
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="building-form" loading={save.isPending}>
          Enregistrer
        </Button>
      </div>
    </Modal>
  );
};
