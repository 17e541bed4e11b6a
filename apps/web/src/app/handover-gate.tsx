import { myHandoverSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { apiRequest } from '../lib/api-client.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { useSession } from '../lib/session.ts';
import { signInSession } from './reconsent-gate.tsx';

/** The signed-in person's open turning-18 handover (issue 36 item 3), shared by the gate and its page. */
export const myHandoverKey = (userId: string | null) => ['my-handover', userId] as const;
export function useMyHandover() {
  const { userId } = useSession();
  return useQuery({
    queryKey: myHandoverKey(userId),
    queryFn: ({ signal }) => apiRequest('/me/handover', { auth: 'required', signal }, myHandoverSchema),
    enabled: userId !== null,
  });
}

/** Whether this sign-in was already sent to /turned-18 (sessionStorage: a reload is not a new sign-in). */
const KEY = 'portal.handover-asked';
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
 * Turning 18 "at next sign-in" (issue 36 item 3): a person whose account has an open handover is taken
 * to /turned-18 before anything else (before the re-consent gate, which sits inside this one), once per
 * sign-in; "Decide later" lets them on. The young adult is asked to take over; a guardian is told the
 * handover is offered to their child. A support view is never sent there.
 */
export function HandoverGate() {
  const { userId, actorId } = useSession();
  const { pathname } = useLocation();
  // The signed-in user's read says whether a handover is open (GET /users/me, read by the frame anyway).
  const user = useCurrentUser();
  if (userId && !actorId && !asked.has(userId) && user.data) {
    asked.add(userId);
    if (user.data.handoverOpen && pathname !== '/turned-18' && !askedBefore(userId))
      return <Navigate to="/turned-18" replace />;
  }
  return <Outlet />;
}
