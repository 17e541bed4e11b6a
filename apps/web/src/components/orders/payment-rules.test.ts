import { ORDER_MESSAGES, paymentTechnicalMessage } from '@portal/domain';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { CLIENT_MESSAGES } from '../../lib/messages.ts';
import { embeddedCardEntry, isCardComplete, parseExpiry, stripeCardEntry } from './card-tokenizer.ts';
import { quoteKits } from './order-pricing.ts';
import { mayHaveReachedServer, paymentErrorText } from './payment-errors.ts';

const PHONE = '1300 974 621';

describe('card completeness (§5)', () => {
  it.each([
    ['4242 4242 4242 4242', '12/34', '123', true],
    ['4242-4242-4242-4242', '1/2034', '1234', true],
    ['4242 4242', '12/34', '123', false],
    ['4242 4242 4242 4242', '13/34', '123', false],
    ['4242 4242 4242 4242', '1234', '123', false],
    ['4242 4242 4242 4242', '12/34', '12', false],
  ])('%s %s %s → %s', (number, expiry, cvc, complete) => {
    expect(isCardComplete({ number, expiry, cvc })).toBe(complete);
  });

  it('reads MM/YY as a month and a four-digit year', () => {
    expect(parseExpiry(' 03 / 29 ')).toEqual({ month: 3, year: 2029 });
    expect(parseExpiry('00/29')).toBeNull();
  });
});

describe('card entries', () => {
  it('versions a typed card by its details, so only a changed card is a new attempt', () => {
    const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    expect(embeddedCardEntry(card).complete).toBe(true);
    expect(embeddedCardEntry(card).version).toBe(embeddedCardEntry({ ...card }).version);
    expect(embeddedCardEntry({ ...card, cvc: '124' }).version).not.toBe(embeddedCardEntry(card).version);
  });

  it("turns Stripe's card element into a PaymentMethod with Stripe, and refuses with Stripe's own message", async () => {
    const element = {} as StripeCardElement;
    const createPaymentMethod = vi
      .fn()
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_card_visa' } })
      .mockResolvedValueOnce({
        error: { type: 'validation_error', message: 'Your card number is invalid.' },
      });
    const handleNextAction = vi.fn().mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const stripe = { createPaymentMethod, handleNextAction } as unknown as Stripe;
    const entry = stripeCardEntry(stripe, element, true, 3);
    expect(entry).toMatchObject({ complete: true, version: 'stripe-3' });
    await expect(entry.tokenize()).resolves.toEqual({ id: 'pm_card_visa' });
    await expect(entry.tokenize()).rejects.toThrow('Your card number is invalid.');
    expect(createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: element });
    await entry.authenticate('pi_1_secret_2');
    expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
  });
});

describe('payment error texts (§8)', () => {
  it.each([
    [new ApiError(402, 'declined', 'PAYMENT_REJECTED'), ORDER_MESSAGES.paymentRejected],
    [new ApiError(500, 'whatever', 'PAYMENT_FAILED'), paymentTechnicalMessage(PHONE)],
    [new ApiError(400, 'Your card number is incorrect.', 'CARD_ERROR'), 'Your card number is incorrect.'],
    [new ApiError(0, CLIENT_MESSAGES.network, 'NETWORK_ERROR'), CLIENT_MESSAGES.network],
    ['odd', CLIENT_MESSAGES.unexpected],
  ])('%o → %s', (error, text) => {
    expect(paymentErrorText(error, PHONE)).toBe(text);
  });

  it.each([
    [new ApiError(0, 'x', 'NETWORK_ERROR'), true],
    [new ApiError(504, 'x', 'UNKNOWN'), true],
    [new ApiError(409, ORDER_MESSAGES.inProgress, 'CONFLICT'), true],
    [new ApiError(409, ORDER_MESSAGES.priceChanged, 'CONFLICT'), false],
    [new ApiError(402, 'x', 'PAYMENT_REJECTED'), false],
    [new ApiError(500, 'x', 'PAYMENT_FAILED'), false],
  ])('retries %o with the same key: %s', (error, same) => {
    expect(mayHaveReachedServer(error)).toBe(same);
  });
});

describe('kit quotes', () => {
  it('is the domain price with the loaded prices, and the fallback price otherwise', () => {
    const promo = { type: 'PERCENTAGE' as const, value: 10 };
    expect(quoteKits('NEW', 2, promo, true)).toEqual({
      unitCents: 34_900,
      quantity: 2,
      subtotalCents: 69_800,
      discountCents: 6_980,
      totalCents: 62_820,
    });
    expect(quoteKits('NEW', 1, null, false).totalCents).toBe(41_900);
    expect(quoteKits('REPLACEMENT', 1, null, true).totalCents).toBe(3_500);
    expect(quoteKits('REPLACEMENT', 1, null, false).totalCents).toBe(3_000);
  });
});
