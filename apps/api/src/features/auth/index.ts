/**
 * What other features may use of auth/ (the rest is its own; architecture.test.ts): passwords, reset and
 * verification links, access tokens and sessions, and the sign-in throttle.
 */
export {
  hashPassword,
  requestPasswordReset,
  resendVerification,
  setPasswordFromLink,
} from './auth.service.ts';
export {
  clearFailures,
  LOCK_WINDOW_MINUTES,
  recordFailure,
  type ThrottleKeys,
  throttleState,
} from './login-throttle.ts';
export { PAGE_SESSION_COOKIE } from './page-session.ts';
export { revokeAllSessions, revokeFamily, signAccessToken } from './tokens.ts';
