import { supportViewTokenSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshSession } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { endSupportView, type SupportView, useSupportViewState } from '../../lib/support-view.ts';
import { enterSupportView } from '../../lib/support-view-start.ts';

/** The IMPERSONATE authority (token authorities) opens the support admin widget (research §2, §6). */
export const IMPERSONATE = 'IMPERSONATE';

/**
 * The support view under way, or null. It is kept across a page reload (lib/support-view.ts); the
 * subject's id tells the banner whether the session in memory is still the view's.
 */
export function useImpersonation(): SupportView | null {
  const { view } = useSupportViewState();
  const { userId, actorId } = useSession();
  return view && actorId !== null && view.subjectId === userId ? view : null;
}

/** get token (username): swaps the session for a read-only view of the person, support user as actor. */
export async function startImpersonation(username: string): Promise<void> {
  const token = await apiRequest(
    '/auth/impersonate',
    { method: 'POST', auth: 'required', body: { username } },
    supportViewTokenSchema,
  );
  enterSupportView(token, username);
}

/**
 * Return to my account: the support user's refresh cookie gives their own session back. Cached data is
 * keyed by user id, so the person's data is dropped by their id; the console's data is read again.
 */
export function useEndImpersonation() {
  const queryClient = useQueryClient();
  const { view } = useSupportViewState();
  return async () => {
    const subjectId = view?.subjectId;
    // Asked for: no "the support view has ended" notice.
    endSupportView({ notice: false });
    try {
      await refreshSession();
    } finally {
      // The console's own reads about the person (its page, opened from there) are support's, not the
      // view's: they stay, read again with the support session, so the way back shows the view logged.
      const viewed = (key: readonly unknown[]) => key[0] !== 'staff' && key.includes(subjectId);
      if (subjectId) queryClient.removeQueries({ predicate: (query) => viewed(query.queryKey) });
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    }
  };
}
