import { RESEARCH_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import type { CurrentUser } from '../../lib/current-user.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { CurrentUserModal } from '../ui/current-user-modal.tsx';
import { ClaimModal } from './claim-modal.tsx';
import { ProjectStep, VoucherStep } from './claim-steps.tsx';
import { type ActivateTarget, ResearchActivateModal } from './research-activate-modal.tsx';
import { RESEARCH_MODAL_TEXTS } from './research-texts.ts';
import { isAlreadyClaimed, postsKits, useClaimKit, useClaimSteps } from './use-claim-kit.ts';

/** The project joined with the code kept from registration, or the failed join. */
export type JoinOutcome =
  | { ok: true; participantCode: string; researchProjectName: string }
  | { ok: false; participantCode: string };

type Props = { open: boolean; onClose: () => void; joined?: JoinOutcome | null };

type Step = 'INTRO' | 'VOUCHER' | 'PROJECT' | 'ADDRESS' | 'LATER' | 'SUCCESS';

/**
 * Redeem (research §2): INTRO, VOUCHER, PROJECT (the voucher's project), ADDRESS when the lab posts the
 * kit, LATER, then success. A voucher whose kit is already in the account goes to the Activate modal.
 */
export function ResearchRedeemModal({ open, onClose, joined = null }: Props) {
  return (
    <CurrentUserModal open={open} title={RESEARCH_MODAL_TEXTS.redeemTitle} onClose={onClose}>
      {(user) => <RedeemFlow user={user} onClose={onClose} joined={joined} />}
    </CurrentUserModal>
  );
}

function RedeemFlow({
  user,
  onClose,
  joined,
}: {
  user: CurrentUser;
  onClose: () => void;
  joined: JoinOutcome | null;
}) {
  const claim = useClaimKit(user);
  const steps = useClaimSteps<Step>(claim, 'INTRO');
  const { step, go, finish } = steps;
  const [activating, setActivating] = useState<ActivateTarget | null>(null);
  // A project joined just now names the project the voucher must belong to.
  const participantCode = joined?.ok ? joined.participantCode : undefined;

  async function checkVoucher() {
    const found = await claim.check(participantCode);
    if (!found) return;
    if (!isAlreadyClaimed(found)) go('PROJECT');
    else if (postsKits(found)) setActivating({ kitId: found.kitId, voucher: claim.voucher.trim() });
    else claim.setError(RESEARCH_MODAL_TEXTS.alreadyClaimed);
  }

  async function confirmProject() {
    if (claim.found && postsKits(claim.found)) go('ADDRESS');
    else finish(await claim.redeem(false));
  }

  if (activating) return <ResearchActivateModal target={activating} onClose={onClose} />;

  return (
    <ClaimModal
      title={RESEARCH_MODAL_TEXTS.redeemTitle}
      claim={claim}
      steps={steps}
      onAddressBack={() => go('PROJECT')}
      onClose={onClose}
    >
      {step === 'INTRO' ? (
        <>
          {joined?.ok ? (
            <Alert tone="success">{RESEARCH_MODAL_TEXTS.joined(joined.researchProjectName)}</Alert>
          ) : null}
          {joined && !joined.ok ? <Alert tone="error">{RESEARCH_MESSAGES.invalidCode}</Alert> : null}
          <p>{RESEARCH_MODAL_TEXTS.intro}</p>
          <div className="form-actions">
            <Button onClick={() => go('VOUCHER')}>{RESEARCH_MODAL_TEXTS.haveVoucher}</Button>
            <Button variant="secondary" onClick={() => go('LATER')}>
              {RESEARCH_MODAL_TEXTS.later}
            </Button>
          </div>
        </>
      ) : null}
      {step === 'VOUCHER' ? (
        <VoucherStep
          voucher={claim.voucher}
          onVoucherChange={claim.setVoucher}
          busy={claim.busy}
          error={claim.error}
          onBack={() => go('INTRO')}
          onProceed={() => void checkVoucher()}
        />
      ) : null}
      {step === 'PROJECT' && claim.found ? (
        <ProjectStep
          found={claim.found}
          busy={claim.busy}
          error={claim.error}
          onBack={() => go('VOUCHER')}
          onConfirm={() => void confirmProject()}
        />
      ) : null}
    </ClaimModal>
  );
}
