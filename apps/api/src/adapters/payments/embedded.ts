import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testPaymentCharges, testPaymentTokens } from '../../db/schema/index.ts';
import { PaymentError, type PaymentProvider } from './payments.ts';

/** Stripe's documented test cards and what they do. */
const TEST_CARDS: Record<string, 'success' | 'declined' | 'processing_error'> = {
  '4242424242424242': 'success',
  '4000056655665556': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'declined',
  '4000000000000119': 'processing_error',
};

export const CARD_MESSAGES = {
  number: 'Your card number is incorrect.',
  expiry: "Your card's expiration date is incomplete or in the past.",
  cvc: "Your card's security code is incomplete.",
  unknown: 'Use a Stripe test card, such as 4242 4242 4242 4242, on this test payment page.',
  token: 'Your card details have expired. Please enter them again.',
} as const;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The embedded provider's tokenizer, standing in for Stripe Elements: checks the card like Stripe does
 * and keeps only the outcome and the last four digits. The card number itself is never stored or logged.
 */
export async function createTestToken(
  db: Db,
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  now = new Date(),
): Promise<{ id: string; last4: string }> {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) throw new PaymentError('card', CARD_MESSAGES.number);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (card.expMonth < 1 || card.expMonth > 12 || endOfMonth <= now)
    throw new PaymentError('card', CARD_MESSAGES.expiry);
  if (!/^\d{3,4}$/.test(card.cvc)) throw new PaymentError('card', CARD_MESSAGES.cvc);
  const outcome = TEST_CARDS[digits];
  if (!outcome) throw new PaymentError('card', CARD_MESSAGES.unknown);
  const id = `tok_embedded_${crypto.randomBytes(12).toString('hex')}`;
  await db.insert(testPaymentTokens).values({ id, outcome, last4: digits.slice(-4) });
  return { id, last4: digits.slice(-4) };
}

/** Charges test tokens by their outcome, with Stripe's idempotency: the same key returns the same charge. */
export function embeddedPayments(db: Db): PaymentProvider {
  async function outcomeOf(source: string) {
    const tokenId = source.startsWith('cus_embedded_') ? source.slice('cus_embedded_'.length) : source;
    const [token] = await db.select().from(testPaymentTokens).where(eq(testPaymentTokens.id, tokenId));
    if (!token) throw new PaymentError('card', CARD_MESSAGES.token);
    return token.outcome;
  }
  return {
    name: 'embedded',
    async charge(request) {
      const [previous] = await db
        .select()
        .from(testPaymentCharges)
        .where(eq(testPaymentCharges.idempotencyKey, request.idempotencyKey));
      if (previous) return { paymentId: previous.id };
      const source = 'token' in request.source ? request.source.token : request.source.customer;
      const outcome = await outcomeOf(source);
      if (outcome === 'declined') throw new PaymentError('declined', 'Your card was declined.');
      if (outcome === 'processing_error')
        throw new PaymentError(
          'technical',
          'An error occurred while processing your card. Try again in a little bit.',
        );
      const id = `ch_embedded_${crypto.randomBytes(12).toString('hex')}`;
      await db.insert(testPaymentCharges).values({
        id,
        idempotencyKey: request.idempotencyKey,
        source,
        amountCents: request.amountCents,
        description: request.description,
      });
      return { paymentId: id };
    },
    async saveCard(token) {
      await outcomeOf(token);
      return `cus_embedded_${token}`;
    },
    async refund(paymentId) {
      await db
        .update(testPaymentCharges)
        .set({ refundedAt: new Date() })
        .where(and(eq(testPaymentCharges.id, paymentId), isNull(testPaymentCharges.refundedAt)));
    },
  };
}
