import { useEffect } from 'react';
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
 *
 * The render only reads; what was asked is written in an effect, once the render is on the screen. React
 * may throw a render away (a lazy part of the frame suspending beside the gate): had the gate noted
 * "asked" during such a render, the redirect it returned would never be shown nor tried again. CI saw a
 * person left on the dashboard once (session 21); this is the likely cause, not a proven one.
 */
export function signInGate(key: string, page: string, awaits: (user: CurrentUser) => boolean | undefined) {
  const asked = new Set<string>();
  const sessionOf = (userId: string) => `${userId}:${signInSession()}`;
  function askedThisSignIn(userId: string): boolean {
    try {
      return sessionStorage.getItem(key) === sessionOf(userId);
    } catch {
      return false;
    }
  }
  function noteAsked(userId: string) {
    try {
      sessionStorage.setItem(key, sessionOf(userId));
    } catch {
      // Without storage, a reload asks again: no harm.
    }
  }
  return function SignInGate() {
    const { userId, actorId } = useSession();
    const { pathname } = useLocation();
    const user = useCurrentUser();
    const first = userId !== null && !actorId && !asked.has(userId) && user.data !== undefined;
    const ask =
      first &&
      user.data !== undefined &&
      awaits(user.data) === true &&
      pathname !== page &&
      !askedThisSignIn(userId ?? '');
    useEffect(() => {
      if (!first || userId === null) return;
      asked.add(userId);
      if (ask) noteAsked(userId);
    }, [first, ask, userId]);
    return ask ? <Navigate to={page} replace /> : <Outlet />;
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
