import { type Kit, kitChoices, kitDisplayName } from '@portal/domain';
import { KITS_TEXTS } from '../kits/kit-texts.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/modal.tsx';

type Props = {
  kit: Kit;
  open: boolean;
  onClose: () => void;
  onSendNow: (kit: Kit) => void;
  onGive: (kitId: number) => void;
};

/**
 * 'Select option' on a kit held but not sent: the choice the redeem flow offered, again (send now or
 * give), which the send-later message tells the person to come back to.
 */
export function SelectOptionModal({ kit, open, onClose, onSendNow, onGive }: Props) {
  const choices = kitChoices(kit);
  return (
    <Modal open={open} onClose={onClose} title={KITS_TEXTS.selectOption}>
      <p>{KITS_TEXTS.selectOptionIntro(kitDisplayName(kit))}</p>
      <div className="kit-actions">
        {choices.send ? <Button onClick={() => onSendNow(kit)}>{KITS_TEXTS.sendNow}</Button> : null}
        {choices.give ? (
          <Button variant="secondary" onClick={() => onGive(kit.id)}>
            {KITS_TEXTS.give}
          </Button>
        ) : null}
      </div>
    </Modal>
  );
}
