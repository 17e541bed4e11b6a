import {
  MAILOUT_TEXTS,
  type MailoutAudience,
  type StaffMailout,
  type StaffMailoutDraft,
  staffMailoutDraftSchema,
} from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { previewMailout, useMailouts, useSendMailout } from '../api.ts';

type Problems = Partial<Record<keyof StaffMailoutDraft, string>>;

/** The panel's words for each audience: a project's participants, or a recruitment's candidates. */
const AUDIENCE_TEXTS = {
  PROJECT: {
    title: 'Message participants',
    intro:
      'Write to the participants of this project who get Research news. Preview the message, then send it: it goes out through the mail queue, a few a second.',
    hint: 'Leave a blank line between paragraphs. It opens with “Hello,” and ends with a link to the portal.',
    recipients: MAILOUT_TEXTS.recipients,
    none: MAILOUT_TEXTS.noRecipients,
    send: (n: number) => (n === 1 ? 'Send to 1 participant' : `Send to ${n} participants`),
  },
  RECRUITMENT: {
    title: 'Message candidates',
    intro:
      'Write to the candidates of this recruitment who may be contacted: not those who unsubscribed, nor those who have not confirmed their email address. Preview the message, then send it: it goes out through the mail queue, a few a second.',
    hint: 'Leave a blank line between paragraphs. It opens with “Hello,” and ends with the candidate’s own unsubscribe link.',
    recipients: MAILOUT_TEXTS.candidateRecipients,
    none: MAILOUT_TEXTS.noCandidates,
    send: (n: number) => (n === 1 ? 'Send to 1 candidate' : `Send to ${n} candidates`),
  },
} as const;

/**
 * A message to a project's participants or a recruitment's candidates (issue 35 item 7): written,
 * previewed as they will see it (with how many will get it), then sent; each mail-out's progress below.
 */
export function MailoutPanel({ audience }: { audience: MailoutAudience }) {
  const bodyId = useId();
  const headingId = useId();
  const words = AUDIENCE_TEXTS[audience.kind];
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const preview = useMutation({ mutationFn: (draft: StaffMailoutDraft) => previewMailout(audience, draft) });
  const send = useSendMailout(audience);
  const mailouts = useMailouts(audience);

  const draft = (): StaffMailoutDraft | null => {
    const parsed = staffMailoutDraftSchema.safeParse({ subject, body });
    if (parsed.success) {
      setProblems({});
      return parsed.data;
    }
    const found: Problems = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof StaffMailoutDraft;
      found[key] ??= issue.message;
    }
    setProblems(found);
    return null;
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    const valid = draft();
    if (valid) preview.mutate(valid);
  };
  // What was previewed is what is sent: editing the words again hides the preview and its button.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    preview.reset();
  };
  const onSend = () => {
    const valid = draft();
    if (!valid) return;
    send.mutate(valid, {
      onSuccess: () => {
        preview.reset();
        setSubject('');
        setBody('');
      },
    });
  };
  const shown = preview.data;

  return (
    <section className="staff-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{words.title}</h2>
      <p>{words.intro}</p>
      <form className="mailout-form" onSubmit={onPreview} noValidate aria-label="New message">
        <Field
          label="Subject"
          value={subject}
          maxLength={200}
          error={problems.subject}
          onChange={(e) => edit(setSubject)(e.target.value)}
        />
        <div className="field">
          <label htmlFor={bodyId}>Message</label>
          <p id={`${bodyId}-hint`} className="field-hint">
            {words.hint}
          </p>
          <textarea
            id={bodyId}
            rows={8}
            value={body}
            aria-invalid={problems.body ? true : undefined}
            aria-describedby={[`${bodyId}-hint`, problems.body ? `${bodyId}-error` : null]
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => edit(setBody)(e.target.value)}
          />
          <FieldError id={`${bodyId}-error`}>{problems.body}</FieldError>
        </div>
        <Button type="submit" variant="secondary" busy={preview.isPending}>
          Preview
        </Button>
      </form>
      {preview.error ? <Alert tone="error">{preview.error.message}</Alert> : null}
      {shown ? (
        <div className="mailout-preview">
          <h3>Preview</h3>
          <p>
            <strong>{words.recipients(shown.recipients)}.</strong> Subject: {shown.subject}
          </p>
          <iframe title="Message preview" className="mailout-preview-frame" sandbox="" srcDoc={shown.html} />
          {shown.recipients > 0 ? (
            <Button busy={send.isPending} onClick={onSend}>
              {words.send(shown.recipients)}
            </Button>
          ) : (
            <Alert tone="info">{words.none}</Alert>
          )}
        </div>
      ) : null}
      {send.error ? <Alert tone="error">{send.error.message}</Alert> : null}
      {send.data ? <Alert tone="success">Your message is queued. Its progress is shown below.</Alert> : null}
      {mailouts.data && mailouts.data.mailouts.length > 0 ? (
        <>
          <h3>Sent messages</h3>
          <ul className="mailout-list" aria-label="Sent messages">
            {mailouts.data.mailouts.map((m) => (
              <MailoutProgress key={m.id} mailout={m} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function MailoutProgress({ mailout: m }: { mailout: StaffMailout }) {
  const total = m.recipients ?? 0;
  const status = !m.delivering
    ? `${m.queued} of ${total} in the outbox. No mail server is set (SMTP_URL), so they stay there.`
    : m.recipients === null || m.queued < total
      ? `Preparing: ${m.queued} of ${total} queued.`
      : m.sent >= total
        ? `Sent to all ${total}.`
        : `${m.sent} of ${total} sent, at most ${m.ratePerSecond} a second.`;
  return (
    <li>
      <p>
        <strong>{m.subject}</strong> · {formatConsoleTime(m.createdAt)}
      </p>
      <ProgressBar
        label={`Progress of “${m.subject}”`}
        value={m.delivering ? m.sent : m.queued}
        max={Math.max(total, 1)}
        valueText={status}
      />
      <p className="mailout-status">{status}</p>
    </li>
  );
}
