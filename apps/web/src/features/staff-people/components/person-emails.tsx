import { DELIVERY_STATUS_TEXT, NOTIFICATION_TEXTS, type PersonPage } from '@portal/domain';
import { useState } from 'react';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { usePersonEmail, useResendEmail } from '../api.ts';

/** One email's text, as support reads it (audited): a one-time link is withheld and it cannot be resent. */
function EmailReader({
  personId,
  mailId,
  onClose,
}: {
  personId: string;
  mailId: number;
  onClose: () => void;
}) {
  const email = usePersonEmail(personId, mailId);
  const resend = useResendEmail(personId);
  return (
    <Modal open onClose={onClose} title={email.data?.subject ?? 'Email'}>
      {email.isPending ? (
        <Loading />
      ) : email.isError ? (
        <Alert tone="error">{email.error.message}</Alert>
      ) : (
        <>
          <p>
            To {email.data.to} · written {formatConsoleTime(email.data.createdAt)} ·{' '}
            {DELIVERY_STATUS_TEXT[email.data.status]}
            {email.data.detail ? ` (${email.data.detail})` : ''}
          </p>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
          <pre className="staff-email-text" tabIndex={0}>
            {email.data.text}
          </pre>
          {resend.data ? <Alert tone="success">{resend.data.message}</Alert> : null}
          {resend.error ? <Alert tone="error">{resend.error.message}</Alert> : null}
          <div className="form-actions">
            {email.data.resendable && !resend.isSuccess ? (
              <Button busy={resend.isPending} onClick={() => resend.mutate(mailId)}>
                Send it again
              </Button>
            ) : null}
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

/** The emails sent to the person, with how each went; support reads one and may send it again. */
export function PersonEmails({ person }: { person: PersonPage }) {
  const [reading, setReading] = useState<number | null>(null);
  return (
    <section className="staff-panel" aria-labelledby="section-emails-sent">
      <h2 id="section-emails-sent">Emails sent</h2>
      {person.emailUndeliverable ? (
        <Alert tone="warning">{NOTIFICATION_TEXTS.undeliverableStaff}</Alert>
      ) : null}
      {person.emails.length === 0 ? (
        <p>No emails.</p>
      ) : (
        <StaffTable columns={['Subject', 'Written', 'Status', '']}>
          {person.emails.map((m) => (
            <tr key={m.id}>
              <td>{m.subject}</td>
              <td>{formatConsoleTime(m.createdAt)}</td>
              <td>
                {DELIVERY_STATUS_TEXT[m.status]}
                {m.sentAt ? ` ${formatConsoleTime(m.sentAt)}` : ''}
                {m.detail ? ` (${m.detail})` : ''}
              </td>
              <td>
                <Button variant="link" aria-label={`Read ${m.subject}`} onClick={() => setReading(m.id)}>
                  Read
                </Button>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {reading !== null ? (
        <EmailReader personId={person.profile.id} mailId={reading} onClose={() => setReading(null)} />
      ) : null}
    </section>
  );
}
