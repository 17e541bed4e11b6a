import { isNotActivated, type Kit } from '@portal/domain';
import { Button } from '../ui/button.tsx';
import { KITS_TEXTS } from './kit-texts.ts';

/**
 * What can be done with a kit that has not been sent yet: send it now (not for projects whose study
 * team hands kits out) or, where the project allows it, give it to someone.
 */
export function KitActions({
  kit,
  onSendNow,
  onGive,
}: {
  kit: Kit;
  onSendNow: (kit: Kit) => void;
  onGive: (kitId: number) => void;
}) {
  if (!isNotActivated(kit)) return null;
  const canSend = kit.project.logisticType !== 'CLIENT_MANAGED';
  if (!canSend && !kit.givingAllowed) return null;
  return (
    <div className="kit-actions">
      {canSend ? <Button onClick={() => onSendNow(kit)}>{KITS_TEXTS.sendNow}</Button> : null}
      {kit.givingAllowed ? (
        <Button variant="secondary" onClick={() => onGive(kit.id)}>
          {KITS_TEXTS.give}
        </Button>
      ) : null}
    </div>
  );
}
