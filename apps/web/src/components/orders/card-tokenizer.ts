import { ORDER_MESSAGES, testCardTokenSchema } from '@portal/domain';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { apiRequest } from '../../lib/api-client.ts';

/** The card as typed into our own page (embedded provider only). It only ever goes to the tokenizer. */
export type CardDetails = { number: string; expiry: string; cvc: string };

export const EMPTY_CARD: CardDetails = { number: '', expiry: '', cvc: '' };

const cardDigits = (number: string) => number.replace(/[\s-]/g, '');

/** 'MM/YY' (or MM/YYYY) → month and four-digit year, or null when it is not a date. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}

/**
 * Consumer §5 'the card must be complete': a number of card length, an expiry date and a security
 * code. Whether the card is valid or accepted is the provider's call, and its message is shown.
 */
export function isCardComplete(card: CardDetails): boolean {
  return (
    /^\d{13,19}$/.test(cardDigits(card.number)) &&
    parseExpiry(card.expiry) !== null &&
    /^\d{3,4}$/.test(card.cvc.trim())
  );
}

/**
 * The card as a payment form knows it, whichever provider takes it: whether it is complete (§5), a
 * version that changes whenever the card does (so a retry with nothing changed can send the very same
 * request), how to turn it into the one-time reference sent as stripeToken (consumer §7), and how to
 * take the person through 3-D Secure when the card asks for it. The order never carries card numbers.
 */
export type CardEntry = {
  complete: boolean;
  version: string;
  tokenize(): Promise<{ id: string }>;
  /** Runs the 3-D Secure step for this client secret; how it ended, the server asks the provider. */
  authenticate(clientSecret: string): Promise<void>;
};

/** Before the card entry has reported anything: incomplete, so Pay stops at the §5 check. */
export const NO_CARD_ENTRY: CardEntry = {
  complete: false,
  version: '',
  tokenize: () => Promise.reject(new Error(ORDER_MESSAGES.cardIncomplete)),
  authenticate: () => Promise.resolve(),
};

/**
 * The embedded test provider (config stripePublishableKey null): the card is typed on our page, the
 * API checks a Stripe test card and issues a token. A refused card is a 400 ApiError carrying the
 * provider's message. Its 3-D Secure step asks the person (askToAuthenticate: the page's test step,
 * standing in for the bank's; a page without one, the operators' test order page, completes it) and
 * tells the test provider how it ended.
 */
export function embeddedCardEntry(
  card: CardDetails,
  askToAuthenticate: () => Promise<boolean> = () => Promise.resolve(true),
): CardEntry {
  return {
    complete: isCardComplete(card),
    version: JSON.stringify(card),
    tokenize() {
      const expiry = parseExpiry(card.expiry);
      return apiRequest(
        '/payments/test-tokens',
        {
          method: 'POST',
          auth: 'required',
          body: {
            number: cardDigits(card.number),
            expMonth: expiry?.month ?? 0,
            expYear: expiry?.year ?? 0,
            cvc: card.cvc.trim(),
          },
        },
        testCardTokenSchema,
      );
    },
    async authenticate(clientSecret) {
      const complete = await askToAuthenticate();
      await apiRequest('/payments/test-authentications', {
        method: 'POST',
        auth: 'required',
        body: { clientSecret, complete },
      });
    },
  };
}

const stripes = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for a publishable key, one instance per key. The official loader's `pure` entry adds the
 * js.stripe.com script on this first call, never on import, so the embedded mode never loads it. A
 * failed load is forgotten, so the next payment page tries again.
 */
export function loadStripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
    stripe.catch(() => stripes.delete(publishableKey));
  }
  return stripe;
}

/**
 * Stripe mode: the card is typed into Stripe's card Element (an iframe from js.stripe.com) and turned
 * into a PaymentMethod by Stripe, so the card number never reaches our page, state or server. A refusal
 * carries Stripe's own message. 3-D Secure is Stripe.js's own step (handleNextAction); whatever it
 * reports, the server asks Stripe how the payment ended, so its answer is not needed here.
 */
export function stripeCardEntry(
  stripe: Stripe,
  element: StripeCardElement,
  complete: boolean,
  version: number,
): CardEntry {
  return {
    complete,
    version: `stripe-${version}`,
    async tokenize() {
      const result = await stripe.createPaymentMethod({ type: 'card', card: element });
      if (result.error) throw new Error(result.error.message ?? ORDER_MESSAGES.cardIncomplete);
      return { id: result.paymentMethod.id };
    },
    async authenticate(clientSecret) {
      await stripe.handleNextAction({ clientSecret });
    },
  };
}
