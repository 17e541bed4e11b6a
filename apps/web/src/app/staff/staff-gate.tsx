import { STAFF_ERROR_CODES } from '@portal/domain';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Loading } from '../../components/ui/loading.tsx';
import { SecondFactorForm } from '../../features/staff-auth/components/second-factor-form.tsx';
import { StaffSignIn } from '../../features/staff-auth/components/staff-sign-in.tsx';
import { StaffSignOut } from '../../features/staff-auth/components/staff-sign-out.tsx';
import { TotpEnrolment } from '../../features/staff-auth/components/totp-enrolment.tsx';
import { ApiError, refreshSession } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { useStaffSession } from '../../lib/staff.ts';
import { endSupportView } from '../../lib/support-view.ts';

/** The frame of the sign-in steps: the console's header without its navigation. */
export function SignInFrame({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="public-content staff-sign-in" tabIndex={-1}>
      {children}
    </main>
  );
}

/**
 * The console opens only to a signed-in staff member whose session passed the second factor. Until
 * then this shows the step that is next, at whatever /staff address was asked for: sign in, set up
 * the authenticator app (a staff account without one can do nothing else), or enter the code.
 */
export function StaffGate() {
  const { status, actorId } = useSession();
  const staff = useStaffSession();

  if (status === 'restoring') return <Loading />;
  if (status !== 'signedIn')
    return (
      <SignInFrame>
        <StaffSignIn />
      </SignInFrame>
    );
  if (actorId !== null)
    return (
      <SignInFrame>
        <div className="auth-card">
          <h1>A support view is open</h1>
          <p>This tab shows a person’s portal read-only. Return to your own account to use the console.</p>
          <Button
            onClick={() => {
              endSupportView({ notice: false });
              void refreshSession();
            }}
          >
            Return to my account
          </Button>
        </div>
      </SignInFrame>
    );
  if (staff.isPending) return <Loading />;
  if (staff.isError) {
    const notStaff = staff.error instanceof ApiError && staff.error.code === STAFF_ERROR_CODES.notStaff;
    return (
      <SignInFrame>
        <div className="auth-card">
          <h1>Staff console</h1>
          <Alert tone="error">{staff.error.message}</Alert>
          {notStaff ? null : <Button onClick={() => staff.refetch()}>Try again</Button>}
          <p className="auth-links">
            <StaffSignOut />
          </p>
        </div>
      </SignInFrame>
    );
  }
  if (!staff.data.enrolled)
    return (
      <SignInFrame>
        <TotpEnrolment />
      </SignInFrame>
    );
  if (!staff.data.secondFactorPassed)
    return (
      <SignInFrame>
        <SecondFactorForm />
      </SignInFrame>
    );
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}
