import { ORDER_MESSAGES, paymentTechnicalMessage } from '@portal/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeProfile, renderRoute, testConfig } from '../../test/render.tsx';
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

async function openOrder(routes: Routes = {}) {
  const calls = stubOrdersApi(routes);
  const rendered = renderRoute('/dashboard', { signedInAs: completeProfile });
  await rendered.user.click(await screen.findByRole('button', { name: 'Buy a kit' }));
  const dialog = await dialogNamed('Buy a kit');
  // Without prices the query retries once before the fallback shows.
  await within(dialog).findByText('1 Microbiome Lab insight kit', {}, { timeout: 5000 });
  return { ...rendered, calls, dialog, scope: within(dialog) };
}

const quantityOf = (dialog: HTMLElement) => within(dialog).getByRole('spinbutton', { name: 'Quantity' });
const totalOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Your order' }))
    .getByText('Total')
    .closest('div')
    ?.querySelector('dd')?.textContent;

async function toPayment(opened: Awaited<ReturnType<typeof openOrder>>) {
  await opened.user.click(opened.scope.getByRole('button', { name: 'Continue to payment' }));
  await opened.scope.findByRole('form', { name: 'Payment' });
}

async function payWithCard(opened: Awaited<ReturnType<typeof openOrder>>, number?: string) {
  await toPayment(opened);
  await typeCard(opened.user, opened.dialog, number ? { number, expiry: '12/34', cvc: '123' } : undefined);
  await agreeToTerms(opened.user, opened.dialog);
  await opened.user.click(opened.scope.getByRole('button', { name: /^Pay / }));
}

describe('OrderModal: page 0', () => {
  it('starts at one kit at the server price; the quantity never goes below 1 nor above 20', async () => {
    const opened = await openOrder();
    const { dialog, scope, user } = opened;
    expect(scope.getByText('$349.00 each')).toBeVisible();
    expect(quantityOf(dialog)).toHaveValue(1);
    await user.click(scope.getByRole('button', { name: 'One kit fewer' }));
    expect(quantityOf(dialog)).toHaveValue(1);
    await user.clear(quantityOf(dialog));
    await user.type(quantityOf(dialog), '0');
    expect(quantityOf(dialog)).toHaveValue(1);
    await user.clear(quantityOf(dialog));
    await user.type(quantityOf(dialog), '-5');
    await user.tab();
    expect(quantityOf(dialog)).toHaveValue(1);
    await user.click(scope.getByRole('button', { name: 'One kit more' }));
    expect(quantityOf(dialog)).toHaveValue(2);
    expect(totalOf(dialog)).toBe('$698.00');
    await user.clear(quantityOf(dialog));
    await user.type(quantityOf(dialog), '99');
    expect(quantityOf(dialog)).toHaveValue(20);
  });

  it('applies a promo code and shows the discount and the new total, as the server prices it', async () => {
    const opened = await openOrder({
      'GET /api/promo-codes/tenoff': () => ({
        status: 200,
        body: { code: 'TENOFF', type: 'PERCENTAGE', value: 10, remainingUsage: 5 },
      }),
    });
    const { dialog, scope, user } = opened;
    await user.click(scope.getByRole('button', { name: 'One kit more' }));
    await user.type(scope.getByLabelText(/Promo code/), 'tenoff');
    await user.click(scope.getByRole('button', { name: 'Apply' }));
    expect(await scope.findByText('Promo code TENOFF applied.')).toBeVisible();
    expect(scope.getByText('New total: $628.20')).toBeVisible();
    expect(scope.getByText('−$69.80')).toBeVisible();
    expect(totalOf(dialog)).toBe('$628.20');

    await payWithCard(opened);
    expect(await dialogNamed('Thank you for your order')).toBeVisible();
    const [post] = orderPosts(opened.calls);
    expect(post?.body).toMatchObject({
      purchaserEmail: 'robin@example.com',
      purchaserFirstName: 'Robin',
      purchaserLastName: 'Tester',
      orderType: 'NEW',
      amount: 628.2,
      stripeToken: 'tok_1',
    });
    expect((post?.body as { orderItems?: unknown[] } | undefined)?.orderItems).toEqual([
      {
        orderItemType: 'KIT',
        deliveryOption: 'SEND_LATER',
        unitPrice: 349,
        promotionalCode: 'TENOFF',
        referralCode: null,
        email: null,
      },
      {
        orderItemType: 'KIT',
        deliveryOption: 'SEND_LATER',
        unitPrice: 349,
        promotionalCode: 'TENOFF',
        referralCode: null,
        email: null,
      },
    ]);
  });

  it("shows the server's reason for a promo code it refuses, and keeps the full price", async () => {
    const { dialog, scope, user } = await openOrder({
      'GET /api/promo-codes/NOPE': () =>
        replyError(400, ORDER_MESSAGES.promoUnknown, 'INVALID', {
          promotionalCode: ORDER_MESSAGES.promoUnknown,
        }),
    });
    await user.type(scope.getByLabelText(/Promo code/), 'NOPE');
    await user.click(scope.getByRole('button', { name: 'Continue to payment' }));
    expect(await scope.findByText(ORDER_MESSAGES.promoUnknown)).toBeVisible();
    expect(scope.getByLabelText(/Promo code/)).toHaveAccessibleDescription(
      expect.stringContaining(ORDER_MESSAGES.promoUnknown),
    );
    expect(totalOf(dialog)).toBe('$349.00');
    expect(scope.queryByRole('form', { name: 'Payment' })).not.toBeInTheDocument();
  });

  it('shows the fallback price only when the prices cannot be loaded', async () => {
    const { scope, dialog } = await openOrder({
      'GET /api/products': () => replyError(500, 'Down', 'INTERNAL'),
    });
    expect(scope.getByText('$419.00 each')).toBeVisible();
    expect(totalOf(dialog)).toBe('$419.00');
  });

  it('starts again at page 0 with one kit each time it opens', async () => {
    const opened = await openOrder();
    await opened.user.click(opened.scope.getByRole('button', { name: 'One kit more' }));
    await toPayment(opened);
    await opened.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await opened.user.click(screen.getByRole('button', { name: 'Buy a kit' }));
    const again = await dialogNamed('Buy a kit');
    expect(within(again).queryByRole('form', { name: 'Payment' })).not.toBeInTheDocument();
    expect(quantityOf(again)).toHaveValue(1);
  });

  it('moves focus to the payment page when it opens', async () => {
    const opened = await openOrder();
    await toPayment(opened);
    expect(opened.dialog.querySelector('.modal-step')).toHaveFocus();
  });
});

