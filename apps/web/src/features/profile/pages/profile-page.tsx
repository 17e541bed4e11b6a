import { isProfileComplete, PROFILE_MESSAGES } from '@portal/domain';
import { SubscriptionSection } from '../../../components/orders/subscription-section.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { useConfig } from '../../../lib/config.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { ConsentsSection } from '../components/consents-section.tsx';
import { EmailPreferencesSection } from '../components/email-preferences-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { TextMessagesSection } from '../components/text-messages-section.tsx';
import { YourDataSection } from '../components/your-data-section.tsx';

export function ProfilePage() {
  const userQuery = useCurrentUser();
  const { appType } = useConfig();
  // The research portal's gate says why it keeps the person here; on the customer portal the dashboard
  // sends them here while the profile is incomplete (consumer §4), and this says why.
  const incomplete = appType === 'CUSTOMER' && userQuery.data && !isProfileComplete(userQuery.data);
  return (
    <>
      <h1>My Profile</h1>
      {incomplete ? <Alert tone="info">{PROFILE_MESSAGES.completeToContinue}</Alert> : null}
      {userQuery.data ? (
        <>
          <ProfileForm user={userQuery.data} />
          <YourDataSection />
          <ConsentsSection />
          <EmailPreferencesSection />
          <TextMessagesSection />
          {/* Research §2's profile has no subscription: that is the customer portal's. */}
          {appType === 'CUSTOMER' ? <SubscriptionSection /> : null}
        </>
      ) : userQuery.error ? (
        <Alert tone="error">{userQuery.error.message}</Alert>
      ) : (
        <Loading />
      )}
    </>
  );
}
