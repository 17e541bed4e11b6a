import { KIT_MESSAGES } from '@portal/domain';
import { KITS_TEXTS } from '../../../components/kits/kit-texts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { KitBoxIllustration } from '../../../components/ui/illustrations.tsx';

/** No kits yet: the spec's text, a picture, and the next step (the page's redeem dialog). */
export function KitsEmpty({ onActivate }: { onActivate?: () => void }) {
  return (
    <EmptyState
      illustration={<KitBoxIllustration />}
      action={
        onActivate ? (
          <Button variant="secondary" onClick={onActivate}>
            {KITS_TEXTS.activateKit}
          </Button>
        ) : undefined
      }
    >
      <p>{KIT_MESSAGES.noKits}</p>
    </EmptyState>
  );
}
