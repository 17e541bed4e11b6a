import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import { dialogNamed, stubOrdersApi } from './orders.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ACTIVE = {
  id: 4,
  consumerUserId: 'user-1',
  subscriptionType: 'EVERY_THREE_MONTHS',
  label: 'Every 3 months',
  price: 279,
  createdDate: '2025-01-01T00:00:00.000Z',
  nextRenewalDate: '2025-04-01T02:00:00.000Z',
  cancelledDate: null,
};

const section = async () =>
  within(await screen.findByRole('region', { name: 'Subscription' }, { timeout: 5000 }));

describe('SubscriptionSection in My Profile', () => {
  it('shows the plan, price and next renewal, and cancels after a confirmation', async () => {
    const calls = stubOrdersApi({
      'GET /api/subscriptions/me': () => ({ status: 200, body: ACTIVE }),
      'POST /api/subscriptions/4/cancel': () => ({
        status: 200,
        body: { ...ACTIVE, nextRenewalDate: null, cancelledDate: '2025-02-03T02:00:00.000Z' },
      }),
    });
    const { user } = renderRoute('/profile', { signedInAs: {} });
    const box = await section();
    expect(await box.findByText('Every 3 months')).toBeVisible();
    expect(box.getByText('$279.00 per kit')).toBeVisible();
    expect(box.getByText('1 April 2025')).toBeVisible();

    await user.click(box.getByRole('button', { name: 'Cancel subscription' }));
    const confirm = await dialogNamed('Cancel your subscription?');
    await user.click(within(confirm).getByRole('button', { name: 'Keep my subscription' }));
    expect(calls.filter((c) => c.path === '/api/subscriptions/4/cancel')).toEqual([]);

    await user.click(box.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(await dialogNamed('Cancel your subscription?')).getByRole('button', {
        name: 'Yes, cancel my subscription',
      }),
    );
    expect(
      await box.findByText('Your Every 3 months subscription was cancelled on 3 February 2025.'),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(box.getByRole('heading', { name: 'Subscription' })).toHaveFocus());
    expect(box.getByRole('button', { name: 'Start a subscription' })).toBeVisible();
  });

  it('offers a subscription to someone without one', async () => {
    stubOrdersApi();
    const { user } = renderRoute('/profile', { signedInAs: {} });
    const box = await section();
    await user.click(await box.findByRole('button', { name: 'Start a subscription' }));
    expect(await dialogNamed('Start a subscription')).toBeVisible();
  });
});

describe('Manage subscription popover on the kits page', () => {
  it('is a disclosure pointing to My Profile', async () => {
    stubOrdersApi();
    const { user } = renderRoute('/kits', { signedInAs: {} });
    const toggle = screen.getByRole('button', { name: 'Manage subscription' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Subscriptions are managed in My Profile.')).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Subscriptions are managed in My Profile.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to My Profile' })).toHaveAttribute('href', '/profile');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
