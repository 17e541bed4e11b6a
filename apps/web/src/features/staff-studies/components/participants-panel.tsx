import { PARTICIPANT_STATUS_TEXT } from '@portal/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchForm } from '../../../components/staff/search-form.tsx';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useParticipants } from '../participants-api.ts';

/** A project's participants (issue 34 item 18): newest first, with their kits and where they stand. */
export function ParticipantsPanel({ projectId }: { projectId: number }) {
  const [q, setQ] = useState('');
  const participants = useParticipants(projectId, q);
  const rows = participants.data?.pages.flatMap((page) => page.participants) ?? [];
  return (
    <section className="staff-panel" aria-labelledby="participants-title">
      <h2 id="participants-title">Participants</h2>
      <SearchForm
        label="Find a participant"
        formLabel="Find a participant"
        hint="The start of their email, or part of their name"
        initial={q}
        onSearch={setQ}
      />
      {participants.isPending ? <Loading /> : null}
      {participants.error ? <Alert tone="error">{participants.error.message}</Alert> : null}
      {participants.data && rows.length === 0 ? (
        <p className="staff-note">
          {q ? `No participant matches “${q}”.` : 'Nobody has joined this project yet.'}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <StaffTable
          caption={q ? `Participants matching “${q}”, newest first` : 'Participants, newest first'}
          columns={['Participant', 'Joined', 'Status', 'Kits']}
        >
          {rows.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                {p.firstName} {p.lastName}
                <span className="staff-subline">{p.email}</span>
              </th>
              <td>
                <time dateTime={p.joinedAt}>{formatConsoleTime(p.joinedAt)}</time>
                <span className="staff-subline">{p.invited ? 'Invited' : 'With the project’s code'}</span>
              </td>
              <td>{PARTICIPANT_STATUS_TEXT[p.status]}</td>
              <td>
                {p.kits.length === 0 ? (
                  'None'
                ) : (
                  <ul className="staff-plain-list">
                    {p.kits.map((kit) => (
                      <li key={kit.id}>
                        <Link to={`/staff/kits/${kit.id}`}>KIT-{kit.id}</Link> · {kit.statusText}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {participants.hasNextPage ? (
        <Button
          variant="secondary"
          busy={participants.isFetchingNextPage}
          onClick={() => participants.fetchNextPage()}
        >
          Show more participants
        </Button>
      ) : null}
    </section>
  );
}
