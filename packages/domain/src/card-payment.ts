/**
 * What a card payment answers when the card is refused before it reaches the bank: Stripe's own wording,
 * which the embedded test provider repeats, shared by the API's payment providers, the portal and the tests.
 */
export const CARD_PAYMENT_MESSAGES = {
  number: 'Your card number is incorrect.',
  expiry: "Your card's expiration date is incomplete or in the past.",
  cvc: "Your card's security code is incomplete.",
  unknown: 'Use a Stripe test card, such as 4242 4242 4242 4242, on this test payment page.',
  token: 'Your card details have expired. Please enter them again.',
  intent: 'This payment is not waiting for authentication. Please pay again.',
} as const;
