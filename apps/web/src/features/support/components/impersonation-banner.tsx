import { SUPPORT_VIEW_READ_ONLY } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { SUPPORT_TEXTS } from '../../../components/support/support-texts.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { returnPathOf, useSupportViewState } from '../../../lib/support-view.ts';
import { useEndImpersonation, useImpersonation } from '../impersonation.ts';

/** Shown on every portal page while support views someone's portal, with the way back. */
export function ImpersonationBanner() {
  const impersonation = useImpersonation();
  const { refused } = useSupportViewState();
  const user = useCurrentUser();
  const endImpersonation = useEndImpersonation();
  const navigate = useNavigate();
  const returning = useMutation({
    mutationFn: endImpersonation,
    // A refused refresh ends the session; the sign-in screen takes over from here.
    onError: () => undefined,
  });
  if (!impersonation) return null;

  const name = user.data ? `${user.data.firstName} ${user.data.lastName}` : impersonation.username;
  // Back where the view was opened: the console's page of the person, or the Support page.
  const back = returnPathOf(impersonation);

  function returnToMyAccount() {
    if (returning.isPending) return;
    navigate(back);
    returning.mutate();
  }

  return (
    <section className="impersonation-banner" aria-label="Support view">
      <p>{SUPPORT_TEXTS.banner(name)}</p>
      <p>{SUPPORT_TEXTS.readOnly}</p>
      {refused ? <Alert tone="error">{SUPPORT_VIEW_READ_ONLY}</Alert> : null}
      <Button
        variant="secondary"
        busy={returning.isPending || returning.isSuccess}
        onClick={returnToMyAccount}
      >
        {SUPPORT_TEXTS.returnToMyAccount}
      </Button>
    </section>
  );
}
