import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../../lib/messages.ts';
import { startImpersonation } from '../impersonation.ts';

/** The support admin widget: a username, and Enter signs in as that person (research §2 Support). */
export function ImpersonationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (!name || busy) return;
    setError(null);
    setBusy(true);
    try {
      await startImpersonation(name);
      navigate('/dashboard');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : CLIENT_MESSAGES.unexpected);
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={SUPPORT_TEXTS.impersonateTitle}>
      <form onSubmit={onSubmit} noValidate aria-label={SUPPORT_TEXTS.impersonateTitle}>
        <p>{SUPPORT_TEXTS.impersonateIntro}</p>
        <Field
          label={SUPPORT_TEXTS.username}
          type="email"
          autoComplete="off"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
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
