import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { apiRequest, refreshSession } from '../../lib/api-client.ts';
import { startSession, useSession } from '../../lib/session.ts';

/** The IMPERSONATE authority (token authorities) opens the support admin widget (research §2, §6). */
export const IMPERSONATE = 'IMPERSONATE';

const impersonationSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  user_id: z.string(),
  actor_id: z.string(),
});

/**
 * Who is being viewed, kept in memory only: a reload ends the impersonation, because the refresh cookie
 * is still the support user's. The subject's id tells the banner whether the session is still theirs.
 */
type Impersonation = { subjectId: string; actorId: string; username: string };

let current: Impersonation | null = null;
const listeners = new Set<() => void>();

function publish(next: Impersonation | null) {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => current;

/**
 * The impersonation under way, or null. When the short impersonation token runs out, the next refresh
 * brings the support user's own session back, and this turns null with it.
 */
export function useImpersonation(): Impersonation | null {
  const impersonation = useSyncExternalStore(subscribe, snapshot, snapshot);
  const { userId, actorId } = useSession();
  return impersonation && actorId !== null && impersonation.subjectId === userId ? impersonation : null;
}

/** get token (username): swaps the session for one of the person, keeping the support user as actor. */
export async function startImpersonation(username: string): Promise<void> {
  const token = await apiRequest(
    '/auth/impersonate',
    { method: 'POST', auth: 'required', body: { username } },
    impersonationSchema,
  );
  publish({ subjectId: token.user_id, actorId: token.actor_id, username });
  startSession({
    access_token: token.access_token,
    refresh_token: '',
    expires_in: token.expires_in,
    user_id: token.user_id,
  });
}

/**
 * Return to my account: the support user's refresh cookie gives their own session back. Cached data is
 * keyed by user id, so the person's data is dropped by their id.
 */
export function useEndImpersonation() {
  const queryClient = useQueryClient();
  return async () => {
    const subjectId = current?.subjectId;
    try {
      await refreshSession();
    } finally {
      publish(null);
      if (subjectId) queryClient.removeQueries({ predicate: (query) => query.queryKey.includes(subjectId) });
    }
  };
}
