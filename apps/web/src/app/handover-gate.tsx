import { myHandoverSchema } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/api-client.ts';
import { useSession } from '../lib/session.ts';
import { signInGate } from './reconsent-gate.tsx';

/** The signed-in person's open turning-18 handover (issue 36 item 3), for its page (the gate reads /users/me). */
export const myHandoverKey = (userId: string | null) => ['my-handover', userId] as const;
export function useMyHandover() {
  const { userId } = useSession();
  return useQuery({
    queryKey: myHandoverKey(userId),
    queryFn: ({ signal }) => apiRequest('/me/handover', { auth: 'required', signal }, myHandoverSchema),
    enabled: userId !== null,
  });
}

/**
 * Turning 18 "at next sign-in" (issue 36 item 3): a person whose account has an open handover is taken
 * to /turned-18 before anything else (before the re-consent gate, which sits inside this one), once per
 * sign-in; "Decide later" lets them on. The young adult is asked to take over; a guardian is told the
 * handover is offered to their child. A support view is never sent there.
 */
export const HandoverGate = signInGate('portal.handover-asked', '/turned-18', (user) => user.handoverOpen);
