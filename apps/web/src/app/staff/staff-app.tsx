import { Route, Routes } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { InvitationPage } from '../../features/staff-auth/pages/invitation-page.tsx';
import { canSee, useStaffSession } from '../../lib/staff.ts';
import { SignInFrame, StaffGate } from './staff-gate.tsx';
import { StaffLayout } from './staff-layout.tsx';
import type { StaffPage } from './staff-pages.tsx';
import { STAFF_PAGES } from './staff-pages.tsx';

/** A page of the registry, or a plain refusal for someone whose roles do not include it. */
function RoleGate({ page }: { page: StaffPage }) {
  const { data: session } = useStaffSession();
  if (!canSee(session, page.roles))
    return (
      <>
        <h1>Not for your roles</h1>
        <Alert tone="warning">
          This part of the console is for other roles. Ask an administrator if you need it.
        </Alert>
      </>
    );
  return page.element;
}

/**
 * Everything under /staff (issue 24): its own layout, denser than the portal's (data-density), on the
 * same accounts and session. The invitation link is open; the rest passes the StaffGate.
 */
export function StaffApp() {
  return (
    <div className="staff-root" data-density="compact">
      <Routes>
        <Route
          path="invitation"
          element={
            <SignInFrame>
              <InvitationPage />
            </SignInFrame>
          }
        />
        <Route element={<StaffGate />}>
          <Route element={<StaffLayout />}>
            {STAFF_PAGES.map((page) =>
              page.path === '' ? (
                <Route key="index" index element={<RoleGate page={page} />} />
              ) : (
                <Route key={page.path} path={page.path} element={<RoleGate page={page} />} />
              ),
            )}
            <Route
              path="*"
              element={
                <>
                  <h1>Page not found</h1>
                  <Alert tone="info">There is no console page at this address.</Alert>
                </>
              }
            />
          </Route>
        </Route>
      </Routes>
    </div>
  );
}
