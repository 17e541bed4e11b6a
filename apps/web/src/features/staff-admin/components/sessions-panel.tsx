import type { StaffActiveSession } from '@portal/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/staff/confirm-dialog.tsx';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { formatConsoleTime } from '../../../lib/format.ts';
import { useEndMemberSessions, useEndSession, useStaffSessions } from '../api.ts';

type Ending = { kind: 'one'; session: StaffActiveSession } | { kind: 'all'; session: StaffActiveSession };

const nameOf = (s: StaffActiveSession) => `${s.firstName} ${s.lastName}`;
const deviceOf = (s: StaffActiveSession) => s.device ?? 'an unknown device';

/**
 * ADMIN: the live console sessions (issue 34 item 15): who, since when, last seen, the device and its
 * network (never a token or a full address), and a forced sign-out of one session or all of a member's.
 * The member's next request is refused, and their console says an administrator signed them out.
 */
export function SessionsPanel() {
  const sessions = useStaffSessions();
  const endOne = useEndSession();
  const endAll = useEndMemberSessions();
  const [ending, setEnding] = useState<Ending | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const close = () => {
    setEnding(null);
    endOne.reset();
    endAll.reset();
  };
  const confirm = () => {
    if (!ending) return;
    const { session } = ending;
    setDone(null);
    if (ending.kind === 'one')
      endOne.mutate(session.id, {
        onSuccess: () => {
          setDone(`${nameOf(session)} is signed out on ${deviceOf(session)}.`);
          close();
        },
      });
    else
      endAll.mutate(session.memberId, {
        onSuccess: ({ ended }) => {
          setDone(
            `${nameOf(session)} is signed out everywhere (${ended} console ${ended === 1 ? 'session' : 'sessions'}).`,
          );
          close();
        },
      });
  };
  const rows = sessions.data?.sessions ?? [];
  const sessionsOf = (memberId: string) => rows.filter((s) => s.memberId === memberId).length;

  return (
    <section aria-labelledby="sessions-title" className="staff-panel">
      <h2 id="sessions-title">Active sessions</h2>
      <p className="staff-note">
        Everyone signed in to the console now. Signing a session out ends it at once: the member’s next click
        is refused and their console tells them an administrator signed them out.
      </p>
      {done ? (
        <Alert tone="success" key={done}>
          {done}
        </Alert>
      ) : null}
      {sessions.isPending ? <Loading /> : null}
      {sessions.error ? <Alert tone="error">{sessions.error.message}</Alert> : null}
      {sessions.data && rows.length === 0 ? <p className="staff-note">Nobody is signed in.</p> : null}
      {rows.length > 0 ? (
        <StaffTable
          caption="Active console sessions, most recently seen first"
          columns={['Member', 'Signed in', 'Last seen', 'Device', 'Network', { hidden: 'Actions' }]}
        >
          {rows.map((s) => (
            <tr key={s.id}>
              <th scope="row">
                {nameOf(s)}
                <span className="staff-subline">{s.email}</span>
                {s.current ? <Badge tone="info">This session</Badge> : null}
              </th>
              <td>
                <time dateTime={s.signedInAt}>{formatConsoleTime(s.signedInAt)}</time>
                {s.method === 'RECOVERY_CODE' ? (
                  <span className="staff-subline">with a recovery code</span>
                ) : null}
              </td>
              <td>
                <time dateTime={s.lastSeenAt}>{formatConsoleTime(s.lastSeenAt)}</time>
              </td>
              <td>{s.device ?? 'Unknown'}</td>
              <td>{s.network ?? 'Unknown'}</td>
              <td>
                {s.current ? null : (
                  <div className="staff-row-actions">
                    <Button variant="secondary" onClick={() => setEnding({ kind: 'one', session: s })}>
                      Sign out
                      <span className="visually-hidden">
                        {' '}
                        {nameOf(s)} on {deviceOf(s)}
                      </span>
                    </Button>
                    {sessionsOf(s.memberId) > 1 ? (
                      <Button variant="quiet" onClick={() => setEnding({ kind: 'all', session: s })}>
                        Sign out everywhere<span className="visually-hidden"> {nameOf(s)}</span>
                      </Button>
                    ) : null}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <ConfirmDialog
        open={ending !== null}
        title={
          ending?.kind === 'all'
            ? `Sign ${ending ? nameOf(ending.session) : ''} out everywhere?`
            : `Sign ${ending ? nameOf(ending.session) : ''} out?`
        }
        error={endOne.error ?? endAll.error}
        busy={endOne.isPending || endAll.isPending}
        confirmLabel={ending?.kind === 'all' ? 'Sign out everywhere' : 'Sign out this session'}
        onConfirm={confirm}
        onClose={close}
      >
        <p>
          {ending?.kind === 'all'
            ? 'Every session of this member ends now. They can sign in again with their password and authenticator app.'
            : `The session on ${ending ? deviceOf(ending.session) : ''} ends now. They can sign in again with their password and authenticator app.`}{' '}
          This is recorded in the audit log.
        </p>
      </ConfirmDialog>
    </section>
  );
}
