import { KIT_NOTES_MAX, type Kit, kitFieldsSchema } from '@portal/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { useUpdateKit } from '../../lib/kits-api.ts';
import { Button } from '../ui/button.tsx';
import { FieldError } from '../ui/field.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { errorText } from './kit-format.ts';
import { KITS_TEXTS } from './kit-texts.ts';

/** Free notes on a kit, saved with a button. */
export function KitNotes({ kit }: { kit: Kit }) {
  const [notes, setNotes] = useState(kit.notes ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useUpdateKit();
  const id = useId();
  // The notes this form was loaded with, sent as `was`. When the server's change (another window)
  // arrives, the field shows it unless the person has typed since: then the field keeps what they typed
  // and stays based on the older notes, so its save is refused (409) and, asked to, loads the latest.
  const loaded = useRef(kit.notes ?? null);
  const [reload, setReload] = useState(0);
  const serverNotes = kit.notes ?? null;
  const typedRef = useRef(notes);
  typedRef.current = notes;
  useEffect(() => {
    if (serverNotes === loaded.current) return;
    const typedSince = typedRef.current !== (loaded.current ?? '');
    if (typedSince && reload === 0) return;
    loaded.current = serverNotes;
    setNotes(serverNotes ?? '');
    setReload(0);
  }, [serverNotes, reload]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = kitFieldsSchema.safeParse({ notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const next = notes.trim() ? notes : null;
    // Awaited rather than given to mutate's callbacks, which can be dropped once the list refetches.
    update.mutateAsync({ kitId: kit.id, patch: { notes: next, was: { notes: loaded.current } } }).then(
      (saved) => {
        loaded.current = saved.notes ?? null;
        setSaved(true);
      },
      (failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 409) setReload((n) => n + 1);
        setError(errorText(failure, 'notes'));
      },
    );
  }

  return (
    <form className="kit-notes" onSubmit={onSubmit} noValidate>
      <div className="field">
        <label htmlFor={id}>{KITS_TEXTS.notes}</label>
        <textarea
          id={id}
          value={notes}
          rows={3}
          maxLength={KIT_NOTES_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setNotes(event.target.value);
            setSaved(false);
          }}
        />
        <p id={`${id}-count`} className="field-hint">
          {KITS_TEXTS.charactersLeft(KIT_NOTES_MAX - notes.length)}
        </p>
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <Button type="submit" variant="secondary" busy={update.isPending} busyLabel="Saving…">
        {KITS_TEXTS.saveNotes}
      </Button>
      <StatusMessage>{saved ? KITS_TEXTS.notesSaved : null}</StatusMessage>
    </form>
  );
}
