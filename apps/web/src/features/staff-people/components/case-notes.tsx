import { CASE_NOTE_MAX, CASE_NOTE_MESSAGES, caseNoteInputSchema, type PersonPage } from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useAddCaseNote, useCaseNotes } from '../api.ts';

/** Support's case notes on the person (issue 34 item 13): newest first, and a form to add one. */
export function CaseNotes({ person }: { person: PersonPage }) {
  const id = person.profile.id;
  const ids = useId();
  const notes = useCaseNotes(id);
  const add = useAddCaseNote(id);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = caseNoteInputSchema.safeParse({ body });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? CASE_NOTE_MESSAGES.required);
      return;
    }
    setProblem(null);
    add.mutate(parsed.data, { onSuccess: () => setBody('') });
  };

  return (
    <section className="staff-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Case notes</h2>
      <p>For staff only: the person never sees these notes.</p>
      <form className="staff-form" aria-label="Add a case note" noValidate onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${ids}-body`}>New note</label>
          <textarea
            id={`${ids}-body`}
            maxLength={CASE_NOTE_MAX}
            value={body}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-error` : undefined}
            onChange={(event) => {
              setBody(event.target.value);
              setProblem(null);
              add.reset();
            }}
          />
          <FieldError id={`${ids}-error`}>{problem}</FieldError>
        </div>
        {add.isSuccess ? <Alert tone="success">{CASE_NOTE_MESSAGES.added}</Alert> : null}
        {add.error ? <Alert tone="error">{add.error.message}</Alert> : null}
        <Button type="submit" variant="secondary" busy={add.isPending}>
          Add the note
        </Button>
      </form>
      {notes.isPending ? <Loading /> : null}
      {notes.error ? <Alert tone="error">{notes.error.message}</Alert> : null}
      {notes.data && notes.data.notes.length === 0 ? <p>No notes yet.</p> : null}
      {notes.data && notes.data.notes.length > 0 ? (
        <ol className="staff-plain-list case-notes">
          {notes.data.notes.map((note) => (
            <li key={note.id}>
              <p className="staff-note">
                {formatConsoleTime(note.at)}, {note.author}
              </p>
              <p>{note.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
