import type { PersonPage } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { openSupportView, useSendPasswordReset, useSendVerification } from '../api.ts';

/** Support's actions on the person, each audited by the API. */
export function PersonActions({ person }: { person: PersonPage }) {
  const { id, email, emailVerified, isStaff } = person.profile;
  const navigate = useNavigate();
  const verification = useSendVerification(id);
  const reset = useSendPasswordReset(id);
  const view = useMutation({
    mutationFn: () => openSupportView(id, email),
    onSuccess: () => navigate('/dashboard'),
  });
  const done = verification.data ?? reset.data;
  const error = verification.error ?? reset.error ?? view.error;
  return (
    <section className="staff-panel" aria-labelledby="actions-title">
      <h2 id="actions-title">Actions</h2>
      {done ? <Alert tone="success">{done.message}</Alert> : null}
      {error ? <Alert tone="error">{error.message}</Alert> : null}
      <div className="form-actions">
        {isStaff ? null : (
          <Button busy={view.isPending || view.isSuccess} onClick={() => view.mutate()}>
            Open the read-only view
          </Button>
        )}
        {emailVerified ? null : (
          <Button
            variant="secondary"
            busy={verification.isPending}
            onClick={() => verification.mutate(undefined)}
          >
            Resend the verification email
          </Button>
        )}
        <Button variant="secondary" busy={reset.isPending} onClick={() => reset.mutate(undefined)}>
          Send a password reset link
        </Button>
      </div>
    </section>
  );
}
