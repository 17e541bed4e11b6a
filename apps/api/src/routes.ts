import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { CONSENT_FILE_MAX_BYTES, ERROR_CODES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentProvider } from './adapters/payments/payments.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { jobsAdminRoutes } from './features/admin/jobs.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { benchRoutes } from './features/bench/bench.routes.ts';
import { coachRoutes } from './features/coach/coach.routes.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { consentRoutes } from './features/consent/consent.routes.ts';
import { handoverRoutes } from './features/consent/handover.routes.ts';
import { signInPrompts } from './features/consent/index.ts';
import { ledgerRoutes, staffDocumentsRoutes } from './features/consent/ledger.routes.ts';
import { myConsentsRoutes } from './features/consent/my-consents.routes.ts';
import { closureRoutes } from './features/data-rights/closure.routes.ts';
import { dataRightsAdminRoutes } from './features/data-rights/data-rights.admin.routes.ts';
import { dataRightsRoutes } from './features/data-rights/data-rights.routes.ts';
import { devMailboxRoutes } from './features/dev/mailbox.routes.ts';
import { emailPreferencesRoutes } from './features/email-preferences/email-preferences.routes.ts';
import { kitsAdminRoutes } from './features/kits/kits.admin.routes.ts';
import { kitsRoutes } from './features/kits/kits.routes.ts';
import { legalRoutes } from './features/legal/legal.routes.ts';
import { notificationsAdminRoutes, notificationsRoutes } from './features/notifications/index.ts';
import { ordersAdminRoutes } from './features/orders/orders.admin.routes.ts';
import { ordersRoutes } from './features/orders/orders.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { recruitmentAdminRoutes, recruitmentRoutes } from './features/recruitment/recruitment.routes.ts';
import { remindersAdminRoutes } from './features/reminders/index.ts';
import { reportDownloadsRoutes } from './features/reports/reports.downloads.routes.ts';
import { labRoutes, reportsRoutes } from './features/reports/reports.routes.ts';
import { reportSharesRoutes, sharedRoutes } from './features/reports/shares.routes.ts';
import { requisitionRoutes, studyAdminRoutes } from './features/requisition/requisition.routes.ts';
import {
  auditImpersonation,
  impersonationAdminRoutes,
  impersonationRoutes,
} from './features/research/impersonation.ts';
import { researchAdminRoutes, researchRoutes } from './features/research/research.routes.ts';
import { smsRoutes } from './features/sms/index.ts';
import { myAuditRoutes, staffAuditRoutes } from './features/staff/audit-log.routes.ts';
import { staffRoutes } from './features/staff/staff.routes.ts';
import { staffCodesRoutes } from './features/staff-codes/staff-codes.routes.ts';
import { staffDashboardRoutes } from './features/staff-dashboard/dashboard.routes.ts';
import { staffLabRunsRoutes } from './features/staff-kits/lab-runs.routes.ts';
import { staffKitsRoutes } from './features/staff-kits/staff-kits.routes.ts';
import { staffLabRoutes } from './features/staff-kits/staff-lab.routes.ts';
import { staffOrdersRoutes } from './features/staff-orders/staff-orders.routes.ts';
import { staffPeopleRoutes } from './features/staff-people/people.routes.ts';
import { staffQueuesRoutes } from './features/staff-queues/queues.routes.ts';
import { staffProjectsRoutes } from './features/staff-studies/staff-projects.routes.ts';
import { staffRecruitmentsRoutes } from './features/staff-studies/staff-recruitments.routes.ts';
import { staffStudiesRoutes } from './features/staff-studies/staff-studies.routes.ts';
import { supportViewsRoutes } from './features/support-views/support-views.routes.ts';
import { loadDefinitions } from './features/surveys/catalog.ts';
import { surveysRoutes } from './features/surveys/surveys.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';

