import {
  MAILOUT_TEXTS,
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

/**
 * A message to the project's participants (issue 35 item 7): written, previewed as participants will
 * see it (with how many get Research news), then sent; each mail-out's progress below.
 */
export function MailoutPanel({ projectId }: { projectId: number }) {
  const bodyId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const preview = useMutation({ mutationFn: (draft: StaffMailoutDraft) => previewMailout(projectId, draft) });
  const send = useSendMailout(projectId);
  const mailouts = useMailouts(projectId);

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
    <section className="staff-panel" aria-labelledby="mailouts">
      <h2 id="mailouts">Message participants</h2>
      <p>
        Write to the participants of this project who get Research news. Preview the message, then send it: it
        goes out through the mail queue, a few a second.
      </p>
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
            Leave a blank line between paragraphs. It opens with “Hello,” and ends with a link to the portal.
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
            <strong>{MAILOUT_TEXTS.recipients(shown.recipients)}.</strong> Subject: {shown.subject}
          </p>
          <iframe title="Message preview" className="mailout-preview-frame" sandbox="" srcDoc={shown.html} />
          {shown.recipients > 0 ? (
            <Button busy={send.isPending} onClick={onSend}>
              {shown.recipients === 1 ? 'Send to 1 participant' : `Send to ${shown.recipients} participants`}
            </Button>
          ) : (
            <Alert tone="info">{MAILOUT_TEXTS.noRecipients}</Alert>
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
