import type { LoginResponse, SessionResponse } from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { endSupportView } from './support-view.ts';

/**
 * The signed-in session lives in memory only: the access token never touches web storage, and the
 * refresh token is an HttpOnly cookie the page cannot read (design §6).
 */
export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';
/**
 * Why the last session ended; the sign-in screen explains an expired one, and one the server ended for
 * the person ('ended': an administrator signed them out, or disabled the account) with its message.
 */
export type SessionEndReason = 'expired' | 'loggedOut' | 'ended' | null;
export type SessionSnapshot = {
  status: SessionStatus;
  userId: string | null;
  endReason: SessionEndReason;
  /** The support user viewing this person's portal (the token's act claim), or null. */
  actorId: string | null;
  /** The server's words when it ended the session ('ended'), else null. */
  endMessage?: string | null;
};

type AccessToken = { token: string; expiresAt: number };

let accessToken: AccessToken | null = null;
let snapshot: SessionSnapshot = { status: 'restoring', userId: null, endReason: null, actorId: null };
const listeners = new Set<() => void>();

function publish(next: SessionSnapshot): void {
  if (
    next.status === snapshot.status &&
    next.userId === snapshot.userId &&
    next.endReason === snapshot.endReason &&
    next.actorId === snapshot.actorId &&
    next.endMessage === snapshot.endMessage
  ) {
    return;
  }
  snapshot = next;
  for (const listener of listeners) listener();
}

/**
 * The act claim of an access token: who is acting for the person (design.md §6 impersonation). Only
 * read to adapt the screens; the server checks the signature and refuses what support may not do.
 */
export function tokenActor(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const act = (JSON.parse(json) as { act?: unknown }).act;
    return typeof act === 'string' ? act : null;
  } catch {
    return null;
  }
}

/** From a sign-in's answer or a refresh's (which has no refresh token: that stays in the cookie). */
export function startSession(response: LoginResponse | SessionResponse, now: number = Date.now()): void {
  accessToken = { token: response.access_token, expiresAt: now + response.expires_in * 1000 };
  publish({
    status: 'signedIn',
    userId: response.user_id,
    endReason: null,
    actorId: tokenActor(response.access_token),
  });
}

export function endSession(reason: SessionEndReason, endMessage: string | null = null): void {
  accessToken = null;
  // Signing out (or a session that ended) ends a support view too; the sign-in screen says why.
  endSupportView({ notice: false });
  publish({
    status: 'signedOut',
    userId: null,
    endReason: reason,
    actorId: null,
    ...(endMessage ? { endMessage } : {}),
  });
}

export function getAccessToken(): AccessToken | null {
  return accessToken;
}

export function getSessionSnapshot(): SessionSnapshot {
  return snapshot;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);
}
