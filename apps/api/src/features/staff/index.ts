/**
 * What other features may use of staff/ (the rest is its own; architecture.test.ts): the staff audit log
 * every staff action writes to.
 */
export { OPERATOR_KEY_LABEL, recordStaffAction, withoutText } from './audit.ts';
