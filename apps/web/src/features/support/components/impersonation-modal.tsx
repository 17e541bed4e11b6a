import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { startImpersonation } from '../impersonation.ts';

type ImpersonateValues = { username: string };

/** The get token body as the API checks it; a blank username keeps the button disabled. */
const impersonateSchema = z.object({ username: z.string().trim().min(1).max(254) });

/** The support admin widget: a username, and Enter signs in as that person (research §2 Support). */
export function ImpersonationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm<ImpersonateValues>({
    defaultValues: { username: '' },
    resolver: zodResolver(impersonateSchema),
  });
  const impersonate = useMutation({
    mutationFn: startImpersonation,
    onSuccess: () => navigate('/dashboard'),
  });
  const error = impersonate.error
    ? impersonate.error instanceof ApiError
      ? impersonate.error.message
      : CLIENT_MESSAGES.unexpected
    : null;
  const onSubmit = form.handleSubmit(async ({ username }) => {
    await impersonate.mutateAsync(username).catch(() => undefined);
  });
  // Busy from the click on: a second Enter or click while the first is under way sends nothing.
  const busy = form.formState.isSubmitting || impersonate.isPending || impersonate.isSuccess;
  const username = form.watch('username');

  return (
    <Modal open={open} onClose={onClose} title={SUPPORT_TEXTS.impersonateTitle}>
      <form onSubmit={onSubmit} noValidate aria-label={SUPPORT_TEXTS.impersonateTitle}>
        <p>{SUPPORT_TEXTS.impersonateIntro}</p>
        <Field
          label={SUPPORT_TEXTS.username}
          type="email"
          autoComplete="off"
          {...form.register('username')}
        />
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="form-actions">
          <Button type="submit" busy={busy} disabled={!username.trim()}>
            {SUPPORT_TEXTS.impersonate}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
