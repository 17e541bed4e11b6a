import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeKit } from '../../test/kits.tsx';
import { renderRoute } from '../../test/render.tsx';
import {
  agreeToTerms,
  dialogNamed,
  ORDER_RESULT,
  orderPosts,
  type Routes,
  replyError,
  stubOrdersApi,
  typeCard,
} from './orders.test-helpers.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FAILED = makeKit({
  id: 7,
  name: 'First try',
  kitStatus: 'DISPATCHED_BY_LAB',
  sampleStatus: 'FAILED_OVERLOADED',
});

async function openReplacement(routes: Routes = {}) {
  const calls = stubOrdersApi({
    'GET /api/kits': () => ({ status: 200, body: [FAILED] }),
    'GET /api/kits/7/timeline': () => ({ status: 200, body: [] }),
    ...routes,
  });
  const rendered = renderRoute('/kits', { signedInAs: {} });
  const card = await screen.findByRole('article', { name: 'First try' });
  await rendered.user.click(within(card).getByRole('button', { name: 'Order a replacement kit' }));
  const dialog = await dialogNamed('Order a replacement kit');
  return { ...rendered, calls, dialog, scope: within(dialog) };
}

describe('ReplacementOrderModal', () => {
  it('orders one kit at the replacement price for the failed kit', async () => {
    const opened = await openReplacement({
      'POST /api/orders': () => ({
        status: 201,
        body: { ...ORDER_RESULT, orderType: 'REPLACEMENT', amount: 35 },
      }),
    });
    const { scope, user, dialog } = opened;
    expect(await scope.findByText(/A replacement for First try/)).toBeVisible();
    await typeCard(user, dialog);
    await agreeToTerms(user, dialog);
    await user.click(scope.getByRole('button', { name: 'Pay $35.00' }));
    expect(await dialogNamed('Thank you for your order')).toBeVisible();
    expect(orderPosts(opened.calls)[0]?.body).toMatchObject({
      orderType: 'REPLACEMENT',
      replacingKitId: 7,
      orderItems: [{ orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 35 }],
      amount: 35,
    });
  });

  it('shows the fallback replacement price when prices cannot be loaded', async () => {
    const { scope } = await openReplacement({
      'GET /api/products': () => replyError(500, 'Down', 'INTERNAL'),
    });
    expect(await scope.findByRole('button', { name: 'Pay $30.00' })).toBeVisible();
  });
});
