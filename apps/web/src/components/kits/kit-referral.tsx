import { KIT_MESSAGES, type Kit, normaliseReferralCode } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { lookupReferralCode, useUpdateKit } from '../../lib/kits-api.ts';
import { Button } from '../ui/button.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { errorText } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * A practitioner's referral code on a kit. Apply looks the code up first (REF-/REF stripped), so a
 * wrong code shows the server's message before anything changes; Remove sends null.
 */
export function KitReferral({ kit }: { kit: Kit }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const update = useUpdateKit();
  const id = useId();
  const busy = checking || update.isPending;

  async function onApply(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const normalised = normaliseReferralCode(code);
    if (!normalised) {
      setError(KIT_MESSAGES.referralRequired);
      return;
    }
    setError(null);
    setChecking(true);
    try {
      const practitioner = await lookupReferralCode(normalised);
      await update.mutateAsync({ kitId: kit.id, patch: { referralCode: practitioner.referralCode } });
      setCode('');
      setMessage(KITS_TEXTS.referralApplied(practitioner.name));
    } catch (failure) {
      setError(errorText(failure, 'referralCode'));
    } finally {
      setChecking(false);
    }
  }

  function onRemove() {
    setMessage(null);
    setError(null);
    update.mutate(
      { kitId: kit.id, patch: { referralCode: null } },
      {
        onSuccess: () => setMessage(KITS_TEXTS.referralRemoved),
        onError: (failure) => setError(errorText(failure, 'referralCode')),
      },
    );
  }

  return (
    <div className="kit-referral">
      {kit.referralCode ? (
        <div className="kit-referral-current">
          <p>
            {KITS_TEXTS.referralCurrent(kit.referralCode)}
            {kit.referralName ? (
              <>
                <br />
                {KITS_TEXTS.referredBy(kit.referralName)}
              </>
            ) : null}
          </p>
          <Button variant="secondary" busy={busy} onClick={onRemove}>
            {KITS_TEXTS.remove}
          </Button>
        </div>
      ) : (
        <form className="kit-inline-form" onSubmit={onApply} noValidate>
          <div className="field">
            <label htmlFor={id}>{KITS_TEXTS.referralLabel}</label>
            <p id={`${id}-hint`} className="field-hint">
              {KITS_TEXTS.referralHint}
            </p>
            <input
              id={id}
              value={code}
              maxLength={40}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" busy={busy}>
            {KITS_TEXTS.apply}
          </Button>
        </form>
      )}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <StatusMessage>{message}</StatusMessage>
    </div>
  );
}
