/**
 * What other features may use of email-preferences/ (the rest is its own; architecture.test.ts): a
 * person's email choices, for their data export.
 */
export { listEmailPreferences } from './email-preferences.service.ts';
