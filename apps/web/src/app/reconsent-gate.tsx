import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../lib/current-user.ts';
import { getAccessToken, useSession } from '../lib/session.ts';

/** The sign-in session the access token belongs to (its sid claim): a new sign-in is a new one. */
export function signInSession(): string {
  try {
    const payload = getAccessToken()?.token.split('.')[1] ?? '';
    const sid = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : '';
  } catch {
    return '';
  }
}

/**
 * Whether this sign-in was already sent to /re-consent (sessionStorage: a reload is not a new sign-in);
 * each sign-in is asked once, then may decide later.
 */
const KEY = 'portal.reconsent-asked';
function askedBefore(userId: string): boolean {
  const session = `${userId}:${signInSession()}`;
  try {
    const seen = sessionStorage.getItem(KEY) === session;
    sessionStorage.setItem(KEY, session);
    return seen;
  } catch {
    return false;
  }
}
const asked = new Set<string>();

/**
 * At sign-in, a person with a material change awaiting their answer (issue 36 item 2) is taken to
 * /re-consent first, once per sign-in; "Decide later" lets them on, since only the research use waits. A
 * support view is never sent there: it could not answer.
 */
export function ReconsentGate() {
  const { userId, actorId } = useSession();
  const { pathname } = useLocation();
  // The signed-in user's read says whether anything awaits (GET /users/me, read by the frame anyway).
  const user = useCurrentUser();
  if (userId && !actorId && !asked.has(userId) && user.data) {
    asked.add(userId);
    if (user.data.reconsentPending && pathname !== '/re-consent' && !askedBefore(userId))
      return <Navigate to="/re-consent" replace />;
  }
  return <Outlet />;
}
