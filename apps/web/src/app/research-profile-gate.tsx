import { isProfileComplete, type ResearchRestriction, researchRestriction } from '@portal/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../components/ui/alert.tsx';
import { useConfig } from '../lib/config.ts';
import { useCurrentUser } from '../lib/current-user.ts';

export const RESTRICTION_TEXTS = {
  PROFILE_INCOMPLETE:
    'Please complete your profile to continue. The rest of the portal opens once it is saved.',
  PARENTAL_CONSENT:
    'Your parent or guardian needs to complete the consent form in My Profile before the rest of the portal opens.',
} as const;

/**
 * The research restriction of the signed-in person (null on the customer portal). profileCompleted is
 * the dashboard's rule (isProfileComplete, shared with the server), applied to the freshest user data.
 */
export function useResearchRestriction(): ResearchRestriction {
  const { appType } = useConfig();
  const user = useCurrentUser();
  if (appType !== 'RESEARCH' || !user.data) return null;
  return researchRestriction(appType, user.data, isProfileComplete(user.data));
}

/** Keeps a restricted research participant on /profile, with a note saying why. */
export function ResearchProfileGate() {
  const restriction = useResearchRestriction();
  const { pathname } = useLocation();
  if (restriction && pathname !== '/profile') return <Navigate to="/profile" replace />;
  return (
    <>
      {restriction ? <Alert tone="info">{RESTRICTION_TEXTS[restriction]}</Alert> : null}
      <Outlet />
    </>
  );
}
