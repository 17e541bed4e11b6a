import { ORDER_MESSAGES } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeProfile, renderRoute } from '../../test/render.tsx';
import {
  agreeToTerms,
  dialogNamed,
  ORDER_RESULT,
  orderPosts,
  PROFILE_ADDRESS,
  type Routes,
  stubOrdersApi,
  typeCard,
} from './orders.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** From the dashboard (which needs a complete profile), or from My Profile while the address is missing. */
async function openSubscription(
  signedInAs: object = PROFILE_ADDRESS,
  routes: Routes = {},
  path = '/dashboard',
) {
  const calls = stubOrdersApi(routes);
  const rendered = renderRoute(path, { signedInAs: { ...completeProfile, ...signedInAs } });
  await rendered.user.click(await screen.findByRole('button', { name: 'Start a subscription' }));
  const dialog = await dialogNamed('Start a subscription');
  return { ...rendered, calls, dialog, scope: within(dialog) };
}

describe('SubscriptionModal', () => {
  it('offers the three plans with price per kit, kits per year and cancel anytime', async () => {
    const { scope } = await openSubscription();
    const plans = await scope.findAllByRole('radio');
    expect(plans.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Every 3 months$279.00 per kit4 kits per yearCancel anytime',
      'Every 6 months$299.00 per kit2 kits per yearCancel anytime',
      'Every 12 months$315.00 per kit1 kit per yearCancel anytime',
    ]);
  });

  it('needs a plan before the payment page', async () => {
    const { scope, user } = await openSubscription();
    await user.click(await scope.findByRole('button', { name: 'Continue to payment' }));
    expect(scope.getByRole('alert')).toHaveTextContent('Please choose a plan.');
    expect(scope.queryByRole('form', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('asks for the profile address, with a link to My Profile and no Pay button, when it is incomplete', async () => {
    const { scope, user } = await openSubscription(
      { addressLine1: '1 Queen St', suburb: null, state: null, postcode: null },
      {},
      '/profile',
    );
    await user.click(await scope.findByRole('radio', { name: /Every 6 months/ }));
    await user.click(scope.getByRole('button', { name: 'Continue to payment' }));
    expect(scope.getByText(ORDER_MESSAGES.subscriptionAddress)).toBeVisible();
    expect(scope.getByRole('link', { name: 'Complete my address in My Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(scope.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('pays for the chosen plan, sent now to the profile address', async () => {
    const opened = await openSubscription(PROFILE_ADDRESS, {
      'POST /api/orders': () => ({ status: 201, body: { ...ORDER_RESULT, amount: 299, subscriptionId: 4 } }),
    });
    const { scope, user, dialog } = opened;
    await user.click(await scope.findByRole('radio', { name: /Every 6 months/ }));
    await user.click(scope.getByRole('button', { name: 'Continue to payment' }));
    expect(scope.getByText('1 Queen St')).toBeVisible();
    await typeCard(user, dialog);
    await agreeToTerms(user, dialog);
    await user.click(scope.getByRole('button', { name: 'Pay $299.00' }));
    const done = await dialogNamed('Your subscription has started');
    expect(within(done).getByText(/every 6 months until you cancel/)).toBeVisible();
    expect(orderPosts(opened.calls)[0]?.body).toEqual({
      purchaserFirstName: 'Robin',
      purchaserLastName: 'Tester',
      purchaserEmail: 'robin@example.com',
      orderType: 'NEW',
      orderItems: [
        {
          orderItemType: 'SUBSCRIPTION',
          deliveryOption: 'SEND_NOW_MY_ADDRESS',
          subscriptionType: 'EVERY_SIX_MONTHS',
          unitPrice: 299,
          deliveryAddress: {
            addressLine1: '1 Queen St',
            addressLine2: null,
            suburb: 'Brisbane City',
            state: 'QLD',
            postcode: '4000',
            gnafId: null,
          },
        },
      ],
      amount: 299,
      description: 'Subscription: Every 6 months',
      stripeToken: 'tok_1',
    });
  });

  it('says a running subscription must be cancelled first, instead of offering the plans', async () => {
    const { scope } = await openSubscription(PROFILE_ADDRESS, {
      'GET /api/subscriptions/me': () => ({
        status: 200,
        body: {
          id: 4,
          consumerUserId: 'user-1',
          subscriptionType: 'EVERY_THREE_MONTHS',
          label: 'Every 3 months',
          price: 279,
          createdDate: '2025-01-01T00:00:00.000Z',
          nextRenewalDate: '2025-04-01T00:00:00.000Z',
          cancelledDate: null,
        },
      }),
    });
    expect(await scope.findByText(ORDER_MESSAGES.subscriptionActive)).toBeVisible();
    expect(scope.queryByRole('radio')).not.toBeInTheDocument();
  });
});
