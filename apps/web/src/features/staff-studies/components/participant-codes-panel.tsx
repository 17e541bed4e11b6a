import { staffParticipantCodeIssueSchema } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useIssueCode, useParticipantCodes } from '../api.ts';

/**
 * Participant codes for one person's email (decision 021): the code is shown once, here, to pass on;
 * only a keyed hash of it is kept, so the list shows whom each was issued to and whether it was used.
 */
export function ParticipantCodesPanel({ projectId }: { projectId: number }) {
  const issue = useIssueCode(projectId);
  const codes = useParticipantCodes(projectId);
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const rows = codes.data?.pages.flatMap((page) => page.codes) ?? [];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = staffParticipantCodeIssueSchema.safeParse({ email });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    issue.mutate(parsed.data.email, { onSuccess: () => setEmail('') });
  };

  return (
    <section className="staff-panel" aria-labelledby="participant-codes">
      <h2 id="participant-codes">Participant codes</h2>
      <form className="staff-search" onSubmit={onSubmit} noValidate aria-label="Issue a participant code">
        <Field
          label="Participant's email"
          type="email"
          autoComplete="off"
          value={email}
          error={problem}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={issue.isPending}>
          Issue a code
        </Button>
      </form>
      {issue.error ? <Alert tone="error">{issue.error.message}</Alert> : null}
      {issue.data ? (
        <Alert tone="success" title={`Code for ${issue.data.email}`}>
          <span className="staff-code">{issue.data.participantCode}</span> — pass it on now: it is not shown
          again.
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <StaffTable caption="Participant codes issued, newest first" columns={['Email', 'Issued', 'Used']}>
          {rows.map((code) => (
            <tr key={code.id}>
              <th scope="row">{code.email}</th>
              <td>{formatConsoleTime(code.createdAt)}</td>
              <td>{code.usedAt ? formatConsoleTime(code.usedAt) : 'Not yet'}</td>
            </tr>
          ))}
        </StaffTable>
      ) : codes.data ? (
        <p className="staff-note">No code has been issued for this project.</p>
      ) : null}
      {codes.hasNextPage ? (
        <Button variant="secondary" busy={codes.isFetchingNextPage} onClick={() => codes.fetchNextPage()}>
          Show older codes
        </Button>
      ) : null}
    </section>
  );
}