/** Health checks, the body parsers, and every feature's routes under its prefix. */
const routes: FastifyPluginAsync<{ payments: PaymentProvider }> = async (app, { payments }) => {
  const { config, db } = app.ctx;
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply
        .code(503)
        .send({ message: 'The database is not reachable.', code: ERROR_CODES.unavailable });
    }
  });

  await app.register(fastifyCookie);
  // preservePath: the upload route sees the name as sent, so it can refuse a crafted path.
  await app.register(fastifyMultipart, {
    preservePath: true,
    limits: { fileSize: CONSENT_FILE_MAX_BYTES, files: 1, fields: 5 },
  });

  auditImpersonation(app);
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/users', signInPrompts });
  await app.register(supportViewsRoutes, { prefix: '/api/users' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(consentRoutes, { prefix: '/api' });
  await app.register(dataRightsRoutes, { prefix: '/api' });
  await app.register(closureRoutes, { prefix: '/api' });
  await app.register(myConsentsRoutes, { prefix: '/api' });
  await app.register(ledgerRoutes, { prefix: '/api' });
  await app.register(handoverRoutes, { prefix: '/api' });
  await app.register(emailPreferencesRoutes, { prefix: '/api' });
  await app.register(smsRoutes, { prefix: '/api' });
  await app.register(kitsRoutes, { prefix: '/api' });
  await app.register(ordersRoutes, { prefix: '/api', payments });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(kitsAdminRoutes, { prefix: '/api/admin' });
  await app.register(ordersAdminRoutes, { prefix: '/api/admin', payments });
  await app.register(jobsAdminRoutes, { prefix: '/api/admin' });
  await app.register(notificationsAdminRoutes, { prefix: '/api/admin' });
  await app.register(remindersAdminRoutes, { prefix: '/api/admin' });
  await app.register(dataRightsAdminRoutes, { prefix: '/api/admin' });
  await app.register(reportsRoutes, { prefix: '/api' });
  await app.register(reportDownloadsRoutes, { prefix: '/api' });
  await app.register(reportSharesRoutes, { prefix: '/api' });
  await app.register(sharedRoutes);
  await loadDefinitions(db);
  await app.register(surveysRoutes, { prefix: '/api' });
  await app.register(coachRoutes, { prefix: '/api' });
  await app.register(researchRoutes, { prefix: '/api' });
  await app.register(legalRoutes, { prefix: '/api' });
  await app.register(recruitmentRoutes, { prefix: '/api' });
  await app.register(recruitmentAdminRoutes, { prefix: '/api/admin' });
  await app.register(requisitionRoutes, { prefix: '/api' });
  await app.register(studyAdminRoutes, { prefix: '/api/admin' });
  await app.register(researchAdminRoutes, { prefix: '/api/admin' });
  await app.register(impersonationRoutes, { prefix: '/api/auth' });
  await app.register(impersonationAdminRoutes, { prefix: '/api/admin' });
  await app.register(labRoutes, { prefix: '/api/admin' });
  // The staff console (issue 24): each area's routes under /api/staff, guarded by requireStaff.
  await app.register(staffRoutes, { prefix: '/api/staff' });
  await app.register(staffAuditRoutes, { prefix: '/api/staff' });
  await app.register(myAuditRoutes, { prefix: '/api' });
  await app.register(staffDashboardRoutes, { prefix: '/api/staff' });
  await app.register(staffPeopleRoutes, { prefix: '/api/staff' });
  await app.register(staffKitsRoutes, { prefix: '/api/staff' });
  await app.register(staffLabRoutes, { prefix: '/api/staff' });
  await app.register(staffLabRunsRoutes, { prefix: '/api/staff' });
  await app.register(staffOrdersRoutes, { prefix: '/api/staff', payments });
  await app.register(staffCodesRoutes, { prefix: '/api/staff' });
  await app.register(staffProjectsRoutes, { prefix: '/api/staff' });
  await app.register(staffStudiesRoutes, { prefix: '/api/staff' });
  await app.register(staffDocumentsRoutes, { prefix: '/api/staff' });
  await app.register(staffRecruitmentsRoutes, { prefix: '/api/staff' });
  await app.register(staffQueuesRoutes, { prefix: '/api/staff' });
  if (config.env !== 'production') await app.register(devMailboxRoutes, { prefix: '/dev' });
  if (config.benchRoutes) await app.register(benchRoutes, { prefix: '/bench' });
};

export default fp(routes, { name: 'routes' });
