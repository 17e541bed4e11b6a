import { type Kit, kitDisplayName } from '@portal/domain';
import { ActivateKitModal, GiveKitModal, RedeemModal } from '../../../components/kit-modals/lazy-modals.ts';
import { ReplacementOrderModal } from '../../../components/orders/lazy-modals.ts';
import { ResearchActivateModal } from '../../../components/research/research-activate-modal.tsx';
import { ResearchRedeemModal } from '../../../components/research/research-redeem-modal.tsx';

/** The one dialog the questionnaires list shows at a time, and the kit it is about. */
export type SurveyDialog =
  | { kind: 'activate' }
  | { kind: 'send'; kit: Kit }
  | { kind: 'give'; kitId: number }
  | { kind: 'replacement'; kit: Kit }
  | null;

/** What a kit on the list can ask the page for (research §2: activation, send, give, replacement). */
export type SurveyKitActions = {
  onSendNow: (kit: Kit) => void;
  onGive: (kitId: number) => void;
  onRequestReplacement: (kit: Kit) => void;
};

/**
 * The list's dialogs, the same ones the kits pages use: each portal activates and sends a kit its own
 * way (research: the study's voucher and address steps); giving and replacements are shared.
 */
export function SurveyDialogs({
  dialog,
  research,
  onClose,
}: {
  dialog: SurveyDialog;
  research: boolean;
  onClose: () => void;
}) {
  const activating = dialog?.kind === 'activate';
  return (
    <>
      {research ? (
        <ResearchRedeemModal open={activating} onClose={onClose} />
      ) : (
        <RedeemModal open={activating} onClose={onClose} />
      )}
      {dialog?.kind === 'send' && research ? (
        <ResearchActivateModal
          target={{ kitId: dialog.kit.id, name: kitDisplayName(dialog.kit), voucher: dialog.kit.voucherCode }}
          onClose={onClose}
        />
      ) : null}
      {dialog?.kind === 'send' && !research ? (
        <ActivateKitModal kit={dialog.kit} open onClose={onClose} />
      ) : null}
      <GiveKitModal
        open={dialog?.kind === 'give'}
        onClose={onClose}
        kitId={dialog?.kind === 'give' ? dialog.kitId : undefined}
      />
      {dialog?.kind === 'replacement' ? (
        <ReplacementOrderModal kit={dialog.kit} open onClose={onClose} />
      ) : null}
    </>
  );
}
