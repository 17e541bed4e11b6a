import type { SupportViewToken } from '@portal/domain';
import { startSession } from './session.ts';
import { beginSupportView } from './support-view.ts';

/**
 * Swaps the session for the read-only view the token opens, support user as actor. `returnTo` is where
 * "Return to my account" leads (the portal's Support page when absent).
 */
export function enterSupportView(token: SupportViewToken, username: string, returnTo?: string): void {
  const now = Date.now();
  beginSupportView({
    token: token.access_token,
    expiresAt: now + token.expires_in * 1000,
    subjectId: token.user_id,
    actorId: token.actor_id,
    username,
    ...(returnTo ? { returnTo } : {}),
  });
  startSession(
    { access_token: token.access_token, expires_in: token.expires_in, user_id: token.user_id },
    now,
  );
}
