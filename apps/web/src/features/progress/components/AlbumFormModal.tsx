import { type PhotoGroup, type PhotoLot, photoGroupInputSchema } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Field, InputField, SelectField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { type AlbumValues, useSaveAlbum } from '../api/progress';

type AlbumForm = { name: string; date: string; comment: string; lot_id: string; hidden: string; home_page: string };

/** The form's strings as the call's fields: no lot is null, 'Visible : non' is hidden. */
export const albumInputOf = (form: AlbumForm): AlbumValues => ({
  name: form.name,
  date: form.date,
  comment: form.comment,
  lot_id: form.lot_id === '' ? null : Number(form.lot_id),
  hidden: form.hidden === 'non',
  home_page: form.home_page === 'oui',
});

const resolver = schemaResolver<AlbumForm>({
  safeParse: (value) => {
    const parsed = photoGroupInputSchema.safeParse(albumInputOf(value as AlbumForm));
    return parsed.success ? { success: true, data: value } : parsed;
  },
});

/**
 * Add or edit an album (docs/product/progress.md#rules): name and date required, comment, the lot
 * (not for pilots), Visible oui/non and Homepage oui/non.
 */
export const AlbumFormModal = ({
  promotionId,
  album,
  lots,
  choosesLot,
  onClose,
}: {
  promotionId: number;
  album: PhotoGroup | null;
  lots: readonly PhotoLot[];
  choosesLot: boolean;
  onClose: () => void;
}) => {
  const save = useSaveAlbum(promotionId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AlbumForm>({
    resolver,
    defaultValues: {
      name: album?.name ?? '',
      date: album?.date ?? '',
      comment: album?.comment ?? '',
      lot_id: album?.lot_id ? String(album.lot_id) : '',
      hidden: album?.hidden ? 'non' : 'oui',
      home_page: album?.home_page ? 'oui' : 'non',
    },
  });
  const handleSave = handleSubmit(async (form) => {
    const answer = await save.mutateAsync({ id: album?.id ?? null, values: albumInputOf(form) }).catch(() => null);
    if (answer) onClose();
  });
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={album ? `Modifier l'album ${album.name}` : 'Ajouter un album'}>
      <form id="album-form" onSubmit={handleSave} noValidate className="space-y-3">
        <InputField label="Nom *" error={errors.name?.message} {...register('name')} />
        <InputField label="Date *" type="date" error={errors.date?.message} {...register('date')} />
        <Field id="album-comment" label="Commentaire" error={errors.comment?.message}>
          <textarea
            id="album-comment"
            rows={3}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            {...register('comment')}
          />
        </Field>
        {choosesLot && (
          <SelectField label="Lot" {...register('lot_id')}>
            <option value="">Aucun lot</option>
            {lots.map((lot) => (
              <option key={lot.id} value={lot.id}>
                {lot.full_title}
              </option>
            ))}
          </SelectField>
        )}
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Visible" {...register('hidden')}>
            <option value="oui">oui</option>
            <option value="non">non</option>
          </SelectField>
          <SelectField label="Homepage" {...register('home_page')}>
            <option value="oui">oui</option>
            <option value="non">non</option>
          </SelectField>
        </div>
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="album-form" loading={save.isPending}>
          Enregistrer
        </Button>
      </div>
    </Modal>
  );
};
