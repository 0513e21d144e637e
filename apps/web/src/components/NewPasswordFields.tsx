import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { InputField } from './ui/Field';

type PasswordValues = { password: string; password_confirmation?: string };

/** The new password and its confirmation, as 'Mon compte' and the reset page ask them. */
export const NewPasswordFields = <T extends PasswordValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
}) => {
  const reg = register as unknown as UseFormRegister<PasswordValues>;
  const errs = errors as FieldErrors<PasswordValues>;
  return (
    <>
      <InputField
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={errs.password?.message}
        {...reg('password')}
      />
      <InputField
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={errs.password_confirmation?.message}
        {...reg('password_confirmation')}
      />
    </>
  );
};
