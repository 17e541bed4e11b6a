/**
 * What other features may use of consent/ (the rest is its own; architecture.test.ts): a minor's parental
 * consent, as operators and support decide it.
 */
export { decideParentalConsent, reviewParentalConsent } from './consent.service.ts';
