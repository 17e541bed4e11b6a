import {
  HANDOVER_TEXTS,
  handoverConfirmSchema,
  handoverSchema,
  handoverSubmitSchema,
  messageResponseSchema,
  PASSWORD_HINT,
} from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';

const T = HANDOVER_TEXTS;
type Errors = Partial<Record<'email' | 'password' | 'code', string>>;

/**
 * Turning 18 (issue 36 item 3): the young adult takes over the account from the emailed link, whose
 * token is in the address's fragment (never sent in a URL): their own email, confirmed with a code, their
 * own password, and their own answers to the consents their guardian gave.
 */
export function HandoverPage() {
  const token = useLocation().hash.replace(/^#/, '');
  const id = useId();
  const handover = useQuery({
    queryKey: ['handover', token],
    queryFn: ({ signal }) =>
      apiRequest('/handover/read', { method: 'POST', body: { token }, signal }, handoverSchema),
    enabled: token.length > 0,
    retry: false,
  });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState<number[]>([]);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const submit = useMutation({
    mutationFn: () =>
      apiRequest(
        '/handover/submit',
        { method: 'POST', body: { token, email, password, agreedConsentIds: agreed } },
        messageResponseSchema,
      ),
  });
  const confirm = useMutation({
    mutationFn: () =>
      apiRequest('/handover/confirm', { method: 'POST', body: { token, code } }, messageResponseSchema),
  });

  function send(event: FormEvent) {
    event.preventDefault();
    const parsed = handoverSubmitSchema.safeParse({ email, password, agreedConsentIds: agreed });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as 'email' | 'password'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    submit.mutate();
  }

  function finish(event: FormEvent) {
    event.preventDefault();
    const parsed = handoverConfirmSchema.safeParse({ code });
    if (!parsed.success) {
      setErrors({ code: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    confirm.mutate();
  }

  if (!token || handover.isError)
    return (
      <>
        <h1>{T.title}</h1>
        <Alert tone="error">{T.notFound}</Alert>
      </>
    );
  if (!handover.data) return <Loading />;
  if (confirm.isSuccess)
    return (
      <>
        <h1>{T.title}</h1>
        <Alert tone="success">{T.done}</Alert>
        <Link to="/login">{T.signIn}</Link>
      </>
    );
  const data = handover.data;
  return (
    <>
      <h1>{T.title}</h1>
      <p>{T.intro(data.firstName)}</p>
      {submit.isSuccess || data.awaitingCode ? (
        <form onSubmit={finish} noValidate aria-label={T.confirm}>
          {submit.data ? <Alert tone="success">{submit.data.message}</Alert> : null}
          {confirm.isError ? <Alert tone="error">{errorText(confirm.error)}</Alert> : null}
          <Field
            label={T.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={errors.code}
          />
          <Button type="submit" busy={confirm.isPending}>
            {T.confirm}
          </Button>
        </form>
      ) : (
        <form onSubmit={send} noValidate aria-label={T.title}>
          {submit.isError ? <Alert tone="error">{errorText(submit.error)}</Alert> : null}
          <Field
            label={T.email}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
          />
          <Field
            label={T.password}
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
          {data.consents.length > 0 ? (
            <fieldset className="field">
              <legend>{T.consentsTitle}</legend>
              <p id={`${id}-consents`}>{T.consentsIntro}</p>
              {data.consents.map((c) => (
                <div key={c.consentId} className="handover-consent">
                  <p>{c.text}</p>
                  <label>
                    <input
                      type="checkbox"
                      checked={agreed.includes(c.consentId)}
                      onChange={(e) =>
                        setAgreed((list) =>
                          e.target.checked ? [...list, c.consentId] : list.filter((x) => x !== c.consentId),
                        )
                      }
                    />{' '}
                    {T.agree(c.title)}
                  </label>
                </div>
              ))}
            </fieldset>
          ) : null}
          <Button type="submit" busy={submit.isPending}>
            {T.submit}
          </Button>
        </form>
      )}
    </>
  );
}
