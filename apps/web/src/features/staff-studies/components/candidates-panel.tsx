import { staffCandidateCreateSchema } from '@portal/domain';
import type { FormEvent } from 'react';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useSchemaForm } from '../../../lib/schema-form.ts';
import { useCandidates, useInviteCandidate } from '../recruitments-api.ts';
import { CandidateImport } from './candidate-import.tsx';

type Values = { email: string; firstName: string; lastName: string; phoneNumber: string };
const EMPTY: Values = { email: '', firstName: '', lastName: '', phoneNumber: '' };

/** Candidates: one invited by the study (their links shown to send), and everyone with their answers. */
export function CandidatesPanel({ recruitmentId }: { recruitmentId: number }) {
  const invite = useInviteCandidate(recruitmentId);
  const list = useCandidates(recruitmentId);
  const form = useSchemaForm(staffCandidateCreateSchema, EMPTY);
  const rows = list.data?.pages.flatMap((page) => page.candidates) ?? [];

  // The invitation sends what was typed; the server trims and checks it with the same schema.
  const send = form.handleSubmit(() => invite.mutate(form.values, { onSuccess: form.reset }));
  // A new submit replaces the last one's message (issue 34 item 19), valid or not.
  const onSubmit = (event: FormEvent) => {
    invite.reset();
    send(event);
  };
  const field = (name: keyof Values) => ({ autoComplete: 'off', ...form.field(name) });

  return (
    <section className="staff-panel" aria-labelledby="candidates">
      <h2 id="candidates">Candidates</h2>
      <form className="staff-form" onSubmit={onSubmit} noValidate aria-label="Invite a candidate">
        {invite.error ? <Alert tone="error">{invite.error.message}</Alert> : null}
        <div className="staff-form-row">
          <Field label="Candidate's email" type="email" {...field('email')} />
          <Field label="First name" {...field('firstName')} />
          <Field label="Last name" {...field('lastName')} />
          <Field label="Phone (optional)" type="tel" {...field('phoneNumber')} />
        </div>
        <Button type="submit" busy={invite.isPending}>
          Invite the candidate
        </Button>
      </form>
      {invite.data ? (
        <Alert tone="success" title="Candidate invited: send them these links">
          <span className="staff-link-text">
            Consent: {invite.data.consentLink ?? 'the chain has no consent yet'}
          </span>
          <br />
          <span className="staff-link-text">Unsubscribe: {invite.data.unsubscribeLink}</span>
        </Alert>
      ) : null}
      <CandidateImport recruitmentId={recruitmentId} />
      {list.error ? <Alert tone="error">{list.error.message}</Alert> : null}
      {list.data && rows.length === 0 ? <p className="staff-note">No candidate yet.</p> : null}
      {rows.length > 0 ? (
        <StaffTable
          caption="Candidates, newest first"
          columns={['Candidate', 'How they came', 'Consent answers', 'Study news']}
        >
          {rows.map((c) => (
            <tr key={c.id}>
              <th scope="row">
                {c.firstName} {c.lastName}
                <div className="staff-note">
                  {c.email}
                  {c.phoneNumber ? ` · ${c.phoneNumber}` : ''}
                </div>
              </th>
              <td>
                {c.source === 'EXPRESSION_OF_INTEREST'
                  ? `Expressed interest${c.emailValidatedAt ? ', email confirmed' : ', email not confirmed yet'}`
                  : 'Invited'}
              </td>
              <td>
                {c.answers.length === 0 ? (
                  'No answer yet'
                ) : (
                  <ul className="staff-plain-list">
                    {c.answers.map((a) => (
                      <li key={a.consentId}>
                        {a.consented ? 'Agreed' : 'Declined'}: {a.title.replace(/<[^>]*>/g, '')} (
                        {formatConsoleTime(a.respondedAt)})
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              <td>
                {c.unsubscribedAt ? `Unsubscribed ${formatConsoleTime(c.unsubscribedAt)}` : 'Subscribed'}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {list.hasNextPage ? (
        <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          Show earlier candidates
        </Button>
      ) : null}
    </section>
  );
}
