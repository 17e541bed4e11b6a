import { KIT_NOTES_MAX, type Kit, updateKitSchema } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
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

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const parsed = updateKitSchema.safeParse({ notes });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    update.mutate(
      { kitId: kit.id, patch: { notes: notes.trim() ? notes : null } },
      {
        onSuccess: () => setSaved(true),
        onError: (failure) => setError(errorText(failure, 'notes')),
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
      <Button type="submit" variant="secondary" busy={update.isPending}>
        {KITS_TEXTS.saveNotes}
      </Button>
      <StatusMessage>{saved ? KITS_TEXTS.notesSaved : null}</StatusMessage>
    </form>
  );
}
