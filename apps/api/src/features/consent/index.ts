/**
 * What other features may use of consent/ (the rest is its own; architecture.test.ts): a minor's parental
 * consent, as operators and support decide it.
 */
export { decideParentalConsent, reviewParentalConsent } from './consent.service.ts';
/** What the portal asks at sign-in (GET /api/users/me carries it, so the first load reads it once). */
export { signInPrompts } from './handover.service.ts';
/** The terms' and privacy policy's console-published versions, for the legal viewer (issue 36). */
export { publishedLegalVersion, publishedLegalVersions } from './ledger.service.ts';
