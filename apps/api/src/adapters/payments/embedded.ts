import crypto from 'node:crypto';
import { CARD_PAYMENT_MESSAGES } from '@portal/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testPaymentCharges, testPaymentRefunds, testPaymentTokens } from '../../db/schema/index.ts';
import { type ChargeResult, PAYMENT_TEXTS, PaymentError, type PaymentProvider } from './payments.ts';

type Outcome = 'success' | 'declined' | 'processing_error' | 'authenticate' | 'authenticate_once';

/**
 * Stripe's documented test cards and what they do. The 3-D Secure cards ask the person to authenticate
 * on the test page: 4000 0027 6000 3184 every time (so a renewal of it fails: nobody is there to
 * authenticate), 4000 0025 0000 3155 only until it is saved (its renewals go through).
 */
const TEST_CARDS: Record<string, Outcome> = {
  '4242424242424242': 'success',
  '4000056655665556': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'declined',
  '4000000000000119': 'processing_error',
  '4000002760003184': 'authenticate',
  '4000002500003155': 'authenticate_once',
};

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
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits))
    throw new PaymentError('card', CARD_PAYMENT_MESSAGES.number);
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (card.expMonth < 1 || card.expMonth > 12 || endOfMonth <= now)
    throw new PaymentError('card', CARD_PAYMENT_MESSAGES.expiry);
  if (!/^\d{3,4}$/.test(card.cvc)) throw new PaymentError('card', CARD_PAYMENT_MESSAGES.cvc);
  const outcome = TEST_CARDS[digits];
  if (!outcome) throw new PaymentError('card', CARD_PAYMENT_MESSAGES.unknown);
  const id = `tok_embedded_${crypto.randomBytes(12).toString('hex')}`;
  await db.insert(testPaymentTokens).values({ id, outcome, last4: digits.slice(-4) });
  return { id, last4: digits.slice(-4) };
}

const resultOf = (row: typeof testPaymentCharges.$inferSelect): ChargeResult => {
  if (row.status === 'succeeded') return { status: 'succeeded', paymentId: row.id };
  if (row.status === 'requires_action' && row.clientSecret)
    return { status: 'requires_action', paymentId: row.id, clientSecret: row.clientSecret };
  throw new PaymentError('declined', PAYMENT_TEXTS.authenticationFailed);
};

/**
 * The test page's 3-D Secure step, standing in for the bank's: completing it takes the payment,
 * failing it leaves the payment refused. The client secret is the proof, as with Stripe.js.
 */
export async function authenticateTestPayment(db: Db, clientSecret: string, complete: boolean) {
  const [updated] = await db
    .update(testPaymentCharges)
    .set({ status: complete ? 'succeeded' : 'failed' })
    .where(
      and(
        eq(testPaymentCharges.clientSecret, clientSecret),
        eq(testPaymentCharges.status, 'requires_action'),
      ),
    )
    .returning({ id: testPaymentCharges.id });
  if (!updated) throw new PaymentError('card', CARD_PAYMENT_MESSAGES.intent);
}

/**
 * Charges test tokens by their outcome, with Stripe's idempotency (the same key returns the same
 * payment) and Stripe's 3-D Secure states: a card that asks for authentication waits as
 * requires_action until the test page completes or fails it.
 */
export function embeddedPayments(db: Db): PaymentProvider {
  async function outcomeOf(source: string): Promise<Outcome> {
    const tokenId = source.startsWith('cus_embedded_') ? source.slice('cus_embedded_'.length) : source;
    const [token] = await db.select().from(testPaymentTokens).where(eq(testPaymentTokens.id, tokenId));
    if (!token) throw new PaymentError('card', CARD_PAYMENT_MESSAGES.token);
    return token.outcome as Outcome;
  }
  return {
    name: 'embedded',
    async charge(request) {
      const [previous] = await db
        .select()
        .from(testPaymentCharges)
        .where(eq(testPaymentCharges.idempotencyKey, request.idempotencyKey));
      if (previous) return resultOf(previous);
      const source = 'token' in request.source ? request.source.token : request.source.customer;
      const outcome = await outcomeOf(source);
      if (outcome === 'declined') throw new PaymentError('declined', PAYMENT_TEXTS.declined);
      if (outcome === 'processing_error') throw new PaymentError('technical', PAYMENT_TEXTS.processing);
      const saved = 'customer' in request.source;
      const asks =
        outcome === 'authenticate' || (outcome === 'authenticate_once' && !(saved && request.offSession));
      if (asks && request.offSession)
        throw new PaymentError('declined', PAYMENT_TEXTS.authenticationRequired);
      const id = `pi_embedded_${crypto.randomBytes(12).toString('hex')}`;
      const [row] = await db
        .insert(testPaymentCharges)
        .values({
          id,
          idempotencyKey: request.idempotencyKey,
          source,
          amountCents: request.amountCents,
          description: request.description,
          status: asks ? 'requires_action' : 'succeeded',
          clientSecret: asks ? `${id}_secret_${crypto.randomBytes(16).toString('hex')}` : null,
        })
        .returning();
      if (!row) throw new Error('test payment not stored');
      return resultOf(row);
    },
    async retrieve(paymentId) {
      const [row] = await db.select().from(testPaymentCharges).where(eq(testPaymentCharges.id, paymentId));
      if (!row) throw new PaymentError('technical', `No test payment ${paymentId}`);
      return resultOf(row);
    },
    async saveCard(token) {
      await outcomeOf(token);
      return `cus_embedded_${token}`;
    },
    async refund(paymentId, { amountCents, idempotencyKey } = {}) {
      if (amountCents === undefined) {
        await db
          .update(testPaymentCharges)
          .set({ refundedAt: new Date() })
          .where(and(eq(testPaymentCharges.id, paymentId), isNull(testPaymentCharges.refundedAt)));
        return;
      }
      const [charge] = await db.select().from(testPaymentCharges).where(eq(testPaymentCharges.id, paymentId));
      if (!charge) throw new PaymentError('technical', `No test payment ${paymentId}`);
      const key = idempotencyKey ?? `refund-${paymentId}-${crypto.randomUUID()}`;
      const taken = await db
        .insert(testPaymentRefunds)
        .values({ idempotencyKey: key, paymentId, amountCents })
        .onConflictDoNothing()
        .returning();
      if (!taken.length) return;
      const [total] = await db
        .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.paymentId, paymentId));
      if ((total?.cents ?? 0) >= charge.amountCents)
        await db
          .update(testPaymentCharges)
          .set({ refundedAt: new Date() })
          .where(and(eq(testPaymentCharges.id, paymentId), isNull(testPaymentCharges.refundedAt)));
    },
    async removeCard(reference) {
      // The embedded saved card is its test token: once deleted, nothing can be charged to it.
      const tokenId = reference.startsWith('cus_embedded_')
        ? reference.slice('cus_embedded_'.length)
        : reference;
      await db.delete(testPaymentTokens).where(eq(testPaymentTokens.id, tokenId));
    },
  };
}
