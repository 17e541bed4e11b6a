import { KIT_NAME_MAX, type Kit, kitDisplayName, kitFieldsSchema } from '@portal/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useUpdateKit } from '../../lib/kits-api.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { errorText } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * The kit's heading (name or KIT-{id}) with an inline rename form and a characters-left counter. With
 * `heading` false the heading is the caller's (the kits page shows it in the card's summary).
 */
export function KitNameEditor({
  kit,
  headingId,
  heading = true,
}: {
  kit: Kit;
  headingId: string;
  heading?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateKit();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (returnFocus.current) renameRef.current?.focus();
    returnFocus.current = false;
  }, [editing]);

  // The name the form opened on: the server refuses the save (409) when another window renamed the kit since.
  const openedOn = useRef<string | null>(null);
  const [reloadName, setReloadName] = useState(false);
  const serverName = kit.name ?? null;
  useEffect(() => {
    if (!reloadName || serverName === openedOn.current) return;
    openedOn.current = serverName;
    setName(serverName ?? '');
    setReloadName(false);
  }, [reloadName, serverName]);

  function open() {
    openedOn.current = kit.name ?? null;
    setName(kit.name ?? '');
    setError(null);
    setSaved(false);
    setEditing(true);
  }

  function close() {
    returnFocus.current = true;
    setEditing(false);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = kitFieldsSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    // Awaited rather than given to mutate's callbacks, which can be dropped once the list refetches.
    update
      .mutateAsync({ kitId: kit.id, patch: { name: name.trim() || null, was: { name: openedOn.current } } })
      .then(
        () => {
          setSaved(true);
          close();
        },
        (failure: unknown) => {
          setError(errorText(failure, 'name'));
          // The kit list reloads (another window renamed it): the field shows the latest name to check.
          if (failure instanceof ApiError && failure.status === 409) setReloadName(true);
        },
      );
  }

  const left = KIT_NAME_MAX - name.length;
  return (
    <div className="kit-name">
      <div className="kit-name-row">
        {heading ? (
          <h2 id={headingId} tabIndex={-1}>
            {kitDisplayName(kit)}
          </h2>
        ) : null}
        {editing ? null : (
          <Button ref={renameRef} variant="secondary" onClick={open}>
            {KITS_TEXTS.rename}
          </Button>
        )}
      </div>
      {editing ? (
        <form className="kit-name-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={inputId}>{KITS_TEXTS.kitName}</label>
            <input
              ref={inputRef}
              id={inputId}
              value={name}
              maxLength={KIT_NAME_MAX}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-count${error ? ` ${inputId}-error` : ''}`}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') close();
              }}
            />
            <p id={`${inputId}-count`} className="field-hint" aria-live="polite">
              {KITS_TEXTS.charactersLeft(left)}
            </p>
            <FieldError id={`${inputId}-error`}>{error}</FieldError>
          </div>
          <div className="form-actions">
            <Button type="submit" busy={update.isPending} busyLabel="Saving…">
              {KITS_TEXTS.saveName}
            </Button>
            <Button variant="secondary" onClick={close}>
              {KITS_TEXTS.cancel}
            </Button>
          </div>
        </form>
      ) : null}
      <StatusMessage>{saved && !editing ? KITS_TEXTS.nameSaved : null}</StatusMessage>
    </div>
  );
}
