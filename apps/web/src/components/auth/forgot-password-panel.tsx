import { emailOnlySchema } from '@portal/domain';
import { useRequestPasswordReset } from '../../lib/auth-api.ts';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';

/**
 * Asks for a reset link. The answer is the same whether or not the account exists. `failureText`
 * replaces the server's message when the request fails (the research portal's wording).
 */
export function ForgotPasswordPanel({ id, failureText }: { id: string; failureText?: string }) {
  const request = useRequestPasswordReset();
  const form = useSchemaForm(emailOnlySchema, { email: '' });
  const onSubmit = form.handleSubmit(({ email }) => request.mutate(email));

  return (
    <section id={id} className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Reset your password</h2>
      {request.data ? <Alert tone="success">{request.data.message}</Alert> : null}
      {request.error ? <Alert tone="error">{failureText ?? request.error.message}</Alert> : null}
      <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
        <Field
          label="Email"
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          hint="We will email you a link to choose a new password."
          {...form.field('email')}
        />
        <Button type="submit" variant="secondary" busy={request.isPending}>
          Send reset link
        </Button>
      </form>
    </section>
  );
}
