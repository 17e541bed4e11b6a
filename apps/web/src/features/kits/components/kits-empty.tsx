import { KIT_MESSAGES } from '@portal/domain';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';

/** The empty state's next step, after the spec's text. */
export const KITS_EMPTY_ACTION = 'Activate your kit';

/** A closed kit box: no kits yet. Inline and decorative (aria-hidden), drawn in the brand's tokens. */
function KitBoxIllustration() {
  return (
    <svg className="illustration" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
      <circle cx="48" cy="48" r="44" className="illustration-bg" />
      <path d="M24 38l24-10 24 10v26L48 74 24 64Z" className="illustration-fill" />
      <path d="M24 38l24 10 24-10M48 48v26" className="illustration-line illustration-line-light" />
      <path d="M36 33l24 10v8" className="illustration-line illustration-line-accent" />
    </svg>
  );
}

/** No kits yet: the spec's text, a picture, and the next step (the page's redeem dialog). */
export function KitsEmpty({ onActivate }: { onActivate?: () => void }) {
  return (
    <EmptyState
      illustration={<KitBoxIllustration />}
      action={
        onActivate ? (
          <Button variant="secondary" onClick={onActivate}>
            {KITS_EMPTY_ACTION}
          </Button>
        ) : undefined
      }
    >
      <p>{KIT_MESSAGES.noKits}</p>
    </EmptyState>
  );
}
