import {
  EMAIL_CATEGORIES,
  EMAIL_CATEGORY_TEXT,
  EMAIL_PREFERENCES_TEXTS,
  type EmailCategory,
  type EmailPreferences,
  SUPPORT_VIEW_READ_ONLY,
} from '@portal/domain';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useSession } from '../../../lib/session.ts';
import { useEmailPreferences, useSaveEmailPreferences } from '../my-choices-api.ts';

const T = EMAIL_PREFERENCES_TEXTS;
type Choices = Record<EmailCategory, boolean>;

const choicesOf = (saved: EmailPreferences): Choices =>
  Object.fromEntries(saved.preferences.map((p) => [p.category, p.subscribed])) as Choices;

function PreferencesForm({ saved }: { saved: EmailPreferences }) {
  const idPrefix = useId();
  const save = useSaveEmailPreferences();
  // A support view changes nothing (design.md §6): it sees the choices but is not offered a save.
  const { actorId } = useSession();
  const [choices, setChoices] = useState<Choices>(() => choicesOf(saved));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(choices);
  }

  return (
    <form onSubmit={submit} aria-label={T.title}>
      <fieldset className="choice-group">
        <legend className="visually-hidden">{T.title}</legend>
        {EMAIL_CATEGORIES.map((category) => {
          const id = `${idPrefix}-${category}`;
          return (
            <div className="choice" key={category}>
              <input
                id={id}
                type="checkbox"
                checked={choices[category]}
                disabled={Boolean(actorId)}
                aria-describedby={`${id}-hint`}
                onChange={(event) => {
                  save.reset();
                  setChoices({ ...choices, [category]: event.target.checked });
                }}
              />
              <div>
                <label htmlFor={id}>{EMAIL_CATEGORY_TEXT[category].label}</label>
                <p id={`${id}-hint`} className="field-hint">
                  {EMAIL_CATEGORY_TEXT[category].description}
                </p>
              </div>
            </div>
          );
        })}
      </fieldset>
      {actorId ? (
        <Alert tone="info">{SUPPORT_VIEW_READ_ONLY}</Alert>
      ) : (
        <div className="form-actions">
          <Button type="submit" busy={save.isPending}>
            {T.save}
          </Button>
        </div>
      )}
      {save.isSuccess ? <Alert tone="success">{T.saved}</Alert> : null}
      {save.isError ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
    </form>
  );
}

/**
 * "Emails we send you" on My Profile (issue 23): each category of non-transactional email on or off.
 * Account and security emails are always sent and are not listed.
 */
export function EmailPreferencesSection() {
  const headingId = useId();
  const preferences = useEmailPreferences();
  return (
    <section className="card profile-section email-preferences" aria-labelledby={headingId}>
      <h2 id={headingId}>{T.title}</h2>
      <p>{T.intro}</p>
      {preferences.data ? (
        <PreferencesForm saved={preferences.data} />
      ) : preferences.isError ? (
        <Alert tone="error">{T.loadFailed}</Alert>
      ) : (
        <Loading />
      )}
    </section>
  );
}
