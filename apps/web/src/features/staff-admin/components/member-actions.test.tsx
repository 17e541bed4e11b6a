import { STAFF_MESSAGES, type StaffMember } from '@portal/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import { replyError, stubApi } from '../../../test/stub-api.ts';
import { MemberActions } from './member-actions.tsx';

const member: StaffMember = {
  id: 'member-1',
  email: 'lab@example.com',
  firstName: 'Lee',
  lastName: 'Lab',
  roles: ['LAB'],
  status: 'ACTIVE',
  enrolled: true,
  secondFactorLocked: true,
  invitedAt: '2026-11-01T00:00:00.000Z',
  disabledAt: null,
  version: 3,
};
const UNLOCK = 'POST /api/staff/members/member-1/second-factor/unlock';

function actions(shown: StaffMember) {
  startSession({ access_token: 'test-token', refresh_token: '', expires_in: 3600, user_id: 'admin-1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemberActions member={shown} isSelf={false} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MemberActions: unlocking the codes', () => {
  it('offers the unlock for locked codes only, says what it means, and sends it once confirmed', async () => {
    const calls = stubApi({ [UNLOCK]: () => ({ status: 204 }) });
    const user = actions(member);
    await user.click(screen.getByRole('button', { name: /Unlock codes\s*of Lee Lab/ }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock the codes of Lee Lab?' });
    expect(dialog).toHaveTextContent('someone knows their password');
    await user.click(screen.getByRole('button', { name: 'Unlock the codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => `${c.method} ${c.path}` === UNLOCK)).toHaveLength(1);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    stubApi({
      [UNLOCK]: () => replyError(409, 'The authenticator codes of this staff account are not locked.'),
    });
    const user = actions(member);
    await user.click(screen.getByRole('button', { name: /Unlock codes\s*of Lee Lab/ }));
    await user.click(screen.getByRole('button', { name: 'Unlock the codes' }));
    expect(
      await screen.findByText('The authenticator codes of this staff account are not locked.'),
    ).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Unlock the codes of Lee Lab?' })).toBeInTheDocument();
  });

  it('shows no unlock when the codes are not locked', () => {
    stubApi({});
    actions({ ...member, secondFactorLocked: false });
    expect(screen.queryByRole('button', { name: /Unlock codes/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reset app\s*of Lee Lab/ })).toBeInTheDocument();
  });
});

describe('MemberActions: changing roles (issue 33 item 16)', () => {
  const ROLES = 'PUT /api/staff/members/member-1/roles';

  it('sends the version it loaded; a change saved since is refused, and the latest roles replace the ticks', async () => {
    const calls = stubApi({
      [ROLES]: () => replyError(409, STAFF_MESSAGES.staleMember),
      'GET /api/staff/members': () => ({ status: 200, body: { staff: [] } }),
    });
    startSession({ access_token: 'test-token', refresh_token: '', expires_in: 3600, user_id: 'admin-1' });
    const client = createQueryClient();
    const view = render(
      <QueryClientProvider client={client}>
        <MemberActions member={member} isSelf={false} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Change roles\s*of Lee Lab/ }));
    const dialog = screen.getByRole('dialog', { name: 'Roles of Lee Lab' });
    await user.click(screen.getByRole('checkbox', { name: /Study/ }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(await screen.findByText(STAFF_MESSAGES.staleMember)).toBeVisible();
    expect(calls.filter((c) => `${c.method} ${c.path}` === ROLES).map((c) => c.body)).toEqual([
      { roles: ['LAB', 'STUDY'], version: 3 },
    ]);
    // The list read again brings the other window's change: its roles and version replace the ticks.
    view.rerender(
      <QueryClientProvider client={client}>
        <MemberActions member={{ ...member, roles: ['LAB', 'SUPPORT'], version: 4 }} isSelf={false} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Support/ })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: /Study/ })).not.toBeChecked();
    expect(dialog).toBeInTheDocument();
  });
});
