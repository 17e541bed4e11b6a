import { totpCodeSchema } from '@portal/domain';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useBeginTotp, useConfirmTotp, useFinishEnrolment } from '../api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { StaffSignOut } from './staff-sign-out.tsx';

/**
 * A staff account without a second factor can do nothing else: scan the QR code with an authenticator
 * app, enter its code, and keep the recovery codes.
 */
export function TotpEnrolment() {
  const begin = useBeginTotp();
  const confirm = useConfirmTotp();
  const finish = useFinishEnrolment();
  const [done, setDone] = useState(false);
  const form = useSchemaForm(totpCodeSchema, { code: '' });
  const onSubmit = form.handleSubmit(({ code }) => confirm.mutate(code));
  const setup = begin.data;

  if (confirm.data)
    return (
      <div className="auth-card">
        <h1>Authenticator app set up</h1>
        <RecoveryCodes
          codes={confirm.data.recoveryCodes}
          onDone={() => {
            setDone(true);
            void finish();
          }}
        />
        {done ? <p role="status">Opening the console…</p> : null}
      </div>
    );

  return (
    <div className="auth-card">
      <h1>Set up your authenticator app</h1>
      <p>
        The staff console asks for a second factor each time you sign in: a 6-digit code from an authenticator
        app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).
      </p>
      {begin.error ? <Alert tone="error">{begin.error.message}</Alert> : null}
      {setup ? (
        <ol className="enrol-steps">
          <li>
            <p>Scan this QR code with the app.</p>
            <img className="enrol-qr" src={setup.qrCode} alt="QR code for your authenticator app" />
            <p>
              Cannot scan? Enter this key in the app: <code className="enrol-secret">{setup.secret}</code>
            </p>
          </li>
          <li>
            <form method="post" onSubmit={onSubmit} noValidate aria-label="Confirm the app">
              {confirm.error ? <Alert tone="error">{confirm.error.message}</Alert> : null}
              <Field
                label="Code shown in the app"
                hint="6 digits"
                inputMode="numeric"
                autoComplete="one-time-code"
                {...form.field('code')}
              />
              <Button type="submit" busy={confirm.isPending}>
                Confirm
              </Button>
            </form>
          </li>
        </ol>
      ) : (
        <Button busy={begin.isPending} onClick={() => begin.mutate()}>
          Show the QR code
        </Button>
      )}
      <p className="auth-links">
        <StaffSignOut />
      </p>
    </div>
  );
}
