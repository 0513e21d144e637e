import { type AdminLot, createLotSchema, LOT_EXPOSURES } from '@promovente/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Checkbox, InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useCreateLot, useLotFloors, useLotTypes, useUpdateLot } from '../api/buildings';
import { type LotFormValues, lotFormDefaults, lotPayload, OUTDOOR_AREAS, outdoorAreasDisabled, surfaceLabels } from '../lot-form';

type Props = {
  promotionId: number;
  /** The building a new lot is created in, or the edited lot's. */
  buildingId: number;
  /** The edited lot, or null to create one. */
  lot: AdminLot | null;
  /** The main lot of a new associated lot. */
  parentId: number | null;
  onClose: () => void;
};

const OUTDOOR_LABELS = { area_jar: 'Surface jardin (m²)', area_bal: 'Surface balcon (m²)', area_ter: 'Surface terrasse (m²)' } as const;

/**
 * Create or edit a lot (docs/product/promotion-administration.md#validation): floor, type and
 * reference required, the surface labels by type, the outdoor areas disabled for parking types,
 * rooms by halves, the associated lots' own fields only on an associated lot.
 */
export const LotFormModal = ({ promotionId, buildingId, lot, parentId, onClose }: Props) => {
  const types = useLotTypes().data ?? [];
  const floors = useLotFloors().data ?? [];
  const create = useCreateLot(promotionId);
  const update = useUpdateLot(promotionId);
  const parent = lot ? lot.parent_id : parentId;
  const associated = parent !== null;
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<LotFormValues>({
    // The shared create schema judges the whole form (the edit sends the same fields).
    resolver: schemaResolver<LotFormValues>({
      safeParse: (values: unknown) => createLotSchema.safeParse({ ...lotPayload(values as LotFormValues, associated), parent_id: parent }),
    }),
    defaultValues: lotFormDefaults(lot),
  });
  const typeId = watch('lot_type_id');
  const parking = outdoorAreasDisabled(typeId);
  const labels = surfaceLabels(types, typeId);

  useEffect(() => {
    if (parking) for (const key of OUTDOOR_AREAS) setValue(key, '0');
  }, [parking, setValue]);

  const submit = handleSubmit(async () => {
    const values = lotPayload(getValues(), associated);
    const answer = lot
      ? await update.mutateAsync({ buildingId: lot.building_id, lotId: lot.id, values }).catch(() => null)
      : await create.mutateAsync({ buildingId, values: { ...values, parent_id: parent } }).catch(() => null);
    if (answer) onClose();
  });

  const title = lot ? `Modifier le lot ${lot.reference}` : associated ? 'Ajouter un lot associé' : 'Ajouter un lot';
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={title} size="wide">
      <form id="lot-form" onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <InputField label="Référence" error={errors.reference?.message} {...register('reference')} />
        <InputField label="Titre" error={errors.title?.message} {...register('title')} />
        <SelectField label="Type" error={errors.lot_type_id?.message} {...register('lot_type_id')}>
          <option value="">Choisir un type</option>
          {types.map((type) => (
            <option key={type.id} value={type.id}>
              {type.title}
            </option>
          ))}
        </SelectField>
        <SelectField label="Étage" error={errors.floor_id?.message} {...register('floor_id')}>
          <option value="">Choisir un étage</option>
          {floors.map((floor) => (
            <option key={floor.id} value={floor.id}>
              {floor.title}
            </option>
          ))}
        </SelectField>
        <InputField label="Pièces" type="number" min={1} step={0.5} error={errors.nb_rooms?.message} {...register('nb_rooms')} />
        <InputField label="Prix (CHF)" type="number" min={0} step={1000} error={errors.raw_price?.message} {...register('raw_price')} />
        <InputField label={labels.ppe} type="number" min={0} step={0.01} error={errors.area_ppe?.message} {...register('area_ppe')} />
        <InputField label={labels.hab} type="number" min={0} step={0.01} error={errors.area_hab?.message} {...register('area_hab')} />
        {OUTDOOR_AREAS.map((key) => (
          <InputField
            key={key}
            label={OUTDOOR_LABELS[key]}
            type="number"
            min={0}
            step={0.01}
            disabled={parking}
            hint={parking ? 'Sans objet pour une place de parc' : undefined}
            error={errors[key]?.message}
            {...register(key)}
          />
        ))}
        <SelectField label="Exposition" error={errors.exposure?.message} {...register('exposure')}>
          <option value="">Aucune</option>
          {LOT_EXPOSURES.map((exposure) => (
            <option key={exposure} value={exposure}>
              {exposure}
            </option>
          ))}
        </SelectField>
        <InputField label="Lot PPE" error={errors.lot_ppe?.message} {...register('lot_ppe')} />
        <InputField label="Feuillet PPE" error={errors.feuillet_ppe?.message} {...register('feuillet_ppe')} />
        {associated && (
          <>
            <InputField label="Nom du lot associé" error={errors.name_child?.message} {...register('name_child')} />
            <Checkbox label="Prix inclus dans le lot principal" className="self-end pb-2" {...register('price_included')} />
          </>
        )}
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="lot-form" loading={create.isPending || update.isPending}>
          Enregistrer
        </Button>
      </div>
    </Modal>
  );
};
