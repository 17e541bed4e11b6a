/**
 * Texts of the order, payment and subscription screens that the specs do not give (the spec's own
 * texts come from ORDER_MESSAGES in packages/domain). They belong there once the domain takes them.
 */
export const ORDER_TEXTS = {
  buyKit: 'Buy a kit',
  startSubscription: 'Start a subscription',
  replacementTitle: 'Order a replacement kit',
  successTitle: 'Thank you for your order',
  subscriptionSuccessTitle: 'Your subscription has started',
  // Page 0 of the order.
  eachPrice: (price: string) => `${price} each`,
  pricesUnavailable: 'We could not load the current prices. The price shown may not be the latest.',
  quantity: 'Quantity',
  fewerKits: 'One kit fewer',
  moreKits: 'One kit more',
  quantityHint: (max: number) => `From 1 to ${max} kits.`,
  giftEmail: 'Give these kits to someone',
  giftHint: 'Optional. Enter their email address and we email the kits to them.',
  referralCode: 'Referral code',
  referralHint: 'Optional. From your practitioner, for example REF-ABC123.',
  promoCode: 'Promo code',
  promoHint: 'Optional.',
  apply: 'Apply',
  promoApplied: (code: string) => `Promo code ${code} applied.`,
  continueToPayment: 'Continue to payment',
  back: 'Back',
  // Summary.
  summaryLabel: 'Your order',
  subtotal: 'Subtotal',
  discount: (code: string) => `Promo code ${code}`,
  total: 'Total',
  newTotal: (total: string) => `New total: ${total}`,
  // Payment page.
  purchaser: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  card: 'Card details',
  cardNumber: 'Card number',
  cardExpiry: 'Expiry date',
  cardExpiryHint: 'MM/YY',
  cardCvc: 'Security code (CVC)',
  testPayment:
    'This is a test payment page: no real money is taken. It accepts Stripe’s test cards, for example 4242 4242 4242 4242 with any future expiry date and any 3-digit CVC (4000 0027 6000 3184 asks for 3-D Secure).',
  // The embedded provider's stand-in for the bank's 3-D Secure page.
  testAuthTitle: 'Test 3-D Secure authentication',
  testAuthText:
    'Your bank would now ask you to confirm this payment. On this test page, choose how the authentication ends.',
  testAuthComplete: 'Complete authentication',
  testAuthFail: 'Fail authentication',
  authenticationIncomplete: 'The payment was not authenticated. Press Pay to try again.',
  stripeNote:
    'Your card details go straight to Stripe, our payment provider. We never see or store your card number.',
  cardLoading: 'Loading secure card entry…',
  cardUnavailable:
    'Secure card entry could not be loaded. Please check your connection, then close this window and try again.',
  termsBefore: 'I agree to the ',
  termsLink: 'Terms & Conditions',
  pay: (total: string) => `Pay ${total}`,
  paying: 'Paying…',
  deliveryAddress: 'Delivery address',
  deliveryHint: 'We send the kits to the address in your profile.',
  editAddress: 'Change it in My Profile',
  completeProfile: 'Complete my address in My Profile',
  // Replacement.
  replacementFor: (kitName: string) => `A replacement for ${kitName}, whose sample could not be analysed.`,
  // Subscription plans.
  choosePlan: 'Choose how often we send you a kit',
  // The server's own words for an order without a plan.
  planRequired: 'Please choose a plan.',
  perKit: (price: string) => `${price} per kit`,
  kitsPerYear: (count: number) => `${count} ${count === 1 ? 'kit' : 'kits'} per year`,
  cancelAnytime: 'Cancel anytime',
  hasSubscription: 'Manage your subscription in My Profile',
  // Success.
  orderNumber: 'Order number',
  receiptSent: (email: string) => `We have emailed your receipt to ${email}.`,
  kitsNext:
    'Your kits are waiting in My Kits. When you are ready, choose “Send this kit to me now” and it arrives in 3-6 business days by postal service.',
  giftNext: (email: string) => `We have emailed ${email} to say the kits are on their way to them.`,
  replacementNext:
    'Your replacement kit is waiting in My Kits. When you are ready, choose “Send this kit to me now” and it arrives in 3-6 business days by postal service.',
  subscriptionNext: (months: number) =>
    `Your first kit is on its way and arrives in 3-6 business days by postal service. We send the next one every ${months} months until you cancel, which you can do anytime in My Profile.`,
  goToKits: 'Go to My Kits',
  done: 'Done',
  // Profile section.
  subscriptionTitle: 'Subscription',
  plan: 'Plan',
  price: 'Price',
  nextRenewal: 'Next kit and payment',
  cancelSubscription: 'Cancel subscription',
  cancelTitle: 'Cancel your subscription?',
  cancelText:
    'We will not send you any more kits or charge your card again. The kits already sent stay yours.',
  confirmCancel: 'Yes, cancel my subscription',
  keepSubscription: 'Keep my subscription',
  cancelledOn: (plan: string, date: string) => `Your ${plan} subscription was cancelled on ${date}.`,
  noSubscription: 'You do not have a kit subscription. With a subscription we send you a kit regularly.',
  // Kits page popover.
  manageSubscription: 'Manage subscription',
  manageSubscriptionText: 'Subscriptions are managed in My Profile.',
  goToProfile: 'Go to My Profile',
} as const;
