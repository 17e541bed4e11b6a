import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { dismissSupportViewNotice, useSupportViewState } from '../../../lib/support-view.ts';

/** Says that a support view ended on its own, so the support account never comes back without a word. */
export function SupportViewEnded() {
  const { endedNotice } = useSupportViewState();
  if (!endedNotice) return null;
  return (
    <Alert tone="info">
      <p>{SUPPORT_TEXTS.viewEnded}</p>
      <Button variant="secondary" onClick={dismissSupportViewNotice}>
        {SUPPORT_TEXTS.dismiss}
      </Button>
    </Alert>
  );
}
