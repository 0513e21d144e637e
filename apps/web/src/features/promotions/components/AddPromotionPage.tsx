import { can, MESSAGES, PROMOTION_LOGO, promotionCreateSchema, routeByName } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { Field, InputField, SelectField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { actorOf, userQueryKey, useUser } from '../../../lib/auth';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { createPromotion, useBrokerOptions } from '../api/promotions';
import { isLogoTooBig } from './record/LogoPicker';

type CreateFormValues = { title: string; url: string; broker_id: string };

/** The one toast of the creation: a new failure replaces the previous one, and the success replaces a failure. */
const CREATE_TOAST = 'promotion-create';

/**
 * Create promotion (docs/product/promotion-administration.md#create-promotion), admins: title,
 * url, main broker (searched among the firm's brokers) and image. After success the user is
 * reloaded (his promotions count and picker) and taken to 'Mes promotions'.
 */
export const AddPromotionPage = () => {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const imageId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const searchLater = useDebouncedCallback(setSearch, 300);
  const [image, setImage] = useState<File | null>(null);
  // Only an admin may list them: a broker who types the address meets 'Accès refusé', not a failed call.
  const brokers = useBrokerOptions(search, undefined, user ? can(actorOf(user), 'promotion.add') : false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateFormValues>({
    resolver: schemaResolver<CreateFormValues>(promotionCreateSchema),
    defaultValues: { title: '', url: '', broker_id: '' },
  });

  if (!user) return null;
  if (!can(actorOf(user), 'promotion.add')) return <p className="text-sm text-slate-600">{MESSAGES.accessDenied}</p>;

  const handleSave = async (values: CreateFormValues) => {
    try {
      const answer = await createPromotion({ title: values.title, url: values.url, broker_id: String(values.broker_id) }, image);
      toast.success(answer.message, { id: CREATE_TOAST });
      await queryClient.refetchQueries({ queryKey: userQueryKey, exact: true });
      await queryClient.invalidateQueries({ queryKey: ['promotions'] });
      navigate(routeByName('promotions').path);
    } catch (error) {
      // The server's reason (a logo that is no image, a file too big, an address refused...).
      toast.error(errorMessage(error), { id: CREATE_TOAST });
    }
  };

  const options = brokers.data?.data ?? [];
  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} className="max-w-2xl space-y-4" aria-labelledby="add-promotion-title">
      <h1 id="add-promotion-title" className="text-xl font-semibold text-slate-900">
        Ajouter une promotion
      </h1>
      <InputField label="Titre" required error={errors.title?.message} {...register('title')} />
      <InputField label="Site de la promotion" required placeholder="www.exemple.ch" error={errors.url?.message} {...register('url')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Rechercher un courtier"
          type="search"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            searchLater(event.target.value);
          }}
        />
        <SelectField label="Courtier principal" required error={errors.broker_id?.message} {...register('broker_id')}>
          <option value="">{brokers.isPending ? 'Chargement…' : 'Choisir un courtier'}</option>
          {options.map((broker) => (
            <option key={broker.id} value={broker.id}>
              {broker.full_name} ({broker.email})
            </option>
          ))}
        </SelectField>
      </div>
      {brokers.data && brokers.data.total > options.length && (
        <p className="text-xs text-slate-500">
          {brokers.data.total} courtiers : les {options.length} premiers sont proposés, précisez la recherche.
        </p>
      )}
      <Field id={imageId} label="Image" hint={PROMOTION_LOGO.hint}>
        <input
          id={imageId}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={`${imageId}-hint`}
          className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            if (file && isLogoTooBig(file)) {
              toast.error(`Fichier trop volumineux (${file.name}) : 10 Mo au maximum`);
              event.target.value = '';
              setImage(null);
              return;
            }
            setImage(file);
          }}
        />
      </Field>
      <div className="flex gap-2">
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Annuler
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
};
