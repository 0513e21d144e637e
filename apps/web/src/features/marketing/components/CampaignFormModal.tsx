import { type Campaign, type CampaignInput, campaignInputSchema } from '@promovente/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Field, InputField } from '../../../components/ui/Field';
import { Modal } from '../../../components/ui/Modal';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useSaveCampaign } from '../api/campaigns';
import { dateBounds } from '../marketing-view';

type FormValues = {
  title: string;
  method: string;
  color: string;
  start_at: string;
  end_at: string;
  price: string;
  url: string;
  comment: string;
};

const valuesOf = (campaign: Campaign | null): FormValues => ({
  title: campaign?.title ?? '',
  method: campaign?.method ?? '',
  color: campaign?.color ?? '',
  start_at: campaign?.start_at ?? '',
  end_at: campaign?.end_at ?? '',
  price: String(campaign?.price ?? 0),
  url: campaign?.url ?? '',
  comment: campaign?.comment ?? '',
});

/**
 * Add or edit a campaign (docs/product/marketing.md#rules): 'Titre *' required, the submit inactive while the
 * title is empty or a submit runs, price default 0, the pickers never offer a start after the end.
 * Adding also takes the campaign's first documents.
 */
export const CampaignFormModal = ({
  promotionId,
  campaign,
  onClose,
}: {
  promotionId: number;
  campaign: Campaign | null;
  onClose: () => void;
}) => {
  const save = useSaveCampaign(promotionId);
  const [files, setFiles] = useState<File[]>([]);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, CampaignInput>({
    resolver: schemaResolver<FormValues, CampaignInput>(campaignInputSchema),
    defaultValues: valuesOf(campaign),
  });
  const [title, start, end] = watch(['title', 'start_at', 'end_at']);
  const bounds = dateBounds(start, end);
  const submit = handleSubmit(async (values) => {
    const answer = await save.mutateAsync({ id: campaign?.id ?? null, values, files }).catch(() => null);
    if (answer) onClose();
  });
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={campaign ? `Modifier la campagne ${campaign.title}` : 'Ajouter une campagne'}
    >
      <form
        id="campaign-form"
        aria-label={campaign ? 'Modifier la campagne' : 'Ajouter une campagne'}
        onSubmit={submit}
        noValidate
        className="space-y-3"
      >
        <InputField label="Titre *" error={errors.title?.message} {...register('title')} />
        <div className="grid grid-cols-2 gap-3">
          <InputField label="Méthode" error={errors.method?.message} {...register('method')} />
          <InputField label="Prix (CHF)" type="number" min={0} step={1} error={errors.price?.message} {...register('price')} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <InputField label="Début" type="date" max={bounds.start.max} error={errors.start_at?.message} {...register('start_at')} />
          <InputField label="Fin" type="date" min={bounds.end.min} error={errors.end_at?.message} {...register('end_at')} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <InputField label="Lien" placeholder="www.exemple.ch" error={errors.url?.message} {...register('url')} />
          <InputField label="Couleur" error={errors.color?.message} {...register('color')} />
        </div>
        <Field id="campaign-comment" label="Commentaire" error={errors.comment?.message}>
          <textarea
            id="campaign-comment"
            rows={3}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-700"
            {...register('comment')}
          />
        </Field>
        {!campaign && (
          <Field id="campaign-files" label="Documents">
            <input
              id="campaign-files"
              type="file"
              multiple
              className="block w-full text-sm"
              onChange={(event) => setFiles(Array.from(event.target.files ?? []))}
            />
          </Field>
        )}
      </form>
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" form="campaign-form" loading={save.isPending} disabled={title.trim() === '' || save.isPending}>
          Enregistrer
        </Button>
      </div>
    </Modal>
  );
};
