import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from './ui/Field';

/**
 * The new password and its confirmation, as 'Mon compte' and the reset page ask them: each form
 * registers its own two fields and hands them over with their errors.
 */
export const NewPasswordFields = ({
  password,
  confirmation,
  errors,
}: {
  password: UseFormRegisterReturn<'password'>;
  confirmation: UseFormRegisterReturn<'password_confirmation'>;
  errors: { password?: FieldError; password_confirmation?: FieldError };
}) => {
  return (
    <>
      <InputField
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        {...password}
      />
      <InputField
        label="Confirmation du mot de passe"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password_confirmation?.message}
        {...confirmation}
      />
    </>
  );
};
