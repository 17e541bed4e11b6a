import { secondFactorSchema } from '@portal/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { usePassSecondFactor } from '../api.ts';
import { StaffSignOut } from './staff-sign-out.tsx';

/** Step two of every staff sign-in: the app's current code, or one of the recovery codes. */
export function SecondFactorForm() {
  const pass = usePassSecondFactor();
  const form = useSchemaForm(secondFactorSchema, { code: '' });
  const onSubmit = form.handleSubmit(({ code }) => pass.mutate(code));
  return (
    <div className="auth-card">
      <h1>Enter your code</h1>
      <form method="post" onSubmit={onSubmit} noValidate aria-label="Enter your code">
        {pass.error ? <Alert tone="error">{pass.error.message}</Alert> : null}
        <Field
          label="Code from your authenticator app"
          hint="6 digits. Lost your phone? Enter one of your recovery codes instead."
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('code')}
        />
        <Button type="submit" busy={pass.isPending || pass.isSuccess}>
          Continue
        </Button>
      </form>
      <p className="auth-links">
        <StaffSignOut />
      </p>
    </div>
  );
}
