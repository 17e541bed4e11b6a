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

/** Support staff (IMPERSONATE) are not participants: no participant profile is asked of them. */
const STAFF_AUTHORITY = 'IMPERSONATE';

/** Pages a restricted participant still opens: the profile, and Support (contact details and FAQ). */
const OPEN_WHEN_RESTRICTED = new Set(['/profile', '/support']);

/**
 * The research restriction of the signed-in person (null on the customer portal, and for support
 * staff). profileCompleted is the dashboard's rule (isProfileComplete, shared with the server), applied
 * to the freshest user data.
 */
export function useResearchRestriction(): ResearchRestriction {
  const { appType } = useConfig();
  const user = useCurrentUser();
  if (appType !== 'RESEARCH' || !user.data) return null;
  if (user.data.authorities.includes(STAFF_AUTHORITY)) return null;
  return researchRestriction(appType, user.data, isProfileComplete(user.data));
}

/** Keeps a restricted research participant on /profile (or Support), with a note saying why. */
export function ResearchProfileGate() {
  const restriction = useResearchRestriction();
  const { pathname } = useLocation();
  if (restriction && !OPEN_WHEN_RESTRICTED.has(pathname)) return <Navigate to="/profile" replace />;
  return (
    <>
      {restriction ? <Alert tone="info">{RESTRICTION_TEXTS[restriction]}</Alert> : null}
      <Outlet />
    </>
  );
}
