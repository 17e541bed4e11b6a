import { Navigate, Outlet, useLocation } from 'react-router';
import { type CurrentUser, useCurrentUser } from '../lib/current-user.ts';
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
 * A gate at sign-in: a person for whom `awaits` holds (GET /users/me says, read by the frame anyway) is
 * taken to `page` first, once per sign-in (sessionStorage under `key`: a reload is not a new sign-in),
 * then may decide later. A support view is never sent there: it could not answer.
 */
export function signInGate(key: string, page: string, awaits: (user: CurrentUser) => boolean | undefined) {
  const asked = new Set<string>();
  function askedBefore(userId: string): boolean {
    const session = `${userId}:${signInSession()}`;
    try {
      const seen = sessionStorage.getItem(key) === session;
      sessionStorage.setItem(key, session);
      return seen;
    } catch {
      return false;
    }
  }
  return function SignInGate() {
    const { userId, actorId } = useSession();
    const { pathname } = useLocation();
    const user = useCurrentUser();
    if (userId && !actorId && !asked.has(userId) && user.data) {
      asked.add(userId);
      if (awaits(user.data) && pathname !== page && !askedBefore(userId))
        return <Navigate to={page} replace />;
    }
    return <Outlet />;
  };
}

/**
 * At sign-in, a person with a material change awaiting their answer (issue 36 item 2) is taken to
 * /re-consent first; "Decide later" lets them on, since only the research use waits.
 */
export const ReconsentGate = signInGate(
  'portal.reconsent-asked',
  '/re-consent',
  (user) => user.reconsentPending,
);
