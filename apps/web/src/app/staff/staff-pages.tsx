import {
  KIT_READER_ROLES,
  ORDER_STAFF_ROLES,
  QUEUE_READER_ROLES,
  STUDY_STAFF_ROLES,
  type StaffRole,
} from '@portal/domain';
import {
  FileText,
  FileUp,
  FlaskConical,
  FolderKanban,
  Handshake,
  Inbox,
  LayoutDashboard,
  LayoutGrid,
  ListTodo,
  type LucideIcon,
  MapPin,
  Megaphone,
  Package,
  Printer,
  Receipt,
  Repeat,
  ScrollText,
  TicketPercent,
  Truck,
  UserCog,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-load.tsx';

/**
 * THE STAFF CONSOLE'S PAGES (issue 24): the one list the shell reads for its routes and its navigation.
 * A staff-* feature plugs a page in by adding an entry here; nothing else in the shell changes.
 *
 * - `path`: under /staff, React Router syntax ('kits', 'kits/:kitId'); '' is the dashboard.
 * - `roles`: who may open it; ADMIN opens everything. Use the roles the page's API routes name in
 *   requireStaff (apps/api/src/plugins/staff-guard.ts), so the page never offers what the API refuses.
 *   Someone without the role who follows a link sees "not for your roles" instead of the page.
 * - `element`: a lazyPage, so each page is its own chunk and the customer portal never loads it.
 * - `nav`: its entry in the sidebar (label, icon), shown only to those who hold a role; leave it out
 *   for pages reached by links (a kit's page, a person's page). Entries appear in this list's order.
 *
 * Links between pages use ordinary paths, e.g. `/staff/kits?kitStatus=DISPATCHED_BY_LAB` from the
 * dashboard. The signed-in staff member and their roles: `useStaffSession()` and `canSee()` in
 * lib/staff.ts; API calls: `staffRequest()` there (adds /staff and the token). Shared console pieces
 * (page header, keyset pager, tables) are in components/staff/. The layout sets data-density="compact"
 * on the console, so the design system's primitives come out denser there by themselves.
 */
export type StaffPage = {
  path: string;
  roles: readonly StaffRole[];
  element: ReactNode;
  nav?: { label: string; icon: LucideIcon };
};

const KitsPage = lazyPage(
  () => import('../../features/staff-kits/pages/kits-page.tsx'),
  (m) => m.KitsPage,
);
const KitPage = lazyPage(
  () => import('../../features/staff-kits/pages/kit-page.tsx'),
  (m) => m.KitPage,
);
const DispatchPage = lazyPage(
  () => import('../../features/staff-kits/pages/dispatch-page.tsx'),
  (m) => m.DispatchPage,
);
const DispatchBatchesPage = lazyPage(
  () => import('../../features/staff-kits/pages/dispatch-batches-page.tsx'),
  (m) => m.DispatchBatchesPage,
);
const ReceivePage = lazyPage(
  () => import('../../features/staff-kits/pages/receive-page.tsx'),
  (m) => m.ReceivePage,
);
const LabStepsPage = lazyPage(
  () => import('../../features/staff-kits/pages/lab-steps-page.tsx'),
  (m) => m.LabStepsPage,
);
const RunsPage = lazyPage(
  () => import('../../features/staff-kits/pages/runs-page.tsx'),
  (m) => m.RunsPage,
);
const RunPage = lazyPage(
  () => import('../../features/staff-kits/pages/run-page.tsx'),
  (m) => m.RunPage,
);
const ResultsPage = lazyPage(
  () => import('../../features/staff-kits/pages/results-page.tsx'),
  (m) => m.ResultsPage,
);
const WorkQueuesPage = lazyPage(
  () => import('../../features/staff-dashboard/pages/work-queues-page.tsx'),
  (m) => m.WorkQueuesPage,
);
const ALL: readonly StaffRole[] = ['LOGISTICS', 'LAB', 'SUPPORT', 'STUDY', 'ADMIN'];

const DashboardPage = lazyPage(
  () => import('../../features/staff-dashboard/pages/staff-dashboard-page.tsx'),
  (m) => m.StaffDashboardPage,
);
const PeoplePage = lazyPage(
  () => import('../../features/staff-people/pages/people-page.tsx'),
  (m) => m.PeoplePage,
);
const PersonPage = lazyPage(
  () => import('../../features/staff-people/pages/person-page.tsx'),
  (m) => m.PersonPage,
);
const AuditLogPage = lazyPage(
  () => import('../../features/staff-admin/pages/audit-log-page.tsx'),
  (m) => m.AuditLogPage,
);
const StaffAccountsPage = lazyPage(
  () => import('../../features/staff-admin/pages/staff-accounts-page.tsx'),
  (m) => m.StaffAccountsPage,
);

const OrdersPage = lazyPage(
  () => import('../../features/staff-orders/pages/orders-page.tsx'),
  (m) => m.OrdersPage,
);
const SubscriptionsPage = lazyPage(
  () => import('../../features/staff-orders/pages/subscriptions-page.tsx'),
  (m) => m.SubscriptionsPage,
);
const PromoCodesPage = lazyPage(
  () => import('../../features/staff-codes/pages/promo-codes-page.tsx'),
  (m) => m.PromoCodesPage,
);
const ReferralCodesPage = lazyPage(
  () => import('../../features/staff-codes/pages/referral-codes-page.tsx'),
  (m) => m.ReferralCodesPage,
);
const ProjectsPage = lazyPage(
  () => import('../../features/staff-studies/pages/projects-page.tsx'),
  (m) => m.ProjectsPage,
);
const ProjectPage = lazyPage(
  () => import('../../features/staff-studies/pages/project-page.tsx'),
  (m) => m.ProjectPage,
);
const DocumentsPage = lazyPage(
  () => import('../../features/staff-studies/pages/documents-page.tsx'),
  (m) => m.DocumentsPage,
);
const SitesPage = lazyPage(
  () => import('../../features/staff-studies/pages/sites-page.tsx'),
  (m) => m.SitesPage,
);
const SitePage = lazyPage(
  () => import('../../features/staff-studies/pages/site-page.tsx'),
  (m) => m.SitePage,
);
const RecruitmentsPage = lazyPage(
  () => import('../../features/staff-studies/pages/recruitments-page.tsx'),
  (m) => m.RecruitmentsPage,
);
const RecruitmentPage = lazyPage(
  () => import('../../features/staff-studies/pages/recruitment-page.tsx'),
  (m) => m.RecruitmentPage,
);
const StudyKitPage = lazyPage(
  () => import('../../features/staff-studies/pages/study-kit-page.tsx'),
  (m) => m.StudyKitPage,
);

export const STAFF_PAGES: StaffPage[] = [
  { path: '', roles: ALL, element: <DashboardPage />, nav: { label: 'Dashboard', icon: LayoutDashboard } },
  // Kits (staff-kits): the roles are those of its API routes (staff-kits.routes.ts, staff-lab.routes.ts).
  { path: 'kits', roles: KIT_READER_ROLES, element: <KitsPage />, nav: { label: 'Kits', icon: Package } },
  { path: 'kits/:kitId', roles: KIT_READER_ROLES, element: <KitPage /> },
  {
    path: 'dispatch',
    roles: ['LOGISTICS'],
    element: <DispatchPage />,
    nav: { label: 'Dispatch', icon: Truck },
  },
  {
    path: 'dispatch-batches',
    roles: ['LOGISTICS'],
    element: <DispatchBatchesPage />,
    nav: { label: 'Dispatch batches', icon: Printer },
  },
  {
    path: 'receive',
    roles: ['LAB'],
    element: <ReceivePage />,
    nav: { label: 'Receive samples', icon: Inbox },
  },
  {
    path: 'lab-steps',
    roles: ['LAB'],
    element: <LabStepsPage />,
    nav: { label: 'Lab steps', icon: FlaskConical },
  },
  // Runs, plates and controls (issue 34 item 7): support reads them (lab-runs.routes.ts).
  {
    path: 'lab/runs',
    roles: ['LAB', 'SUPPORT'],
    element: <RunsPage />,
    nav: { label: 'Runs and plates', icon: LayoutGrid },
  },
  { path: 'lab/runs/:runId', roles: ['LAB', 'SUPPORT'], element: <RunPage /> },
  { path: 'results', roles: ['LAB'], element: <ResultsPage />, nav: { label: 'Results', icon: FileUp } },
  // Work queues (staff-dashboard, issue 34 item 17): the roles of queues.routes.ts.
  {
    path: 'queues',
    roles: QUEUE_READER_ROLES,
    element: <WorkQueuesPage />,
    nav: { label: 'Work queues', icon: ListTodo },
  },
  // People (staff-people): the roles of its API routes (people.routes.ts).
  { path: 'people', roles: ['SUPPORT'], element: <PeoplePage />, nav: { label: 'People', icon: Users } },
  { path: 'people/:id', roles: ['SUPPORT'], element: <PersonPage /> },
  // Orders and subscriptions (staff-orders): the roles of staff-orders.routes.ts (decision 038).
  {
    path: 'orders',
    roles: ORDER_STAFF_ROLES,
    element: <OrdersPage />,
    nav: { label: 'Orders', icon: Receipt },
  },
  {
    path: 'subscriptions',
    roles: ORDER_STAFF_ROLES,
    element: <SubscriptionsPage />,
    nav: { label: 'Subscriptions', icon: Repeat },
  },
  // Codes (staff-codes): ADMIN only, as staff-codes.routes.ts.
  {
    path: 'promo-codes',
    roles: ['ADMIN'],
    element: <PromoCodesPage />,
    nav: { label: 'Promo codes', icon: TicketPercent },
  },
  {
    path: 'referral-codes',
    roles: ['ADMIN'],
    element: <ReferralCodesPage />,
    nav: { label: 'Referral codes', icon: Handshake },
  },
  // Studies (staff-studies): the roles of staff-studies.routes.ts.
  {
    path: 'projects',
    roles: STUDY_STAFF_ROLES,
    element: <ProjectsPage />,
    nav: { label: 'Projects', icon: FolderKanban },
  },
  { path: 'projects/:projectId', roles: STUDY_STAFF_ROLES, element: <ProjectPage /> },
  {
    path: 'recruitments',
    roles: STUDY_STAFF_ROLES,
    element: <RecruitmentsPage />,
    nav: { label: 'Recruitments', icon: Megaphone },
  },
  { path: 'recruitments/:recruitmentId', roles: STUDY_STAFF_ROLES, element: <RecruitmentPage /> },
  {
    path: 'study-sites',
    roles: STUDY_STAFF_ROLES,
    element: <SitesPage />,
    nav: { label: 'Study sites', icon: MapPin },
  },
  { path: 'study-sites/:siteId', roles: STUDY_STAFF_ROLES, element: <SitePage /> },
  { path: 'study-kits/:kitId', roles: STUDY_STAFF_ROLES, element: <StudyKitPage /> },
  // The consent ledger's documents (issue 36): STUDY publishes consents, ADMIN the terms and privacy.
  {
    path: 'documents',
    roles: STUDY_STAFF_ROLES,
    element: <DocumentsPage />,
    nav: { label: 'Documents', icon: FileText },
  },
  // Administration (staff-admin).
  {
    path: 'staff-accounts',
    roles: ['ADMIN'],
    element: <StaffAccountsPage />,
    nav: { label: 'Staff accounts', icon: UserCog },
  },
  {
    path: 'audit',
    roles: ['ADMIN'],
    element: <AuditLogPage />,
    nav: { label: 'Audit log', icon: ScrollText },
  },
];
