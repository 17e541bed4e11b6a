import { STAFF_MESSAGES } from '@portal/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStaff, shownMessages } from '../../../test/staff.tsx';
import { replyError, stubApi } from '../../../test/stub-api.ts';
import { InviteForm } from './invite-form.tsx';

describe('InviteForm: one message, the latest submit’s (issue 34 item 19)', () => {
  it('replaces a success with a refusal, the refusal with field errors, and those with a success', async () => {
    const replies = [
      { status: 201, body: { id: 'member-2', invitationLink: 'https://portal.test/staff/invitation/t1' } },
      replyError(409, STAFF_MESSAGES.emailTaken, 'CONFLICT'),
      { status: 201, body: { id: 'member-3', invitationLink: 'https://portal.test/staff/invitation/t2' } },
    ];
    const calls = stubApi({
      'POST /api/staff/members': () => replies.shift() ?? replyError(500, 'No reply left'),
    });
    const { user } = renderStaff(<InviteForm />);
    const invite = async (email: string) => {
      await user.type(screen.getByLabelText('Email'), email);
      await user.type(screen.getByLabelText('First name'), 'Lee');
      await user.type(screen.getByLabelText('Last name'), 'Lab');
      await user.click(screen.getByRole('checkbox', { name: /^Lab/ }));
      await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    };

    await invite('lee@example.com');
    await waitFor(() => expect(shownMessages()).toEqual(['Invitation sent to lee@example.com.']));

    await invite('lee@example.com');
    await waitFor(() => expect(shownMessages()).toEqual([STAFF_MESSAGES.emailTaken]));

    // Emptied and sent again: refused before anything is sent, and the server's refusal goes.
    for (const label of ['Email', 'First name', 'Last name']) await user.clear(screen.getByLabelText(label));
    await user.click(screen.getByRole('checkbox', { name: /^Lab/ }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(shownMessages()).not.toContain(STAFF_MESSAGES.emailTaken);
    expect(shownMessages()).toContain(STAFF_MESSAGES.rolesRequired);

    await invite('lin@example.com');
    await waitFor(() => expect(shownMessages()).toEqual(['Invitation sent to lin@example.com.']));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });
});
