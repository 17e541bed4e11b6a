/**
 * Card payments (design.md §5, decision 032): Stripe PaymentIntents through the `stripe` SDK when
 * STRIPE_SECRET_KEY is set, otherwise an embedded provider that behaves like Stripe's documented test
 * cards, 3-D Secure included. The browser turns the card into a payment method with the provider
 * (sent as stripeToken); our server only ever sees that reference, never the card.
 */
export type ChargeRequest = {
  amountCents: number;
  /** A card from the browser (a payment method), or a saved card from saveCard. */
  source: { token: string } | { customer: string };
  description: string;
  /** The provider de-duplicates on this key, so a retried request never charges twice. */
  idempotencyKey: string;
  /**
   * Renewals: the person is not there to authenticate, so a card that asks for 3-D Secure fails
   * (declined) instead of waiting for an action. A saved card charged on-session is kept for these.
   */
  offSession?: boolean;
};

/**
 * A charge taken, or one waiting for the person to authenticate it (3-D Secure): the browser completes
 * the step with the client secret, then the server asks the provider how it ended (retrieve).
 */
export type ChargeResult =
  | { status: 'succeeded'; paymentId: string }
  | { status: 'requires_action'; paymentId: string; clientSecret: string };

export type PaymentFailureKind = 'declined' | 'technical' | 'card';

/** A charge the provider refused: declined (402), technical (500), or a card problem with its message. */
export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentFailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'embedded';
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * How a charge that needed the person's action stands now, asked of the provider (never taken from
   * the browser): succeeded, still waiting, or a PaymentError when authentication failed.
   */
  retrieve(paymentId: string): Promise<ChargeResult>;
  /** Keeps the card for renewals; returns the provider's reference to the saved card. */
  saveCard(token: string, email: string, idempotencyKey: string): Promise<string>;
  /**
   * Gives money back: all of the payment, or `amountCents` of it. With an idempotency key a retried
   * refund is taken once (an account closure refunds each unsent kit of an order on its own).
   */
  refund(paymentId: string, options?: { amountCents?: number; idempotencyKey?: string }): Promise<void>;
  /**
   * Forgets a card saved with saveCard (an account closure cancels the subscription with it): nothing
   * can be charged to it afterwards. A card already forgotten is not an error.
   */
  removeCard(reference: string): Promise<void>;
}

/** Stripe's own texts for the outcomes both providers share, so they read the same. */
export const PAYMENT_TEXTS = {
  declined: 'Your card was declined.',
  processing: 'An error occurred while processing your card. Try again in a little bit.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  authenticationRequired: 'Your card was declined. This transaction requires authentication.',
  unreachable: 'The payment service could not be reached.',
} as const;
