import { formatCHF, type LotRow, lotPriceFormSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useUpdateLotPrice } from '../api/update-lot';

type PriceForm = { price: number };

/** Change a lot's price: CHF, an integer >= 0, input step 1000 (docs/product/validation.md#lot-price). */
export const ChangePriceModal = ({ lot, onClose }: { lot: LotRow; onClose: () => void }) => {
  const update = useUpdateLotPrice();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PriceForm>({ resolver: schemaResolver<PriceForm>(lotPriceFormSchema), defaultValues: { price: lot.price } });

  const handleSave = handleSubmit(async ({ price }) => {
    const response = await update.mutateAsync({ id: lot.id, price }).catch(() => null);
    if (response?.data.code === 200) onClose();
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Modifier le prix du lot ${lot.reference}`}
      description={`Prix actuel : ${formatCHF(lot.price)}`}
    >
      <form id="lot-price-form" onSubmit={handleSave} noValidate>
        <InputField
          label="Prix (CHF)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1000}
          error={errors.price?.message}
          {...register('price')}
        />
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="lot-price-form" loading={update.isPending}>
          Enregistrer
        </Button>
      </div>
    </Modal>
  );
};
