import { zodResolver } from '@hookform/resolvers/zod';
import { CLOSURE_TEXTS, type ClosureRequest, closureRequestSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ClosureScopeChoice } from '../../../components/closure/closure-scope-choice.tsx';
import { WhatClosingDoes } from '../../../components/closure/what-closing-does.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { getAccessToken, useSession } from '../../../lib/session.ts';
import { followClosure, useCloseAccount } from '../closure-api.ts';

const T = CLOSURE_TEXTS;

function ClosureForm({ onCancel }: { onCancel: () => void }) {
  const _ids = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ClosureRequest>({
    resolver: zodResolver(closureRequestSchema),
    defaultValues: { password: '' },
  });
  const close = useCloseAccount();
  const errors = form.formState.errors;
  // Opened, the form takes the focus: its first choice, so keyboard and screen reader users land in it.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, []);

  const onSubmit = form.handleSubmit(
    async (values) => {
      // The server ends this session with the others: the token it had is kept to follow the request.
      const token = getAccessToken()?.token;
      try {
        const closure = await close.mutateAsync(values);
        if (token) followClosure(closure.id, token);
        // The refresh cookie is dead already; signing out clears it. Nothing of the person stays in memory.
        await apiRequest('/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
        queryClient.clear();
        // The page ends this tab's session once it is shown (closure-api.ts endClosedSession).
        navigate('/account-closed', { replace: true, state: { closure } });
      } catch (caught) {
        if (caught instanceof ApiError && caught.fields?.password)
          form.setError('password', { type: 'server', message: caught.fields.password });
      }
    },
    () => close.reset(),
  );
  const failure =
    close.error && !(close.error instanceof ApiError && close.error.fields) ? close.error : null;

  return (
    <form ref={formRef} noValidate aria-label={T.submit} onSubmit={onSubmit}>
      <ClosureScopeChoice
        legend={T.scopeLegend}
        error={errors.scope?.message}
        inputProps={() => form.register('scope')}
      />
      <Field
        label={T.password}
        hint={T.passwordHint}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      {failure ? <Alert tone="error">{errorText(failure)}</Alert> : null}
      <div className="form-actions">
        <Button type="submit" variant="danger" busy={form.formState.isSubmitting} busyLabel={T.closing}>
          {T.submit}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Close my account", the last part of My Profile's "Your data" (issue 23): what is deleted, what is
 * kept and why, then the scope and the password. On success this tab is signed out and follows the
 * request on /account-closed.
 */
export function CloseAccountSection() {
  const headingId = useId();
  const formId = useId();
  const { actorId } = useSession();
  const [open, setOpen] = useState(false);
  return (
    <section className="your-data-part close-account" aria-labelledby={headingId}>
      <h3 id={headingId}>{T.sectionTitle}</h3>
      <p>{T.intro}</p>
      <WhatClosingDoes />
      {actorId ? (
        <Alert tone="info">{T.supportView}</Alert>
      ) : (
        <>
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={formId}
            onClick={() => setOpen(!open)}
          >
            {T.open}
          </Button>
          <div id={formId} hidden={!open}>
            {open ? <ClosureForm onCancel={() => setOpen(false)} /> : null}
          </div>
        </>
      )}
    </section>
  );
}
