import { useEffect, useRef } from 'react';
import { useResearchRestriction } from '../../../app/research-profile-gate.tsx';
import type { JoinOutcome } from '../../../components/research/research-redeem-modal.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useInvalidateKits } from '../../../lib/kits-api.ts';
import { takePendingRedeem } from '../../../lib/pending-redeem.ts';
import { joinResearch } from '../../../lib/research-api.ts';

/**
 * The participant code kept at registration (consumer §2 dashboard, research §2): once the profile is
 * complete it is read and cleared, the participant joins its project, and `onJoined` hears how it went
 * (the dashboard then opens the redeem modal). It runs once per visit of the dashboard.
 */
export function usePendingRedeem(onJoined: (outcome: JoinOutcome) => void): void {
  const user = useCurrentUser();
  const restriction = useResearchRestriction();
  const invalidateKits = useInvalidateKits();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !user.data || restriction !== null) return;
    const pending = takePendingRedeem(user.data.email);
    if (!pending) return;
    started.current = true;
    const { participantCode } = pending;
    joinResearch({ participantIdentifier: participantCode, userId: user.data.id }).then(
      ({ researchProjectName }) => {
        void invalidateKits();
        onJoined({ ok: true, participantCode, researchProjectName });
      },
      () => onJoined({ ok: false, participantCode }),
    );
  }, [user.data, restriction, invalidateKits, onJoined]);
}
