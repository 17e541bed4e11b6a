import {
  CALLER_CHECK_IDS,
  CALLER_CHECKS,
  type CallerCheck,
  CLOSURE_TEXTS,
  type ClosureScope,
  PEOPLE_MESSAGES,
  type PersonPage,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { ClosureScopeChoice } from '../../../components/closure/closure-scope-choice.tsx';
import { WhatClosingDoes } from '../../../components/closure/what-closing-does.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { useCloseAccount, useStartExport } from '../api.ts';

/**
 * "My data" for a request that came by phone (issues 23 and 24): support starts the person's export,
 * which the person downloads signed in, or closes their account with the scope they chose, after the
 * same explanation the person reads on My Profile and a confirmation step. No password: the person
 * asked by phone.
 */
export function DataRequests({ person }: { person: PersonPage }) {
  const { id, firstName, lastName, isStaff } = person.profile;
  const ids = useId();
  const exporting = useStartExport(id);
  const closing = useCloseAccount(id);
  const [open, setOpen] = useState(false);
  const [scope, setScope] = useState<ClosureScope | null>(null);
  const [scopeError, setScopeError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [checks, setChecks] = useState<ReadonlySet<CallerCheck>>(new Set());
  const [checksError, setChecksError] = useState<string | null>(null);
  if (isStaff) return null;

  const allChecked = CALLER_CHECK_IDS.every((check) => checks.has(check));
  /** Every item ticked, or the checklist says what is missing; nothing is sent before. */
  const checked = () => {
    setChecksError(allChecked ? null : PEOPLE_MESSAGES.callerChecksRequired);
    return allChecked;
  };
  const startExport = () => {
    if (checked() && !exporting.isPending) exporting.mutate({ callerChecks: [...checks] });
  };

  const name = `${firstName} ${lastName}`;
  const toConfirm = (event: FormEvent) => {
    event.preventDefault();
    setScopeError(scope ? null : CLOSURE_TEXTS.scopeRequired);
    setConfirming(scope !== null && checked());
  };
  const close = () => {
    if (scope && checked())
      closing.mutate({ scope, callerChecks: [...checks] }, { onSettled: () => setConfirming(false) });
  };

  return (
    <section className="staff-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Requests by phone: export or closure</h2>
      <p>
        When a person asks by phone, start their export or close their account here. The export is built as
        when they ask themselves: they get an email and download it signed in.
      </p>
      <fieldset
        className="staff-checklist"
        aria-describedby={checksError ? `${ids}-checks-error` : undefined}
      >
        <legend>Who is calling? Check each with the caller first</legend>
        {CALLER_CHECK_IDS.map((check) => (
          <label key={check} className="choice">
            <input
              type="checkbox"
              checked={checks.has(check)}
              onChange={(event) => {
                const next = new Set(checks);
                if (event.target.checked) next.add(check);
                else next.delete(check);
                setChecks(next);
                setChecksError(null);
              }}
            />
            <span>{CALLER_CHECKS[check]}</span>
          </label>
        ))}
        <FieldError id={`${ids}-checks-error`}>{checksError}</FieldError>
      </fieldset>
      {exporting.data ? <Alert tone="success">{exporting.data.message}</Alert> : null}
      {exporting.error ? <Alert tone="error">{exporting.error.message}</Alert> : null}
      {closing.data ? <Alert tone="success">{closing.data.message}</Alert> : null}
      {closing.error ? <Alert tone="error">{closing.error.message}</Alert> : null}
      <div className="form-actions">
        <Button variant="secondary" busy={exporting.isPending} onClick={startExport}>
          Start an export
        </Button>
        {closing.isSuccess ? null : (
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={`${ids}-closure`}
            onClick={() => {
              setOpen(!open);
              setConfirming(false);
            }}
          >
            Close the account…
          </Button>
        )}
      </div>
      <div id={`${ids}-closure`} hidden={!open || closing.isSuccess}>
        {open && !closing.isSuccess ? (
          <form
            className="staff-form"
            aria-label="Closure asked for by phone"
            noValidate
            onSubmit={toConfirm}
          >
            <p>{CLOSURE_TEXTS.intro}</p>
            <WhatClosingDoes heading="h3" />
            <ClosureScopeChoice
              legend="What did the person ask for?"
              error={scopeError ?? undefined}
              disabled={confirming}
              inputProps={(value) => ({
                name: `${ids}-scope`,
                checked: scope === value,
                onChange: () => setScope(value),
              })}
            />
            {confirming && scope ? (
              <div className="closure-confirm">
                <p>
                  <strong>
                    Close the account of {name}: “{CLOSURE_TEXTS.scopes[scope].label}”? This cannot be undone.
                  </strong>
                </p>
                <div className="form-actions">
                  <Button busy={closing.isPending} onClick={close}>
                    Close the account
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirming(false)}>
                    Go back
                  </Button>
                </div>
              </div>
            ) : (
              <div className="form-actions">
                <Button type="submit">Continue</Button>
              </div>
            )}
          </form>
        ) : null}
      </div>
    </section>
  );
}
