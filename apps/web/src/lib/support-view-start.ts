import { z } from 'zod/mini';
import { startSession } from './session.ts';
import { beginSupportView } from './support-view.ts';

/** A support view's token, as the portal's and the console's support-view routes answer it. */
export const supportViewTokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  user_id: z.string(),
  actor_id: z.string(),
});

/**
 * Swaps the session for the read-only view the token opens, support user as actor. `returnTo` is where
 * "Return to my account" leads (the portal's Support page when absent).
 */
export function enterSupportView(
  token: z.infer<typeof supportViewTokenSchema>,
  username: string,
  returnTo?: string,
): void {
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
