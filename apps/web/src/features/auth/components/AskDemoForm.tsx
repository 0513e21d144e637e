import { type AskDemoInput, askDemoSchema, MESSAGES } from '@promovente/shared';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { InputField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { schemaResolver } from '../../../lib/schema-resolver';
import { askDemo } from '../api/ask-demo';
import { AuthCard } from './AuthCard';

/** The demo-access request of the login page (docs/product/access.md#login). */
export const AskDemoForm = () => {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AskDemoInput>({
    resolver: schemaResolver<AskDemoInput>(askDemoSchema),
    defaultValues: { fullName: '', email: '', phone: '' },
  });

  const handleAskDemo = async (values: AskDemoInput) => {
    try {
      await askDemo(values);
      toast.success(MESSAGES.demoRequested);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <AuthCard title="Vous découvrez Promovente ?">
      <form noValidate onSubmit={handleSubmit(handleAskDemo)} className="space-y-4">
        <InputField label="Nom complet" autoComplete="name" required error={errors.fullName?.message} {...register('fullName')} />
        <InputField
          label="E-mail de contact"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <InputField label="Téléphone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Demander un accès démo
        </Button>
      </form>
    </AuthCard>
  );
};
