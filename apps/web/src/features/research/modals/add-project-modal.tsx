import { RESEARCH_MESSAGES, VOUCHER_REQUIRED } from '@portal/domain';
import { useState } from 'react';
import { ClaimModal } from '../../../components/research/claim-modal.tsx';
import {
  localCodeProblem,
  ParticipantCodeStep,
  VoucherStep,
} from '../../../components/research/claim-steps.tsx';
import {
  type ActivateTarget,
  ResearchActivateModal,
} from '../../../components/research/research-activate-modal.tsx';
import { RESEARCH_MODAL_TEXTS } from '../../../components/research/research-texts.ts';
import {
  isAlreadyClaimed,
  postsKits,
  useClaimKit,
  useClaimSteps,
} from '../../../components/research/use-claim-kit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CurrentUserModal } from '../../../components/ui/current-user-modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { CurrentUser } from '../../../lib/current-user.ts';
import { useInvalidateKits } from '../../../lib/kits-api.ts';
import { normaliseParticipantCode } from '../../../lib/pending-redeem.ts';
import { joinResearch } from '../../../lib/research-api.ts';

type Step = 'CODE' | 'CLAIM' | 'VOUCHER' | 'ADDRESS' | 'LATER' | 'SUCCESS';

/**
 * Add project (research §2): a participant code, checked in the browser and on joining; then Yes to
 * claim a kit (voucher of that project, an address when the lab posts it) or No for later. A code
 * issued to the participant joins on its own; the project's own code joins only with one of its
 * vouchers (decision 021), so for it the modal goes straight to the voucher and joins with both.
 */
export function AddProjectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <CurrentUserModal open={open} title={RESEARCH_MODAL_TEXTS.addProjectTitle} onClose={onClose}>
      {(user) => <AddProjectFlow user={user} onClose={onClose} />}
    </CurrentUserModal>
  );
}

function AddProjectFlow({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const invalidateKits = useInvalidateKits();
  const claim = useClaimKit(user);
  const steps = useClaimSteps<Step>(claim, 'CODE');
  const { step, go, finish } = steps;
  const [code, setCode] = useState('');
  const [projectName, setProjectName] = useState('');
  const [needsVoucher, setNeedsVoucher] = useState(false);
  const [activating, setActivating] = useState<ActivateTarget | null>(null);

  /** Joins with the code; a code that needs its project's voucher asks for the voucher first. */
  async function join() {
    const problem = localCodeProblem(code);
    claim.setError(problem);
    if (problem) return;
    await claim.submit(
      {},
      async () => {
        const joined = await joinResearch({
          participantIdentifier: normaliseParticipantCode(code),
          userId: user.id,
        });
        setProjectName(joined.researchProjectName);
        void invalidateKits();
        go('CLAIM');
      },
      (error) => {
        if (!(error instanceof ApiError && error.code === VOUCHER_REQUIRED)) {
          return RESEARCH_MESSAGES.participantInvalid;
        }
        setNeedsVoucher(true);
        go('VOUCHER');
        return null;
      },
    );
  }

  /** The project's own code with the voucher just checked against it: now the participant joins. */
  async function joinWithVoucher(): Promise<boolean> {
    try {
      await joinResearch({
        participantIdentifier: normaliseParticipantCode(code),
        userId: user.id,
        voucher: claim.voucher.trim(),
      });
      void invalidateKits();
      return true;
    } catch {
      claim.setError(RESEARCH_MESSAGES.mismatch);
      return false;
    }
  }

  async function checkVoucher() {
    const found = await claim.check(normaliseParticipantCode(code));
    if (!found) return;
    if (needsVoucher && !(await joinWithVoucher())) return;
    if (isAlreadyClaimed(found)) {
      if (postsKits(found)) setActivating({ kitId: found.kitId, voucher: claim.voucher.trim() });
      else claim.setError(RESEARCH_MODAL_TEXTS.alreadyClaimed);
    } else if (postsKits(found)) go('ADDRESS');
    else finish(await claim.redeem(false, found));
  }

  if (activating) return <ResearchActivateModal target={activating} onClose={onClose} />;

  return (
    <ClaimModal
      title={RESEARCH_MODAL_TEXTS.addProjectTitle}
      claim={claim}
      steps={steps}
      onAddressBack={() => go('VOUCHER')}
      onClose={onClose}
    >
      {step === 'CODE' ? (
        <ParticipantCodeStep
          code={code}
          onCodeChange={setCode}
          busy={claim.busy}
          error={claim.error}
          onProceed={() => void join()}
        />
      ) : null}
      {step === 'CLAIM' ? (
        <>
          <Alert tone="success">{RESEARCH_MODAL_TEXTS.joined(projectName)}</Alert>
          <p>{RESEARCH_MODAL_TEXTS.claimQuestion}</p>
          <div className="form-actions">
            <Button onClick={() => go('VOUCHER')}>{RESEARCH_MODAL_TEXTS.yes}</Button>
            <Button variant="secondary" onClick={() => go('LATER')}>
              {RESEARCH_MODAL_TEXTS.no}
            </Button>
          </div>
        </>
      ) : null}
      {step === 'VOUCHER' && needsVoucher ? <p>{RESEARCH_MODAL_TEXTS.voucherToJoin}</p> : null}
      {step === 'VOUCHER' ? (
        <VoucherStep
          voucher={claim.voucher}
          onVoucherChange={claim.setVoucher}
          busy={claim.busy}
          error={claim.error}
          onBack={() => go(needsVoucher ? 'CODE' : 'CLAIM')}
          onProceed={() => void checkVoucher()}
        />
      ) : null}
    </ClaimModal>
  );
}
