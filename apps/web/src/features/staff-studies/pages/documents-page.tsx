import { CONSENT_LEDGER_TEXTS, publishVersionSchema, type StaffDocuments } from '@portal/domain';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useDocuments, usePublishVersion, useVersionText } from '../documents-api.ts';

const T = CONSENT_LEDGER_TEXTS;
type Document = StaffDocuments['documents'][number];
type Values = { version: string; effectiveDate: string; summary: string; text: string; change: string };
type Errors = Partial<Record<keyof Values, string>>;

const KIND: Record<Document['document'], string> = {
  CONSENT: 'Consent',
  TERMS: 'Terms of use (ADMIN)',
  PRIVACY: 'Privacy policy (ADMIN)',
};

/** The form that publishes a document's next version, its text started from the current one. */
function PublishForm({ document, onPublished }: { document: Document; onPublished: (text: string) => void }) {
  const id = useId();
  const publish = usePublishVersion();
  const current = useVersionText(document.consentId, document.currentVersion);
  const [values, setValues] = useState<Values>({
    version: '',
    effectiveDate: '',
    summary: '',
    text: '',
    change: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const currentText = current.data?.text;
  useEffect(() => {
    if (currentText !== undefined) setValues((v) => (v.text ? v : { ...v, text: currentText }));
  }, [currentText]);

  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = publishVersionSchema.safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Values] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    publish.mutate(
      { consentId: document.consentId, ...parsed.data },
      {
        onSuccess: (result) => {
          onPublished(T.published(document.title, result.version.version, result.affected));
          setValues({ version: '', effectiveDate: '', summary: '', text: '', change: '' });
        },
      },
    );
  }

  return (
    <form className="staff-form" onSubmit={submit} noValidate aria-label={`${T.publish}: ${document.title}`}>
      {publish.error ? <Alert tone="error">{publish.error.message}</Alert> : null}
      <div className="staff-form-row">
        <Field
          label="New version"
          hint="e.g. 2.0"
          value={values.version}
          onChange={set('version')}
          error={errors.version}
        />
        <Field
          label="Takes effect on"
          type="date"
          value={values.effectiveDate}
          onChange={set('effectiveDate')}
          error={errors.effectiveDate}
        />
      </div>
      <fieldset className="field" aria-describedby={errors.change ? `${id}-change-error` : undefined}>
        <legend>Kind of change</legend>
        <label>
          <input
            type="radio"
            name={`${id}-change`}
            value="MATERIAL"
            checked={values.change === 'MATERIAL'}
            onChange={set('change')}
          />{' '}
          Material: people who agreed must agree again at their next sign-in
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-change`}
            value="MINOR"
            checked={values.change === 'MINOR'}
            onChange={set('change')}
          />{' '}
          Minor: people are only told
        </label>
        <FieldError id={`${id}-change-error`}>{errors.change}</FieldError>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-summary`}>What changed, in plain words</label>
        <textarea
          id={`${id}-summary`}
          rows={3}
          value={values.summary}
          onChange={set('summary')}
          aria-invalid={errors.summary ? true : undefined}
          aria-describedby={errors.summary ? `${id}-summary-error` : undefined}
        />
        <FieldError id={`${id}-summary-error`}>{errors.summary}</FieldError>
      </div>
      <div className="field">
        <label htmlFor={`${id}-text`}>Full text (a blank line between paragraphs)</label>
        <textarea
          id={`${id}-text`}
          rows={10}
          value={values.text}
          onChange={set('text')}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${id}-text-error` : undefined}
        />
        <FieldError id={`${id}-text-error`}>{errors.text}</FieldError>
      </div>
      <Button type="submit" busy={publish.isPending}>
        {T.publish}
      </Button>
    </form>
  );
}

/**
 * STUDY (and ADMIN): every consent, terms and privacy document with its versions, and the form that
 * publishes the next version of one (issue 36). The terms and privacy policy are ADMIN's: the server
 * refuses others, and says so.
 */
export function DocumentsPage() {
  const documents = useDocuments();
  const [chosen, setChosen] = useState<number | null>(null);
  const [published, setPublished] = useState<string | null>(null);
  const selectId = useId();
  const list = documents.data?.documents ?? [];
  const document = list.find((d) => d.consentId === chosen) ?? null;
  return (
    <>
      <h1>{T.consoleTitle}</h1>
      {published ? <Alert tone="success">{published}</Alert> : null}
      {documents.isError ? <Alert tone="error">{documents.error.message}</Alert> : null}
      {documents.isPending ? <Loading /> : null}
      {/* The box scrolls sideways on a narrow screen: the keyboard reaches it (axe scrollable-region-focusable). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table">
          <caption>Documents and their versions</caption>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Kind</th>
              <th scope="col">Current version</th>
              <th scope="col">Versions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((d) => (
              <tr key={d.consentId}>
                <th scope="row">{d.title}</th>
                <td>{KIND[d.document]}</td>
                <td>{d.currentVersion}</td>
                <td>
                  {d.versions
                    .map((v) => `${v.version}${v.change === 'INITIAL' ? '' : ` (${v.change.toLowerCase()})`}`)
                    .join(', ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section className="staff-panel" aria-labelledby={`${selectId}-title`}>
        <h2 id={`${selectId}-title`}>{T.publish}</h2>
        <div className="field">
          <label htmlFor={selectId}>Document</label>
          <select
            id={selectId}
            value={chosen ?? ''}
            onChange={(e) => {
              setPublished(null);
              setChosen(e.target.value ? Number(e.target.value) : null);
            }}
          >
            <option value="">Select…</option>
            {list.map((d) => (
              <option key={d.consentId} value={d.consentId}>
                {d.title} (version {d.currentVersion})
              </option>
            ))}
          </select>
        </div>
        {document ? (
          <PublishForm key={document.consentId} document={document} onPublished={setPublished} />
        ) : null}
      </section>
    </>
  );
}
