import { PROFILE_MESSAGES } from '@portal/domain';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

type Props = { open: boolean; onConfirm: () => void; onClose: () => void };

/** Asked when the date of birth differs from the one on the kits' requisitions. */
export function DobConfirmModal({ open, onConfirm, onClose }: Props) {
  return (
    <Modal open={open} onClose={onClose} title={PROFILE_MESSAGES.dobMismatchTitle}>
      <p>{PROFILE_MESSAGES.dobMismatchText}</p>
      <div className="form-actions">
        <Button onClick={onConfirm}>Yes</Button>
        <Button variant="secondary" onClick={onClose}>
          No
        </Button>
      </div>
    </Modal>
  );
}
