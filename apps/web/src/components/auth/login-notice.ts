import { AUTH_MESSAGES } from '@portal/domain';
import { useLocation, useSearchParams } from 'react-router';
import { useHydrated } from '../../lib/hydration.ts';

/** What a screen that sends people to sign-in can ask it to say. */
export type LoginNotice = 'resetDone';

/** The success notice of the sign-in screen: a finished password reset, or a verified account. */
export function useLoginNotice(): string | null {
  const [params] = useSearchParams();
  const location = useLocation();
  // History state survives a reload, but the server never sees it: read once the app has the page.
  const hydrated = useHydrated();
  const state = hydrated ? (location.state as { notice?: LoginNotice } | null) : null;
  if (state?.notice === 'resetDone') return AUTH_MESSAGES.resetDone;
  if (params.has('fromVerify')) return AUTH_MESSAGES.verified;
  return null;
}
