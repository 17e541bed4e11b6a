/**
 * What other features may use of staff/ (the rest is its own; architecture.test.ts): the staff audit log
 * every staff action writes to. Its writer sits in plugins/staff-audit.ts, below the features, so kits
 * can record the operator key's kit steps without a circle through auth.
 */
export { OPERATOR_KEY_LABEL, recordStaffAction, withoutText } from '../../plugins/staff-audit.ts';
