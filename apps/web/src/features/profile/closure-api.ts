import { type Closure, type ClosureRequest, closureSchema, myClosureSchema } from '@portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { endSession, getSessionSnapshot } from '../../lib/session.ts';

/** POST /api/me/closure: the password and the scope; the server ends every session of the account. */
export function useCloseAccount() {
  return useMutation({
    mutationFn: (body: ClosureRequest) =>
      apiRequest('/me/closure', { method: 'POST', auth: 'required', body }, closureSchema),
  });
}

/**
 * The closing session's access token, kept in memory only, for the one thing it may still do: read its
 * closure request (the server's closureReceipt). Gone on reload, like every token of this app.
 */
let followed: { closureId: string; token: string } | null = null;

export function followClosure(closureId: string, token: string): void {
  followed = { closureId, token };
}

/**
 * Ends the closed account's session in this tab, once /account-closed is shown: ended before, the
 * signed-in frame would send the tab to the sign-in page before the navigation lands (React Router
 * navigates in a transition; a session change renders at once).
 */
export function endClosedSession(): void {
  if (followed && getSessionSnapshot().status === 'signedIn') endSession('loggedOut');
}

/** The closure's state, asked again every 2 s until it is processed, for as long as the token opens it. */
export function useClosureProgress(closure: Closure | null) {
  const token = closure && followed?.closureId === closure.id ? followed.token : null;
  const query = useQuery({
    queryKey: ['closure', closure?.id],
    queryFn: ({ signal }) =>
      apiRequest('/me/closure', { signal, headers: { Authorization: `Bearer ${token}` } }, myClosureSchema),
    enabled: token !== null,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
    refetchInterval: (q) => (q.state.data?.closure?.state === 'PROCESSED' || q.state.error ? false : 2000),
  });
  return {
    closure: query.data?.closure ?? closure,
    /** The page can no longer ask (reloaded, or the token expired) and the closure is not processed yet. */
    lost: token === null || query.isError,
  };
}
