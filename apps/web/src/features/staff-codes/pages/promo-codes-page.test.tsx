import { STAFF_CODE_MESSAGES, type StaffPromoRow } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStaff, shownMessages } from '../../../test/staff.tsx';
import { type Reply, replyError, stubApi } from '../../../test/stub-api.ts';
import { PromoCodesPage } from './promo-codes-page.tsx';

const promo = (code: string, value: number): StaffPromoRow => ({
  code,
  type: 'AMOUNT',
  value,
  remainingUsage: null,
  usage: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  disabledAt: null,
});

/** The page with one code listed; each create answers the next of `replies`, in order. */
async function page(replies: Reply[]) {
  const calls = stubApi({
    'GET /api/staff/promo-codes': () => ({
      status: 200,
      body: { codes: [promo('WELCOME', 10)], next: null },
    }),
    'POST /api/staff/promo-codes': () => replies.shift() ?? replyError(500, 'No reply left'),
  });
  const { user } = renderStaff(<PromoCodesPage />, { path: '/staff/promo-codes' });
  await screen.findByRole('rowheader', { name: 'WELCOME' });
  const form = screen.getByRole('form', { name: 'New promo code' });
  const create = async (code: string, dollars: string) => {
    await user.clear(within(form).getByLabelText('Code'));
    if (code) await user.type(within(form).getByLabelText('Code'), code);
    await user.clear(within(form).getByLabelText('Dollars off'));
    if (dollars) await user.type(within(form).getByLabelText('Dollars off'), dollars);
    await user.click(within(form).getByRole('button', { name: 'Create promo code' }));
  };
  return { calls, create };
}

describe('PromoCodesPage: one message, the latest submit’s (issue 34 item 19)', () => {
  it('replaces a success with a refusal, the refusal with a field error, and that with a success', async () => {
    const taken = 'The promo code SPRING20 already exists.';
    const { calls, create } = await page([
      { status: 201, body: promo('SPRING20', 20) },
      replyError(409, taken, 'CONFLICT'),
      { status: 201, body: promo('AUTUMN', 15) },
    ]);

    await create('SPRING20', '20');
    await waitFor(() => expect(shownMessages()).toEqual(['SPRING20 created: $20.00 off.']));

    await create('SPRING20', '20');
    await waitFor(() => expect(shownMessages()).toEqual([taken]));

    // Refused before anything is sent: the server's refusal of the last submit goes.
    await create('', '20');
    expect(shownMessages()).toEqual([STAFF_CODE_MESSAGES.codeRequired]);

    await create('AUTUMN', '15');
    await waitFor(() => expect(shownMessages()).toEqual(['AUTUMN created: $15.00 off.']));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(3);
  });
});
