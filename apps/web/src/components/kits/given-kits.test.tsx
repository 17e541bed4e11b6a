import { KIT_MESSAGES } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSentKit, renderKits, stubApi } from '../../test/kits.tsx';
import { GivenKits } from './given-kits.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Kits Given to Others', () => {
  it('lists each given kit with its receiver, date and redeemed status', async () => {
    stubApi({
      'GET /kits/sent': {
        status: 200,
        body: [
          makeSentKit({ kitId: 31, name: 'For Sam', receiverEmail: 'sam@example.com' }),
          makeSentKit({
            kitId: 32,
            receiverEmail: 'alex@example.com',
            redeemedDate: '2024-05-06T00:00:00.000Z',
          }),
        ],
      },
    });
    renderKits(<GivenKits />);
    const [waiting, redeemed] = await screen.findAllByRole('listitem');
    if (!waiting || !redeemed) throw new Error('two given kits expected');
    expect(within(waiting).getByRole('heading', { name: 'For Sam' })).toBeVisible();
    expect(within(waiting).getByText('sam@example.com')).toBeVisible();
    expect(within(waiting).getByText('4 May 2024')).toBeVisible();
    const available = within(waiting).getByText('Kit Available');
    expect(available.closest('dd')).toHaveAttribute('data-status', 'UNASSIGNED');
    expect(available).toHaveClass('badge', 'badge-accent');
    expect(within(waiting).getByRole('button', { name: 'Send again' })).toBeVisible();

    expect(within(redeemed).getByRole('heading', { name: 'KIT-32' })).toBeVisible();
    const kitRedeemed = within(redeemed).getByText('Kit Redeemed');
    expect(kitRedeemed.closest('dd')).toHaveAttribute('data-status', 'REDEEMED');
    expect(kitRedeemed).toHaveClass('badge', 'badge-primary');
    expect(within(redeemed).queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('sends the gift email again and says to whom', async () => {
    const calls = stubApi({
      'GET /kits/sent': { status: 200, body: [makeSentKit({ kitId: 31, receiverEmail: 'sam@example.com' })] },
      'POST /kits/sent/31/resend': { status: 200, body: { kitId: 31, receiverEmail: 'sam@example.com' } },
    });
    const { user } = renderKits(<GivenKits />);
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent again to sam@example.com.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/kits/sent/31/resend']);
  });

  it("shows the server's message when sending again is refused", async () => {
    stubApi({
      'GET /kits/sent': { status: 200, body: [makeSentKit({ kitId: 31 })] },
      'POST /kits/sent/31/resend': {
        status: 409,
        body: { message: KIT_MESSAGES.sentKitRedeemed, code: 'CONFLICT' },
      },
    });
    const { user } = renderKits(<GivenKits />);
    await user.click(await screen.findByRole('button', { name: 'Send again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KIT_MESSAGES.sentKitRedeemed);
  });

  it('says when no kit was given', async () => {
    stubApi({ 'GET /kits/sent': { status: 200, body: [] } });
    renderKits(<GivenKits />);
    expect(await screen.findByText('You have not given any kits to anyone yet.')).toBeVisible();
  });
});
