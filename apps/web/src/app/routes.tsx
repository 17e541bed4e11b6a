import type { AppType } from '@portal/domain';
import { isValidElement, type ReactNode, Suspense } from 'react';
import { matchRoutes, Navigate, Outlet, type RouteObject, useRoutes } from 'react-router';
import { Loading } from '../components/ui/loading.tsx';
import { useConfig } from '../lib/config.ts';
import { lazyPage, preloadPage } from '../lib/lazy-load.tsx';
import { HomeRedirect, RequireAuth, RequireGuest, RequireReportPermission } from './guards.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { RootLayout } from './layout/root-layout.tsx';
import { ResearchProfileGate } from './research-restriction.tsx';

// Each page is its own chunk, fetched when first shown (see lazyPage).
// The signed-in frame (top bar, menus, banners) too, so /login's first load (120 KB budget) goes without
// it; on a signed-in page's first load preloadRoute fetches it together with the page.
const AppLayout = lazyPage(
  () => import('./layout/app-layout.tsx'),
  (m) => m.AppLayout,
);
// Agreeing again after a material change (issue 36): the gate and its page load with the signed-in frame.
const ReconsentGate = lazyPage(
  () => import('./reconsent-gate.tsx'),
  (m) => m.ReconsentGate,
);
// Turning 18 at next sign-in (issue 36 item 3): its gate comes before the re-consent gate.
const HandoverGate = lazyPage(
  () => import('./handover-gate.tsx'),
  (m) => m.HandoverGate,
);
const Turned18Page = lazyPage(
  () => import('../features/profile/pages/turned-18-page.tsx'),
  (m) => m.Turned18Page,
);
const ReconsentPage = lazyPage(
  () => import('../features/profile/pages/reconsent-page.tsx'),
  (m) => m.ReconsentPage,
);
const HandoverPage = lazyPage(
  () => import('../features/profile/pages/handover-page.tsx'),
  (m) => m.HandoverPage,
);
const LoginPage = lazyPage(
  () => import('../features/auth/pages/login-page.tsx'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/pages/register-page.tsx'),
  (m) => m.RegisterPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/pages/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/pages/verify-email-page.tsx'),
  (m) => m.VerifyEmailPage,
);
// The staff console (issue 24): a chunk of its own with its own routes, layout and sign-in.
const StaffApp = lazyPage(
  () => import('./staff/staff-app.tsx'),
  (m) => m.StaffApp,
);
const CoachPage = lazyPage(
  () => import('../features/coach/pages/coach-page.tsx'),
  (m) => m.CoachPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/pages/dashboard-page.tsx'),
  (m) => m.DashboardPage,
);
const InboxPage = lazyPage(
  () => import('../features/notifications/pages/inbox-page.tsx'),
  (m) => m.InboxPage,
);
const KitsPage = lazyPage(
  () => import('../features/kits/pages/kits-page.tsx'),
  (m) => m.KitsPage,
);
const LegalPage = lazyPage(
  () => import('../features/legal/pages/legal-page.tsx'),
  (m) => m.LegalPage,
);
const TestOrderPage = lazyPage(
  () => import('../features/orders/pages/test-order-page.tsx'),
  (m) => m.TestOrderPage,
);
const ProfilePage = lazyPage(
  () => import('../features/profile/pages/profile-page.tsx'),
  (m) => m.ProfilePage,
);
const AccountClosedPage = lazyPage(
  () => import('../features/profile/pages/account-closed-page.tsx'),
  (m) => m.AccountClosedPage,
);
const ConsentPage = lazyPage(
  () => import('../features/recruitment/pages/consent-page.tsx'),
  (m) => m.ConsentPage,
);
const EmailUnsubscribePage = lazyPage(
  () => import('../features/email-preferences/pages/email-unsubscribe-page.tsx'),
  (m) => m.EmailUnsubscribePage,
);
const ExpressionOfInterestPage = lazyPage(
  () => import('../features/recruitment/pages/expression-of-interest-page.tsx'),
  (m) => m.ExpressionOfInterestPage,
);
const UnsubscribePage = lazyPage(
  () => import('../features/recruitment/pages/unsubscribe-page.tsx'),
  (m) => m.UnsubscribePage,
);
const ReportsPage = lazyPage(
  () => import('../features/reports/pages/reports-page.tsx'),
  (m) => m.ReportsPage,
);
const EvidencePage = lazyPage(
  () => import('../features/reports/pages/evidence-page.tsx'),
  (m) => m.EvidencePage,
);
const JourneyPage = lazyPage(
  () => import('../features/reports/pages/journey-page.tsx'),
  (m) => m.JourneyPage,
);
const SharesPage = lazyPage(
  () => import('../features/reports/pages/shares-page.tsx'),
  (m) => m.SharesPage,
);
const SharedReportPage = lazyPage(
  () => import('../features/reports/pages/shared-report-page.tsx'),
  (m) => m.SharedReportPage,
);
const ReplacementPage = lazyPage(
  () => import('../features/requisition/pages/replacement-page.tsx'),
  (m) => m.ReplacementPage,
);
const RequisitionPage = lazyPage(
  () => import('../features/requisition/pages/requisition-page.tsx'),
  (m) => m.RequisitionPage,
);
const MyResearchPage = lazyPage(
  () => import('../features/research/pages/my-research-page.tsx'),
  (m) => m.MyResearchPage,
);
const ResearchDashboardPage = lazyPage(
  () => import('../features/research/pages/research-dashboard-page.tsx'),
  (m) => m.ResearchDashboardPage,
);
const ResearchLoginPage = lazyPage(
  () => import('../features/research/pages/research-login-page.tsx'),
  (m) => m.ResearchLoginPage,
);
const ResearchRegisterPage = lazyPage(
  () => import('../features/research/pages/research-register-page.tsx'),
  (m) => m.ResearchRegisterPage,
);
const SupportPage = lazyPage(
  () => import('../features/support/pages/support-page.tsx'),
  (m) => m.SupportPage,
);
const SurveyPage = lazyPage(
  () => import('../features/surveys/pages/survey-page.tsx'),
  (m) => m.SurveyPage,
);
const SurveysPage = lazyPage(
  () => import('../features/surveys/pages/surveys-page.tsx'),
  (m) => m.SurveysPage,
);

/** A route whose code may still be on its way (the staff console, when reached by a link). */
function Suspended() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}