describe('OrderModal: payment page', () => {
  it('prefills the purchaser and refuses to pay without the terms, with the §5 text', async () => {
    const opened = await openOrder();
    await toPayment(opened);
    const { scope, user } = opened;
    expect(scope.getByLabelText('First name')).toHaveValue('Robin');
    expect(scope.getByLabelText('Email')).toHaveValue('robin@example.com');
    expect(scope.getByText(/test payment page/)).toBeVisible();
    expect(scope.getByLabelText('Card number')).toHaveAttribute('autocomplete', 'cc-number');
    expect(scope.getByLabelText(/Expiry date/)).toHaveAttribute('autocomplete', 'cc-exp');
    expect(scope.getByLabelText('Security code (CVC)')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(scope.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    await typeCard(user, opened.dialog);
    await user.click(scope.getByRole('button', { name: 'Pay $349.00' }));
    const terms = scope.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' });
    expect(terms).toHaveAccessibleDescription(ORDER_MESSAGES.terms);
    await waitFor(() => expect(terms).toHaveFocus());
    expect(orderPosts(opened.calls)).toEqual([]);
  });

  it('says the card is incomplete with the §5 text, linked to the card inputs', async () => {
    const opened = await openOrder();
    await toPayment(opened);
    await opened.user.type(opened.scope.getByLabelText('Card number'), '4242 4242');
    await agreeToTerms(opened.user, opened.dialog);
    await opened.user.click(opened.scope.getByRole('button', { name: 'Pay $349.00' }));
    expect(opened.scope.getByText(ORDER_MESSAGES.cardIncomplete)).toBeVisible();
    expect(opened.scope.getByLabelText('Security code (CVC)')).toHaveAccessibleDescription(
      ORDER_MESSAGES.cardIncomplete,
    );
    expect(opened.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the §5 form-errors text when a field is wrong', async () => {
    const opened = await openOrder();
    await toPayment(opened);
    await opened.user.clear(opened.scope.getByLabelText('First name'));
    await typeCard(opened.user, opened.dialog);
    await agreeToTerms(opened.user, opened.dialog);
    await opened.user.click(opened.scope.getByRole('button', { name: 'Pay $349.00' }));
    expect(opened.scope.getByText(ORDER_MESSAGES.formErrors)).toBeVisible();
    expect(opened.scope.getByLabelText('First name')).toHaveAccessibleDescription('This field is required.');
    expect(orderPosts(opened.calls)).toEqual([]);
  });

  it.each([
    [
      '402',
      replyError(402, ORDER_MESSAGES.paymentRejected, 'PAYMENT_REJECTED'),
      ORDER_MESSAGES.paymentRejected,
    ],
    ['500', replyError(500, 'Internal', 'PAYMENT_FAILED'), paymentTechnicalMessage(testConfig.supportPhone)],
    [
      '409 price changed',
      replyError(409, ORDER_MESSAGES.priceChanged, 'CONFLICT'),
      ORDER_MESSAGES.priceChanged,
    ],
  ])('shows the payment failure for a %s as an alert', async (_, reply, text) => {
    const opened = await openOrder({ 'POST /api/orders': () => reply });
    await payWithCard(opened);
    const alert = await opened.scope.findByText(text);
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Buy a kit' })).toBeVisible();
  });

  it("shows the card provider's message for a card it refuses", async () => {
    const message = 'Your card number is incorrect.';
    const opened = await openOrder({
      'POST /api/payments/test-tokens': () => replyError(400, message, 'CARD_ERROR', { card: message }),
    });
    await payWithCard(opened, '4242 4242 4242 4241');
    expect(await opened.scope.findByRole('alert')).toHaveTextContent(message);
    expect(orderPosts(opened.calls)).toEqual([]);
  });

  it('sends the same request and key again after a lost answer, and a new key after a refusal', async () => {
    let answers = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => replyError(402, ORDER_MESSAGES.paymentRejected, 'PAYMENT_REJECTED'),
      () => ({ status: 201, body: ORDER_RESULT }),
    ];
    const opened = await openOrder({
      'POST /api/orders': () => {
        const [next, ...rest] = answers;
        answers = rest;
        return (next as () => { status: number; body: unknown })();
      },
    });
    await payWithCard(opened);
    expect(await opened.scope.findByText(/could not reach the server/)).toBeVisible();
    await opened.user.click(opened.scope.getByRole('button', { name: 'Pay $349.00' }));
    expect(await opened.scope.findByText(ORDER_MESSAGES.paymentRejected)).toBeVisible();
    await opened.user.click(opened.scope.getByRole('button', { name: 'Pay $349.00' }));
    expect(await dialogNamed('Thank you for your order')).toBeVisible();

    const posts = orderPosts(opened.calls);
    const keys = posts.map((p) => p.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\w-]{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(posts[1]?.body).toEqual(posts[0]?.body);
    expect((posts[2]?.body as { stripeToken?: string } | undefined)?.stripeToken).toBe('tok_2');
  });

  it('shows the order number, what happens next and a link to My Kits after paying', async () => {
    const opened = await openOrder();
    await opened.user.type(opened.scope.getByLabelText(/Give these kits to someone/), 'sam@example.com');
    await payWithCard(opened);
    const done = await dialogNamed('Thank you for your order');
    expect(within(done).getByText('ORD-000012')).toBeVisible();
    expect(within(done).getByText(/We have emailed sam@example.com/)).toBeVisible();
    expect(within(done).getByRole('link', { name: 'Go to My Kits' })).toHaveAttribute('href', '/kits');
    expect(orderPosts(opened.calls)[0]?.body).toMatchObject({
      orderItems: [{ email: 'sam@example.com' }],
    });
    // The kits are fetched again, so the new ones show up.
    await waitFor(() =>
      expect(opened.calls.filter((c) => c.path === '/api/kits').length).toBeGreaterThanOrEqual(2),
    );
  });
});
