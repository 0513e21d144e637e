import { MESSAGES, type ProfileUpdateInput, profileUpdateSchema, type User } from '@promovente/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { ApiError } from '../../../lib/api';
import { userQueryKey } from '../../../lib/auth';
import { schemaResolver } from '../../../lib/schema-resolver';
import { isAccountSuccess, updateProfile } from '../api/update-profile';
import { AvatarPicker } from './AvatarPicker';

export const ProfileForm = ({ user }: { user: User }) => {
  const queryClient = useQueryClient();
  const [avatar, setAvatar] = useState<Blob | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileUpdateInput>({
    resolver: schemaResolver<ProfileUpdateInput>(profileUpdateSchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name, email: user.email },
  });

  const handleSave = async (values: ProfileUpdateInput) => {
    try {
      const response = await updateProfile(values, avatar);
      if (!isAccountSuccess(response)) throw new Error(MESSAGES.genericError);
      queryClient.setQueryData(userQueryKey, response.data);
      setAvatar(null);
      toast.success(MESSAGES.changesSaved);
    } catch (error) {
      // A conflict names the field at fault; the toast stays the spec's.
      if (error instanceof ApiError && error.status === 409) setError('email', { message: error.message });
      toast.error(MESSAGES.genericError);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit(handleSave)} className="space-y-4" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-base font-semibold text-slate-900">
        Profil
      </h2>
      <AvatarPicker name={user.full_name} currentUrl={user.profile_picture} onCropped={setAvatar} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Prénom" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
        <InputField label="Nom" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <InputField label="E-mail" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      <Button type="submit" loading={isSubmitting}>
        Enregistrer
      </Button>
    </form>
  );
};