type ForAppTypeProps = { customer: ReactNode; research: ReactNode };

/** The research portal has its own version of some screens; the route shows the one for this app type. */
function ForAppType(props: ForAppTypeProps) {
  return pickForAppType(props, useConfig().appType);
}

function pickForAppType({ customer, research }: ForAppTypeProps, appType: AppType): ReactNode {
  return appType === 'RESEARCH' ? research : customer;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: <PublicLayout />,
        children: [
          {
            element: <RequireGuest />,
            children: [
              {
                path: 'login',
                element: <ForAppType customer={<LoginPage />} research={<ResearchLoginPage />} />,
              },
              {
                path: 'register',
                element: <ForAppType customer={<RegisterPage />} research={<ResearchRegisterPage />} />,
              },
              { path: 'reset-password', element: <ResetPasswordPage /> },
            ],
          },
          // The terms and privacy viewer is public, signed in or not.
          { path: 'toc', element: <LegalPage kind="terms" /> },
          { path: 'terms', element: <LegalPage kind="terms" /> },
          { path: 'privacy', element: <LegalPage kind="privacy" /> },
          // Turning 18 (issue 36): the young adult takes over from the emailed link, signed in or not.
          { path: 'handover', element: <HandoverPage /> },
          // Logged-out only too, but a verification link opened while signed in still verifies (the page
          // sends a signed-in visitor without a token on).
          { path: 'verify-email', element: <VerifyEmailPage /> },
          {
            path: 'recruitment/:recruitmentId/candidate/:candidateId/consent/:consentId',
            element: <ConsentPage />,
          },
          { path: 'unsubscribe', element: <UnsubscribePage /> },
          // After "Close my account" (issue 23): signed out, the closing tab follows its request here.
          { path: 'account-closed', element: <AccountClosedPage /> },
          // The unsubscribe link of a portal email (issue 23): no sign-in, the signed token is the proof.
          { path: 'email-unsubscribe', element: <EmailUnsubscribePage /> },
          {
            path: 'recruitment/:recruitmentId/expression-of-interest',
            element: <ExpressionOfInterestPage />,
          },
          { path: 'requisition/:kitHashedId', element: <RequisitionPage /> },
          { path: 'replacement/:kitHashedId', element: <ReplacementPage /> },
          // A report shared with a practitioner (issue 36): no account, the key after # (decision 048).
          { path: 'share/:id', element: <SharedReportPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              {
                element: <HandoverGate />,
                children: [
                  { path: 'turned-18', element: <Turned18Page /> },
                  {
                    element: <ReconsentGate />,
                    children: [
                      { path: 're-consent', element: <ReconsentPage /> },
                      {
                        element: <ResearchProfileGate />,
                        children: [
                          {
                            path: 'dashboard',
                            element: (
                              <ForAppType customer={<DashboardPage />} research={<ResearchDashboardPage />} />
                            ),
                          },
                          {
                            path: 'kits',
                            element: <ForAppType customer={<KitsPage />} research={<MyResearchPage />} />,
                          },
                          {
                            path: 'kits/notAllowed',
                            element: (
                              <ForAppType
                                customer={<KitsPage notAllowed />}
                                research={<MyResearchPage notAllowed />}
                              />
                            ),
                          },
                          { path: 'surveys', element: <SurveysPage /> },
                          { path: 'surveys/:type/:kitId', element: <SurveyPage /> },
                          {
                            element: <RequireReportPermission />,
                            children: [
                              { path: 'reports', element: <ReportsPage /> },
                              { path: 'reports/shares', element: <SharesPage /> },
                              { path: 'report', element: <ReportsPage /> },
                              { path: 'report/:kitId', element: <ReportsPage /> },
                              { path: 'journey', element: <JourneyPage /> },
                              { path: 'evidence', element: <EvidencePage /> },
                            ],
                          },
                          // Research §1 and §2: booking is through the Coach page's Make Appointment, reached from
                          // the questionnaires list and the report; the research sidebar has no Coach entry
                          // (consumer §2), and the page offers no subscription there.
                          {
                            path: 'coach',
                            element: (
                              <ForAppType customer={<CoachPage />} research={<CoachPage research />} />
                            ),
                          },
                          { path: 'profile', element: <ProfilePage /> },
                          { path: 'inbox', element: <InboxPage /> },
                          { path: 'support', element: <SupportPage /> },
                          { path: 'test-order', element: <TestOrderPage /> },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { element: <Suspended />, children: [{ path: 'staff/*', element: <StaffApp /> }] },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The page for the current address; the app renders it in a BrowserRouter, tests in a MemoryRouter. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Fetches the code of the page at `pathname` (the one it shows to a signed-in or signed-out visitor
 * alike), so the first render can draw it at once instead of suspending and asking for it then.
 */
export function preloadRoute(pathname: string, appType: AppType): Promise<unknown> {
  return Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
      const { element } = route;
      const forAppType = isValidElement<ForAppTypeProps>(element) && element.type === ForAppType;
      return preloadPage(forAppType ? pickForAppType(element.props, appType) : element);
    }),
  );
}
