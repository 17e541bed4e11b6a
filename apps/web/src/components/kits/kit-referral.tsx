import { KIT_MESSAGES, type Kit, normaliseReferralCode } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { lookupReferralCode, useUpdateKit } from '../../lib/kits-api.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { errorText } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

type ReferralValues = { code: string };

/** The code as the domain normalises it (REF-/REF stripped); a blank one is asked for. */
const referralResolver: Resolver<ReferralValues> = async ({
  code,
}): Promise<ResolverResult<ReferralValues>> => {
  const normalised = normaliseReferralCode(code);
  if (normalised) return { values: { code: normalised }, errors: {} };
  const errors: FieldErrors<ReferralValues> = {
    code: { type: 'validate', message: KIT_MESSAGES.referralRequired },
  };
  return { values: {}, errors };
};

/**
 * A practitioner's referral code on a kit. Apply looks the code up first (REF-/REF stripped), so a
 * wrong code shows the server's message before anything changes; Remove sends null.
 */
export function KitReferral({ kit }: { kit: Kit }) {
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateKit();
  const form = useForm<ReferralValues>({ defaultValues: { code: '' }, resolver: referralResolver });
  const apply = useMutation({
    mutationFn: async (normalised: string) => {
      const practitioner = await lookupReferralCode(normalised);
      await update.mutateAsync({ kitId: kit.id, patch: { referralCode: practitioner.referralCode } });
      return practitioner;
    },
    onSuccess: (practitioner) => {
      form.reset();
      setMessage(KITS_TEXTS.referralApplied(practitioner.name));
    },
    onError: (failure) => setError(errorText(failure, 'referralCode')),
  });
  const id = useId();
  // Busy from the click on: a second click while the code is looked up or saved sends nothing.
  const busy = form.formState.isSubmitting || apply.isPending || update.isPending;

  const onApply = form.handleSubmit(
    async ({ code }) => {
      setMessage(null);
      setError(null);
      await apply.mutateAsync(code).catch(() => undefined);
    },
    (errors) => {
      setMessage(null);
      setError(errors.code?.message ?? null);
    },
  );

  // Awaited rather than given to mutate's callbacks: those are dropped when the observer has moved on
  // (the list's refetch after the save), and the person would see the code go with no word of it.
  async function onRemove() {
    setMessage(null);
    setError(null);
    try {
      await update.mutateAsync({ kitId: kit.id, patch: { referralCode: null } });
      setMessage(KITS_TEXTS.referralRemoved);
    } catch (failure) {
      setError(errorText(failure, 'referralCode'));
    }
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
          <Button variant="secondary" busy={busy} onClick={() => void onRemove()}>
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
              maxLength={40}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              {...form.register('code')}
            />
          </div>
          <Button type="submit" variant="secondary" busy={busy}>
            {KITS_TEXTS.apply}
          </Button>
        </form>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <StatusMessage>{message}</StatusMessage>
    </div>
  );
}
