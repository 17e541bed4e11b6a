import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@portal/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useResendVerification } from '../../../lib/auth-api.ts';

type Values = z.input<typeof emailOnlySchema>;

export function ResendVerificationForm() {
  const resend = useResendVerification();
  const form = useForm<Values, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(({ email }) => resend.mutate(email));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Send a new verification link">
      {resend.data ? <Alert tone="success">{resend.data.message}</Alert> : null}
      {resend.error ? <Alert tone="error">{resend.error.message}</Alert> : null}
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" busy={resend.isPending}>
        Send a new verification link
      </Button>
    </form>
  );
}
