import { STAFF_ROLE_TEXT, type StaffMember } from '@portal/domain';
import { StaffTable } from '../../../components/staff/staff-table.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useStaffSession } from '../../../lib/staff.ts';
import { useStaffMembers } from '../api.ts';
import { InviteForm } from '../components/invite-form.tsx';
import { MemberActions } from '../components/member-actions.tsx';
import { SessionsPanel } from '../components/sessions-panel.tsx';

const STATUS: Record<StaffMember['status'], { text: string; tone: BadgeTone }> = {
  INVITED: { text: 'Invited', tone: 'info' },
  ACTIVE: { text: 'Active', tone: 'success' },
  DISABLED: { text: 'Disabled', tone: 'neutral' },
};

/** ADMIN: the staff accounts, their roles and status, and the invitation of a new one. */
export function StaffAccountsPage() {
  const members = useStaffMembers();
  const { data: me } = useStaffSession();
  return (
    <>
      <h1>Staff accounts</h1>
      <section aria-labelledby="invite-title" className="staff-panel">
        <h2 id="invite-title">Invite a staff member</h2>
        <InviteForm />
      </section>
      <section aria-labelledby="members-title" className="staff-panel">
        <h2 id="members-title">Staff</h2>
        {members.isPending ? <Loading /> : null}
        {members.error ? <Alert tone="error">{members.error.message}</Alert> : null}
        {members.data ? (
          <StaffTable columns={['Name', 'Email', 'Roles', 'Status', 'Authenticator', { hidden: 'Actions' }]}>
            {members.data.staff.map((member) => (
              <tr key={member.id}>
                <th scope="row">
                  {member.firstName} {member.lastName}
                </th>
                <td>{member.email}</td>
                <td>{member.roles.map((role) => STAFF_ROLE_TEXT[role].label).join(', ') || '—'}</td>
                <td>
                  <Badge tone={STATUS[member.status].tone}>{STATUS[member.status].text}</Badge>
                </td>
                <td>
                  {member.secondFactorLocked ? (
                    <Badge tone="warning">Locked</Badge>
                  ) : member.enrolled ? (
                    'Set up'
                  ) : (
                    'Not yet'
                  )}
                </td>
                <td>
                  <MemberActions member={member} isSelf={member.id === me?.id} />
                </td>
              </tr>
            ))}
          </StaffTable>
        ) : null}
      </section>
      <SessionsPanel />
    </>
  );
}
