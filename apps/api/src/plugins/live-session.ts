import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { refreshTokens } from '../db/schema/index.ts';

/**
 * True while the session an access token names (its `sid`, a refresh-token family) can still be
 * refreshed: one of its refresh tokens is neither revoked nor expired. Logout, a password change or
 * reset and refresh-token reuse revoke the family, so from that moment every access token of the
 * session is refused, on every instance, without waiting for the token's own expiry.
 *
 * A condition, not a statement: the guard's account lookup and the statements that start from the
 * caller's `users` row (requireUserCheckedByQuery) add it to their WHERE clause, so the check costs no
 * round trip of its own (decision 019). It reads the partial index refresh_tokens_live_idx.
 */
export function liveSession(sessionId: Placeholder | SQL): SQL {
  return sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${sessionId} and ${refreshTokens.revokedAt} is null and ${refreshTokens.expiresAt} > now())`;
}
