import { ERROR_CODES, loginRequestCheck } from '@portal/domain';
import { ApiError } from '../../lib/api-client.ts';
import { useLogin, useResendVerification } from '../../lib/auth-api.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { useSchemaForm } from '../../lib/schema-form.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useLogin();
  const resend = useResendVerification();
  // loginRequestSchema's check written without zod: the sign-in page's first load carries none.
  const form = useSchemaForm(loginRequestCheck, { email: '', password: '' });
  const hydrated = useHydrated();
  const failure = login.error;
  const notVerified = failure instanceof ApiError && failure.code === ERROR_CODES.emailNotVerified;

  const onSubmit = form.handleSubmit((values) => {
    resend.reset();
    login.mutate(values, { onSuccess: onSignedIn });
  });

  return (
    // POST, should the browser ever send it itself: credentials never go into an address.
    <form method="post" onSubmit={onSubmit} noValidate aria-label="Sign in">
      {failure ? (
        <Alert tone="error">
          <p>{failure instanceof ApiError ? failure.message : CLIENT_MESSAGES.unexpected}</p>
          {notVerified && !resend.isSuccess ? (
            <Button
              variant="link"
              busy={resend.isPending}
              onClick={() => resend.mutate(form.values.email.trim())}
            >
              Send a new verification link
            </Button>
          ) : null}
        </Alert>
      ) : null}
      {resend.data ? <Alert tone="success">{resend.data.message}</Alert> : null}
      {resend.error ? <Alert tone="error">{resend.error.message}</Alert> : null}
      {/* Read-only until the app takes over the page the server drew: what is typed then is the form's. */}
      <Field label="Email" type="email" autoComplete="email" readOnly={!hydrated} {...form.field('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        readOnly={!hydrated}
        {...form.field('password')}
      />
      <Button type="submit" busy={login.isPending} disabled={!hydrated}>
        Sign in
      </Button>
    </form>
  );
}
