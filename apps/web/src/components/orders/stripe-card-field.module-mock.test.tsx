import { ORDER_MESSAGES } from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { completeProfile, renderRoute } from '../../test/render.tsx';
import {
  agreeToTerms,
  dialogNamed,
  ORDER_RESULT,
  orderPosts,
  type Routes,
  stubOrdersApi,
} from './orders.test-helpers.ts';

// The official loader is replaced by a fake Stripe: a card element that mounts a frame, reports
// change events as Stripe's does, a createPaymentMethod whose answer each test chooses, and
// handleNextAction for 3-D Secure.
const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js/pure', () => stripeJs);

type CardChange = { complete: boolean; error?: { type: string; message: string } };

function fakeStripe() {
  let onChange: ((event: CardChange) => void) | undefined;
  const element = {
    mount: vi.fn((container: HTMLElement) => {
      const frame = document.createElement('iframe');
      frame.title = 'Secure card payment input frame';
      container.append(frame);
    }),
    on: vi.fn((name: string, handler: (event: CardChange) => void) => {
      if (name === 'change') onChange = handler;
      return element;
    }),
    focus: vi.fn(),
    destroy: vi.fn(),
  };
  const create = vi.fn(() => element);
  const stripe = {
    elements: vi.fn(() => ({ create })),
    createPaymentMethod: vi.fn(async () => ({ paymentMethod: { id: 'pm_stripe_1' } })),
    handleNextAction: vi.fn(async () => ({ paymentIntent: { status: 'succeeded' } })),
  };
  stripeJs.loadStripe.mockResolvedValue(stripe);
  return { stripe, element, create, change: (event: CardChange) => act(() => onChange?.(event)) };
}

// One Stripe instance is kept per key, so each test has a key of its own.
let keys = 0;

const openPayment = () => openPaymentWith({});

async function openPaymentWith(routes: Routes) {
  const fake = fakeStripe();
  const publishableKey = `pk_test_${++keys}`;
  const calls = stubOrdersApi(routes);
  const { user } = renderRoute('/dashboard', {
    signedInAs: completeProfile,
    config: { stripePublishableKey: publishableKey },
  });
  await user.click(await screen.findByRole('button', { name: 'Buy a kit' }));
  const dialog = await dialogNamed('Buy a kit');
  const scope = within(dialog);
  await user.click(await scope.findByRole('button', { name: 'Continue to payment' }));
  await scope.findByRole('form', { name: 'Payment' });
  await waitFor(() => expect(fake.element.mount).toHaveBeenCalled());
  return {
    ...fake,
    publishableKey,
    calls,
    user,
    dialog,
    scope,
    cardGroup: scope.getByRole('group', { name: 'Card details' }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Stripe card entry (a publishable key is set)', () => {
  it("mounts Stripe's card element in place of our card inputs", async () => {
    const { publishableKey, create, cardGroup, scope } = await openPayment();
    expect(stripeJs.loadStripe).toHaveBeenCalledWith(publishableKey);
    expect(create).toHaveBeenCalledWith('card', expect.objectContaining({ hidePostalCode: true }));
    expect(within(cardGroup).getByTitle('Secure card payment input frame')).toBeInTheDocument();
    expect(scope.queryByLabelText('Card number')).toBeNull();
    expect(scope.queryByLabelText(/Expiry date/)).toBeNull();
    expect(scope.queryByText(/test payment page/)).toBeNull();
    expect(cardGroup).toHaveAccessibleDescription(expect.stringContaining('straight to Stripe'));
  });

  it("sends Stripe's PaymentMethod id as stripeToken, and nothing of the card itself", async () => {
    const { stripe, element, change, calls, user, dialog, scope } = await openPayment();
    await change({ complete: true });
    await agreeToTerms(user, dialog);
    await user.click(scope.getByRole('button', { name: /^Pay / }));
    expect(await dialogNamed('Thank you for your order')).toBeVisible();
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element });
    const [post] = orderPosts(calls);
    expect(post?.body).toMatchObject({ stripeToken: 'pm_stripe_1', amount: 349 });
    expect(calls.some((call) => call.path === '/api/payments/test-tokens')).toBe(false);
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
  });

  it("runs Stripe.js's 3-D Secure step when the card asks for it, then sends the same order again", async () => {
    const posted: unknown[] = [];
    const { stripe, change, calls, user, dialog, scope } = await openPaymentWith({
      'POST /api/orders': (call) =>
        posted.push(call) === 1
          ? { status: 202, body: { requiresAction: true, clientSecret: 'pi_1_secret_2' } }
          : { status: 201, body: ORDER_RESULT },
    });
    await change({ complete: true });
    await agreeToTerms(user, dialog);
    await user.click(scope.getByRole('button', { name: /^Pay / }));
    expect(await dialogNamed('Thank you for your order')).toBeVisible();
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
    const [first, second] = orderPosts(calls);
    expect(second?.body).toEqual(first?.body);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it("shows Stripe's messages as the card is typed and when it refuses to tokenize", async () => {
    const { stripe, change, calls, user, dialog, scope, cardGroup } = await openPayment();
    await change({
      complete: false,
      error: { type: 'validation_error', message: 'Your card number is invalid.' },
    });
    expect(within(cardGroup).getByRole('alert')).toHaveTextContent('Your card number is invalid.');
    expect(cardGroup).toHaveAccessibleDescription(expect.stringContaining('Your card number is invalid.'));

    await change({ complete: true });
    expect(within(cardGroup).queryByRole('alert')).toBeNull();
    stripe.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Your card has expired.' },
    } as never);
    await agreeToTerms(user, dialog);
    await user.click(scope.getByRole('button', { name: /^Pay / }));
    expect(await scope.findByText('Your card has expired.')).toBeVisible();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('refuses an incomplete card before paying, with the §5 text, and takes focus to the card', async () => {
    const { stripe, element, change, calls, user, dialog, scope, cardGroup } = await openPayment();
    await change({ complete: false });
    await agreeToTerms(user, dialog);
    await user.click(scope.getByRole('button', { name: /^Pay / }));
    expect(await within(cardGroup).findByText(ORDER_MESSAGES.cardIncomplete)).toBeVisible();
    expect(cardGroup).toHaveAccessibleDescription(expect.stringContaining(ORDER_MESSAGES.cardIncomplete));
    await waitFor(() => expect(element.focus).toHaveBeenCalled());
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();
    expect(orderPosts(calls)).toHaveLength(0);
  });
});
