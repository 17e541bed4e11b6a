import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { previewConsent } from '../recruitments-api.ts';

export type ConsentDraft = {
  title: string;
  htmlContent: string;
  agreeLabel: string;
  disagreeLabel: string;
  url: string;
  thanksResponse: string;
};
export type ConsentErrors = Partial<Record<keyof ConsentDraft, string>>;

export const EMPTY_CONSENT: ConsentDraft = {
  title: '',
  htmlContent: '',
  agreeLabel: 'I agree',
  disagreeLabel: 'I do not agree',
  url: '',
  thanksResponse: '',
};

type Preview = { title: string; htmlContent: string; thanksResponse: string };

/** Sanitised HTML from the API (the consent allow-list), shown as the candidate will see it. */
function SafeHtml({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API with the consent allow-list
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function ConsentPreview({ label, preview }: { label: string; preview: Preview }) {
  return (
    <section className="staff-consent-preview" aria-label={`Preview of ${label}`}>
      <SafeHtml className="staff-consent-preview-title" html={preview.title} />
      <SafeHtml className="consent-html" html={preview.htmlContent} />
      {preview.thanksResponse ? <SafeHtml className="staff-note" html={preview.thanksResponse} /> : null}
    </section>
  );
}

/**
 * One consent of a chain: its title, HTML text, the two answers' labels, an optional PDF and the
 * thank-you. The preview asks the server for the HTML exactly as it would be stored, so what is shown
 * is what candidates will read (anything the allow-list drops is gone from the preview too).
 */
export function ConsentEditor({
  label,
  value,
  errors = {},
  onChange,
}: {
  label: string;
  value: ConsentDraft;
  errors?: ConsentErrors;
  onChange: (value: ConsentDraft) => void;
}) {
  const textId = useId();
  const thanksId = useId();
  // The server's sanitised copy of the draft; a failed preview shows why, the draft stays as typed.
  const preview = useMutation({ mutationFn: (draft: ConsentDraft) => previewConsent(draft) });
  const field = (name: keyof ConsentDraft) => ({
    value: value[name],
    error: errors[name],
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => onChange({ ...value, [name]: event.target.value }),
  });
  return (
    <fieldset className="staff-consent-editor">
      <legend>{label}</legend>
      <Field label="Title" {...field('title')} />
      <div className="field">
        <label htmlFor={textId}>Text (HTML)</label>
        <p className="field-hint" id={`${textId}-hint`}>
          Paragraphs, headings, lists, emphasis and https links; anything else is removed.
        </p>
        <textarea
          id={textId}
          rows={8}
          value={value.htmlContent}
          aria-invalid={errors.htmlContent ? true : undefined}
          aria-describedby={`${textId}-hint${errors.htmlContent ? ` ${textId}-error` : ''}`}
          onChange={(event) => onChange({ ...value, htmlContent: event.target.value })}
        />
        <FieldError id={`${textId}-error`}>{errors.htmlContent}</FieldError>
      </div>
      <div className="staff-form-row">
        <Field label="Agree option" {...field('agreeLabel')} />
        <Field label="Decline option" {...field('disagreeLabel')} />
      </div>
      <Field label="PDF link (optional)" type="url" hint="A full https:// address" {...field('url')} />
      <div className="field">
        <label htmlFor={thanksId}>Thank-you after answering (optional)</label>
        <textarea
          id={thanksId}
          rows={2}
          value={value.thanksResponse}
          onChange={(event) => onChange({ ...value, thanksResponse: event.target.value })}
        />
      </div>
      <Button variant="secondary" busy={preview.isPending} onClick={() => preview.mutate(value)}>
        Preview<span className="visually-hidden"> {label}</span>
      </Button>
      {preview.error ? <Alert tone="error">{preview.error.message}</Alert> : null}
      {preview.data ? <ConsentPreview label={label} preview={preview.data} /> : null}
    </fieldset>
  );
}

/** A chain's per-consent errors out of zod issues whose paths run ['consents', n, field] or [field]. */
export function consentErrors(
  issues: { path: PropertyKey[]; message: string }[],
  index?: number,
): ConsentErrors {
  const found: ConsentErrors = {};
  for (const issue of issues) {
    const path =
      index === undefined
        ? issue.path
        : issue.path[0] === 'consents' && issue.path[1] === index
          ? issue.path.slice(2)
          : [];
    const name = path[0];
    if (typeof name === 'string' && name in EMPTY_CONSENT)
      found[name as keyof ConsentDraft] ??= issue.message;
  }
  return found;
}
