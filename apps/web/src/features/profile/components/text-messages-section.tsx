import {
  formatMobile,
  formatZonedDateTime,
  SMS_CODE_LENGTH,
  SMS_MESSAGES,
  SMS_TEXTS,
  type SmsSettings,
  SUPPORT_VIEW_READ_ONLY,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useSession } from '../../../lib/session.ts';
import { useChangeSms, useSmsSettings } from '../sms-api.ts';

const T = SMS_TEXTS;

function PhoneForm({
  initial,
  onCancel,
  onSent,
  change,
}: {
  initial: string;
  onCancel: (() => void) | null;
  onSent: () => void;
  change: ReturnType<typeof useChangeSms>;
}) {
  const [phone, setPhone] = useState(initial);
  const failed = change.isError && change.variables?.action === 'phone';
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ action: 'phone', phone }, { onSuccess: onSent });
  }
  return (
    <form onSubmit={submit} aria-label={T.phoneLabel} noValidate>
      <Field
        label={T.phoneLabel}
        hint={T.phoneHint}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={25}
        value={phone}
        onChange={(event) => {
          change.reset();
          setPhone(event.target.value);
        }}
        error={failed ? errorText(change.error) : undefined}
      />
      <div className="form-actions">
        <Button type="submit" busy={change.isPending && change.variables?.action === 'phone'}>
          {T.sendCode}
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {T.cancel}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function CodeForm({ change }: { change: ReturnType<typeof useChangeSms> }) {
  const [code, setCode] = useState('');
  const failed = change.isError && change.variables?.action === 'verify';
  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ action: 'verify', code });
  }
  return (
    <form onSubmit={submit} aria-label={T.codeLabel} noValidate>
      <Field
        label={T.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={SMS_CODE_LENGTH}
        value={code}
        onChange={(event) => {
          change.reset();
          setCode(event.target.value.replace(/\D/g, ''));
        }}
        error={failed ? errorText(change.error) : undefined}
      />
      <div className="form-actions">
        <Button type="submit" busy={change.isPending && change.variables?.action === 'verify'}>
          {T.verify}
        </Button>
      </div>
    </form>
  );
}

function TextMessages({ settings }: { settings: SmsSettings }) {
  const optInId = useId();
  const change = useChangeSms();
  const { actorId } = useSession();
  const [changing, setChanging] = useState(false);
  const readOnly = Boolean(actorId);
  const lastAction = change.variables?.action;
  const done = change.isSuccess ? change.data.message : undefined;
  // Errors of the number and code forms show at their fields; the others here.
  const otherError =
    change.isError && lastAction !== 'phone' && lastAction !== 'verify' ? errorText(change.error) : null;
  const locked = settings.lockedUntil
    ? SMS_MESSAGES.locked(formatZonedDateTime(settings.lockedUntil, settings.timeZone))
    : null;

  if (readOnly)
    return (
      <>
        <p>
          {T.phoneLabel}: {settings.phone ? formatMobile(settings.phone) : 'none'}
          {settings.phone ? ` (${settings.verified ? T.verifiedBadge : T.unverifiedBadge})` : null}
          {' · '}
          {T.optInLabel}: {settings.optIn ? 'on' : 'off'}
        </p>
        <Alert tone="info">{SUPPORT_VIEW_READ_ONLY}</Alert>
      </>
    );

  if (!settings.phone || changing)
    return (
      <>
        <PhoneForm
          initial=""
          change={change}
          onCancel={settings.phone ? () => setChanging(false) : null}
          onSent={() => setChanging(false)}
        />
        {done && lastAction === 'remove' ? <Alert tone="success">{done}</Alert> : null}
        {otherError ? <Alert tone="error">{otherError}</Alert> : null}
      </>
    );

  return (
    <>
      <p className="sms-number">
        <span>
          {T.phoneLabel}: <strong>{formatMobile(settings.phone)}</strong>
        </span>{' '}
        <Badge tone={settings.verified ? 'success' : 'warning'}>
          {settings.verified ? T.verifiedBadge : T.unverifiedBadge}
        </Badge>
      </p>
      {locked ? <Alert tone="error">{locked}</Alert> : null}
      {done && lastAction !== 'remove' ? <Alert tone="success">{done}</Alert> : null}
      {!settings.verified && !locked ? (
        <>
          {settings.codePending ? <CodeForm key={settings.phone} change={change} /> : null}
          <div className="form-actions">
            <Button
              variant="secondary"
              busy={change.isPending && lastAction === 'phone'}
              onClick={() => change.mutate({ action: 'phone', phone: settings.phone ?? '' })}
            >
              {settings.codePending ? T.sendNewCode : T.sendCode}
            </Button>
          </div>
          {change.isError && lastAction === 'phone' ? (
            <Alert tone="error">{errorText(change.error)}</Alert>
          ) : null}
        </>
      ) : null}
      {settings.verified ? (
        <>
          {settings.stoppedByReply ? <Alert tone="info">{SMS_MESSAGES.stopped}</Alert> : null}
          <div className="choice">
            <input
              id={optInId}
              type="checkbox"
              checked={settings.optIn}
              disabled={change.isPending}
              aria-describedby={`${optInId}-hint`}
              onChange={(event) => change.mutate({ action: 'opt-in', optIn: event.target.checked })}
            />
            <div>
              <label htmlFor={optInId}>{T.optInLabel}</label>
              <p id={`${optInId}-hint`} className="field-hint">
                {T.optInHint}
              </p>
            </div>
          </div>
        </>
      ) : null}
      {otherError ? <Alert tone="error">{otherError}</Alert> : null}
      {locked ? null : (
        <div className="form-actions">
          <Button
            variant="secondary"
            onClick={() => {
              change.reset();
              setChanging(true);
            }}
          >
            {T.change}
          </Button>
          <Button
            variant="quiet"
            busy={change.isPending && lastAction === 'remove'}
            onClick={() => change.mutate({ action: 'remove' })}
          >
            {T.remove}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * "Text messages" on My Profile (issue 35 item 4): a mobile number checked by a texted code, then texts
 * switched on (off by default). Everything shown is the server's latest answer.
 */
export function TextMessagesSection() {
  const headingId = useId();
  const settings = useSmsSettings();
  return (
    <section className="card profile-section text-messages" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.title}</h2>
      <p>{T.intro}</p>
      {settings.data ? (
        <TextMessages settings={settings.data} />
      ) : settings.isError ? (
        <Alert tone="error">{T.loadFailed}</Alert>
      ) : (
        <Loading />
      )}
    </section>
  );
}
