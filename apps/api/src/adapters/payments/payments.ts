/**
 * Card payments (design.md §5): Stripe when STRIPE_SECRET_KEY is set, otherwise an embedded provider
 * that behaves like Stripe's documented test cards. The browser turns the card into a token with the
 * provider; our server only ever sees that token.
 */
export type ChargeRequest = {
  amountCents: number;
  /** A one-off card token, or a saved customer from saveCard. */
  source: { token: string } | { customer: string };
  description: string;
  /** The provider de-duplicates on this key, so a retried request never charges twice. */
  idempotencyKey: string;
};

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
  charge(request: ChargeRequest): Promise<{ paymentId: string }>;
  /** Keeps the card for renewals; returns the provider's customer reference. */
  saveCard(token: string, email: string, idempotencyKey: string): Promise<string>;
  refund(paymentId: string): Promise<void>;
}
