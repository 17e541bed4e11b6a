/**
 * What other features may use of orders/ (the rest is its own; architecture.test.ts): promo codes and
 * subscriptions, as staff manage them.
 */
export { createPromo } from './orders.service.ts';
export {
  cancelSubscription,
  claimSubscription,
  releaseSubscription,
  renewClaimed,
} from './subscriptions.service.ts';
