import { reconsentSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { apiRequest } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';

/** The signed-in people already sent to /re-consent in this tab: they are asked once, then may decide later. */
const asked = new Set<string>();

/**
 * At sign-in, a person with a material change awaiting their answer (issue 36 item 2) is taken to
 * /re-consent first, once per tab; "Decide later" lets them on, since only the research use waits. A
 * support view is never sent there: it could not answer.
 */
export function ReconsentGate() {
  const { userId, actorId } = useSession();
  const { pathname } = useLocation();
  const reconsent = useQuery({
    queryKey: ['re-consent', userId],
    queryFn: ({ signal }) => apiRequest('/me/re-consent', { auth: 'required', signal }, reconsentSchema),
    enabled: userId !== null && !actorId,
  });
  if (userId && !actorId && !asked.has(userId) && reconsent.data) {
    asked.add(userId);
    if (reconsent.data.pending.length > 0 && pathname !== '/re-consent')
      return <Navigate to="/re-consent" replace />;
  }
  return <Outlet />;
}
