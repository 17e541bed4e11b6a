import { LAB_RUN_MESSAGES } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStaff, shownMessages } from '../../../test/staff.tsx';
import { type Reply, replyError, stubApi } from '../../../test/stub-api.ts';
import { LabStepsPage } from './lab-steps-page.tsx';

// The undo of the Lab steps page (issue 34 item 9) shows the server's answer as it is: a refusal in the
// spec's words as an error, a success as one; each replaces the last. The journey staff-lab-undo.spec.ts
// clicks it against the real server; the minute itself is the API's (lab-runs.routes.test.ts).

describe('LabStepsPage: Undo my last move', () => {
  it('shows a move too old to undo as refused in the spec’s words, then the next outcome in its place', async () => {
    const tooLate = LAB_RUN_MESSAGES.undoTooLate(2, 'ACCESSIONING', new Date('2026-11-29T05:04:03.000Z'));
    expect(tooLate).toBe(
      'Your last move (2 kits to ACCESSIONING at 05:04:03 UTC) was made more than a minute ago, so it can no longer be undone. Nothing was changed.',
    );
    const replies: Reply[] = [
      replyError(409, tooLate, 'CONFLICT'),
      replyError(409, LAB_RUN_MESSAGES.noMove, 'CONFLICT'),
    ];
    const calls = stubApi({
      'GET /api/staff/kits': () => ({ status: 200, body: { items: [], nextCursor: null } }),
      'POST /api/staff/lab/moves/undo': () => replies.shift() ?? replyError(500, 'No reply left'),
    });
    const { user } = renderStaff(<LabStepsPage />, { path: '/staff/lab' });
    const batch = screen.getByRole('region', { name: 'Batch: 0 kits' });
    const undo = within(batch).getByRole('button', { name: 'Undo my last move' });

    await user.click(undo);
    expect(await within(batch).findByRole('alert')).toHaveTextContent(tooLate);
    expect(shownMessages()).toEqual([tooLate]);

    await user.click(undo);
    await waitFor(() => expect(shownMessages()).toEqual([LAB_RUN_MESSAGES.noMove]));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
