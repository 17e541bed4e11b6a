// Over 300 lines because it is a table: one line per API route saying who may call it, kept whole so that
// the authorization suites can check that every route in /api/openapi.json has exactly one entry.
import type { StaffRole } from '@portal/domain';

/**
 * Who may call each route, read by the authorization suite (authorization.test.ts), which walks
 * /api/openapi.json: a route missing here fails the suite, so every new route must say who may call it.
 *
 * - public: anyone, no token.
 * - self: any signed-in person; answers only about the caller (a stranger never sees the owner's data).
 * - owner: a person's resource named in the request; another person's token is refused (403/404) and
 *   changes nothing. `call` builds the owner's request from the suite's fixture.
 * - admin: the operator key or the named authority; a signed-in person without it gets 403.
 * - operator: the operator key only; every signed-in person gets 403, ADMIN and every staff role too.
 * - staff: a console route (/api/staff/*, plugins/staff-guard.ts) for these staff roles (ADMIN and the
 *   operator key pass them all). staff-authorization.test.ts calls each one as every role, a staff member
 *   before the second factor, a customer and nobody: only the roles named get past the guard.
 * - support views: every route but GET refuses a support view's token (403 "Support view is read-only")
 *   before validation; the suite checks this on every route it finds, so no entry says it.
 * - withheld: every report route names the owner's request for a kit of a NO_DELIVERY project; the
 *   owner's own token gets 404 there, or an answer without that sample (decision 026).
 */
export type Fixture = {
  ownerId: string;
  ownerEmail: string;
  /** Activated kit (REQUESTED) with questionnaires open. */
  activeKitId: number;
  /** Bought, not yet sent: can be activated or given. */
  spareKitId: number;
  /** Redeemed-not-sent kit with its voucher. */
  redeemedKitId: number;
  redeemedVoucher: string;
  /** Given by the owner to someone else. */
  givenKitId: number;
  /** Two kits with imported results. */
  sampleA: string;
  sampleB: string;
  /** The owner's kit of a NO_DELIVERY project, with imported results. */
  withheldSample: string;
  reportKitId: number;
  subscriptionId: number;
  coachSlot: string;
  participantCode: string;
  /** A share link of sampleA made by the owner (issue 36). */
  shareId: string;
};

export type Call = { url: string; payload?: unknown };

type Withheld = { withheld?: (f: Fixture) => Call };
export type Access =
  | { kind: 'public' }
  | ({ kind: 'self' } & Withheld)
  | ({ kind: 'owner'; call: (f: Fixture) => Call } & Withheld)
  | { kind: 'admin'; authority: string }
  | { kind: 'operator' }
  | { kind: 'staff'; roles: readonly StaffRole[] | 'any'; secondFactor?: false; person?: true };

const address = {
  addressLine1: '9 Test St',
  addressLine2: null,
  suburb: 'Brisbane City',
  state: 'QLD',
  postcode: '4000',
};
const pub: Access = { kind: 'public' };
const self: Access = { kind: 'self' };
const admin = (authority: string): Access => ({ kind: 'admin', authority });
const operator: Access = { kind: 'operator' };
/** A console route; `options` as given to requireStaff (plugins/staff-guard.ts). */
const staff = (
  roles: readonly StaffRole[] | 'any',
  options: { secondFactor?: false; person?: true } = {},
): Access => ({ kind: 'staff', roles, ...options });
const owner = (call: (f: Fixture) => Call): Access => ({ kind: 'owner', call });
const report = (call: (f: Fixture) => Call, withheld: (f: Fixture) => Call): Access => ({
  kind: 'owner',
  call,
  withheld,
});

export const AUTHORIZATION_MATRIX: Record<string, Access> = {
  'GET /api/config': pub,
  'POST /api/auth/register': pub,
  'GET /api/auth/referral-codes/{code}': pub,
  'POST /api/auth/verify-email': pub,
  'POST /api/auth/verify-email/resend': pub,
  'POST /api/auth/login': pub,
  'POST /api/auth/refresh': pub,
  'POST /api/auth/logout': pub,
  'POST /api/auth/password-reset': pub,
  'POST /api/auth/password-reset/confirm': pub,
  'POST /api/auth/impersonate': admin('IMPERSONATE'),

  'GET /api/users/me': self,
  'GET /api/users/me/support-views': self,
  'PUT /api/users/me': self,
  // The export's id is made at request time, so the fixture has none: these answer about the caller's
  // own exports only, and data-rights.routes.test.ts checks another person's token gets 404.
  'POST /api/me/exports': self,
  'GET /api/me/exports': self,
  'GET /api/me/exports/{id}': self,
  'GET /api/me/exports/{id}/download': self,
  // Closing acts on the caller's own account only; closure.routes.test.ts checks another person's
  // token, a support view and a wrong password change nothing.
  'POST /api/me/closure': self,
  'GET /api/me/closure': self,
  'GET /api/me/consents': self,
  'GET /api/me/re-consent': self,
  'POST /api/admin/documents': operator,
  'POST /api/admin/handovers/run': operator,
  'POST /api/handover/read': pub,
  'POST /api/handover/submit': pub,
  'POST /api/handover/confirm': pub,
  'GET /api/me/handover': self,
  'POST /api/me/handover/link': self,
  'GET /api/documents/{consentId}/versions/{version}': pub,
  'GET /api/documents/{consentId}/compare': pub,
  // A stranger has no answer to the owner's consent: 404, and nothing is withdrawn.
  'POST /api/me/consents/{consentId}/withdrawal': owner(() => ({ url: '/api/me/consents/1/withdrawal' })),
  'GET /api/me/email-preferences': self,
  // The inbox (issue 35): the caller's own messages only; another person's id is 404
  // (notifications.routes.test.ts checks a stranger's token and a support view).
  'GET /api/me/notifications': self,
  'GET /api/me/notifications/unread': self,
  'GET /api/me/notifications/{id}': self,
  'POST /api/me/notifications/{id}/read': self,
  'POST /api/me/notifications/read-all': self,
  'POST /api/me/email-deliverable': self,
  'PUT /api/me/email-preferences': self,
  // Texts (issue 35 item 4): the caller's own number and choice (sms.routes.test.ts checks a stranger's
  // token and a support view); the provider's reply webhook is public, its Twilio signature the proof.
  'GET /api/me/sms': self,
  'PUT /api/me/sms/phone': self,
  'POST /api/me/sms/verify': self,
  'PUT /api/me/sms/opt-in': self,
  'DELETE /api/me/sms/phone': self,
  'POST /api/sms/twilio/inbound': pub,
  'POST /api/sms/twilio/status': pub,
  // The unsubscribe link of an email: no sign-in, the signed token in it names the person and category.
  'GET /api/email-preferences/unsubscribe': pub,
  'POST /api/email-preferences/unsubscribe': pub,
  'GET /api/email-preferences/one-click': pub,
  'POST /api/email-preferences/one-click': pub,
  'GET /api/addresses': self,
  'GET /api/consent-flow/{flowId}': owner((f) => ({
    url: `/api/consent-flow/3?consenter-type=USER&consenter-id=${f.ownerId}`,
  })),
  'POST /api/consent/{consentId}': owner((f) => ({
    url: '/api/consent/1',
    payload: { consentId: 1, consenterType: 'USER', consenterId: f.ownerId, consented: true },
  })),
  'POST /api/users/me/parental-consent/form': self,
  'POST /api/users/me/parental-consent/email': self,
  'GET /api/users/me/parental-consent': self,
  'GET /api/parental-consent/form.pdf': pub,

  // Share links (issue 36): the person's own only; a support view may list them, never make or revoke
  // one (the suite's read-only check). The practitioner's side is public: the link's id and PIN are the
  // key to it, and report-shares.routes.test.ts covers unknown, expired, revoked, locked and rate limits.
  'GET /api/report-shares': self,
  'GET /api/report-shares/practitioners': self,
  'POST /api/report-shares': report(
    (f) => ({ url: '/api/report-shares', payload: { samples: [f.sampleA], expiresInDays: 7 } }),
    (f) => ({ url: '/api/report-shares', payload: { samples: [f.withheldSample], expiresInDays: 7 } }),
  ),
  'POST /api/report-shares/{id}/revoke': owner((f) => ({ url: `/api/report-shares/${f.shareId}/revoke` })),
  'GET /api/shared/{id}': pub,
  'POST /api/shared/{id}/open': pub,

  'GET /api/dashboard': self,
  'GET /api/kits': self,
  'GET /api/kits/sent': self,
  'GET /api/kits/{kitId}/timeline': owner((f) => ({ url: `/api/kits/${f.activeKitId}/timeline` })),
  'PUT /api/kits/{kitId}': owner((f) => ({
    url: `/api/kits/${f.activeKitId}`,
    payload: { name: 'Taken over', was: { name: null } },
  })),
  'POST /api/kits/{kitId}/activate': owner((f) => ({
    url: `/api/kits/${f.spareKitId}/activate`,
    payload: address,
  })),
  'POST /api/kits/check-voucher': owner((f) => ({
    url: '/api/kits/check-voucher',
    payload: { voucher: f.redeemedVoucher },
  })),
  'POST /api/kits/redeem': owner((f) => ({
    url: '/api/kits/redeem',
    payload: { kitId: f.redeemedKitId, voucher: f.redeemedVoucher, activate: false },
  })),
  'POST /api/kits/give': owner((f) => ({
    url: '/api/kits/give',
    payload: { kitId: f.spareKitId, receiverEmail: 'thief.friend@example.com' },
  })),
  'POST /api/kits/sent/{kitId}/resend': owner((f) => ({ url: `/api/kits/sent/${f.givenKitId}/resend` })),
  'GET /api/referral-codes/{code}': self,

  'GET /api/products': pub,
  'GET /api/subscription-plans': pub,
  'GET /api/promo-codes/{code}': self,
  'POST /api/orders': self,
  'GET /api/subscriptions/me': self,
  'POST /api/subscriptions/{id}/cancel': owner((f) => ({
    url: `/api/subscriptions/${f.subscriptionId}/cancel`,
  })),
  'POST /api/payments/test-tokens': self,
  'POST /api/payments/test-authentications': self,

  'GET /api/reports': { kind: 'self', withheld: () => ({ url: '/api/reports' }) },
  'GET /api/reports/journey': { kind: 'self', withheld: () => ({ url: '/api/reports/journey' }) },
  'GET /api/reports/compare': report(
    (f) => ({ url: `/api/reports/compare?primary=${f.sampleA}&secondary=${f.sampleB}` }),
    (f) => ({ url: `/api/reports/compare?primary=${f.sampleA}&secondary=${f.withheldSample}` }),
  ),
  'GET /api/reports/compare.pdf': report(
    (f) => ({ url: `/api/reports/compare.pdf?primary=${f.sampleA}&secondary=${f.sampleB}` }),
    (f) => ({ url: `/api/reports/compare.pdf?primary=${f.withheldSample}&secondary=${f.sampleB}` }),
  ),
  'GET /api/reports/{sample}': report(
    (f) => ({ url: `/api/reports/${f.sampleA}` }),
    (f) => ({ url: `/api/reports/${f.withheldSample}` }),
  ),
  'GET /api/reports/{sample}/pdf': report(
    (f) => ({ url: `/api/reports/${f.sampleA}/pdf` }),
    (f) => ({ url: `/api/reports/${f.withheldSample}/pdf` }),
  ),
  'GET /api/reports/{sample}/metaphlan.txt': report(
    (f) => ({ url: `/api/reports/${f.sampleA}/metaphlan.txt` }),
    (f) => ({ url: `/api/reports/${f.withheldSample}/metaphlan.txt` }),
  ),
  'GET /api/reports/{sample}/taxa.csv': report(
    (f) => ({ url: `/api/reports/${f.sampleA}/taxa.csv` }),
    (f) => ({ url: `/api/reports/${f.withheldSample}/taxa.csv` }),
  ),

  'GET /api/surveys/{type}': self,
  'GET /api/kits/{kitId}/surveys/{type}/answers': owner((f) => ({
    url: `/api/kits/${f.activeKitId}/surveys/day-of-sampling/answers`,
  })),
  'PUT /api/kits/{kitId}/surveys/{type}': owner((f) => ({
    url: `/api/kits/${f.activeKitId}/surveys/day-of-sampling`,
    payload: { questionId: 'DOS_UNWELL', answers: [], answerString: 'true' },
  })),
  'DELETE /api/kits/{kitId}/surveys/{type}/answers/{questionId}': owner((f) => ({
    url: `/api/kits/${f.activeKitId}/surveys/day-of-sampling/answers/DOS_UNWELL`,
  })),

  'GET /api/coach/slots': self,
  'GET /api/coach/bookings': self,
  'POST /api/kits/{kitId}/coach-booking': owner((f) => ({
    url: `/api/kits/${f.reportKitId}/coach-booking`,
    payload: { startsAt: f.coachSlot },
  })),

  'POST /api/research/register-check': pub,
  'POST /api/research/join': owner((f) => ({
    url: '/api/research/join',
    payload: { participantIdentifier: f.participantCode, userId: f.ownerId },
  })),
  'POST /api/research/check-voucher': owner((f) => ({
    url: '/api/research/check-voucher',
    payload: { voucher: f.redeemedVoucher },
  })),
  'GET /api/research/kits': self,

  'GET /api/legal/versions': pub,
  'GET /api/legal/terms.pdf': pub,
  'GET /api/legal/privacy.pdf': pub,
  'GET /api/recruitment/{recruitmentId}': pub,
  'GET /api/recruitment/{recruitmentId}/candidate/{candidateId}/consent/{consentId}': pub,
  'PUT /api/recruitment/{recruitmentId}/candidate/{candidateId}/consent/{consentId}': pub,
  'POST /api/recruitment/{recruitmentId}/candidate/{candidateId}/validate': pub,
  'GET /api/recruitment/unsubscribe': pub,
  'POST /api/recruitment/unsubscribe': pub,
  'POST /api/recruitment/unsubscribe/one-click': pub,
  'POST /api/recruitment/candidates': pub,
  'GET /api/requisition/kits/{kitHashedId}': pub,
  'GET /api/requisition/visitors': pub,
  'POST /api/requisition/kits': pub,
  'GET /api/questionnaire/survey/19': pub,
  'GET /api/questionnaire/survey-result/{surveyResultId}/survey/19': pub,
  'PUT /api/questionnaire/survey-result/{surveyResultId}/survey': pub,

  'POST /api/admin/users': admin('USER_ADMIN'),
  'GET /api/admin/mail': admin('MAIL_READ'),
  'POST /api/admin/consent-review': admin('CONSENT_REVIEW'),
  'POST /api/admin/addresses': admin('ADDRESS_ADMIN'),
  'POST /api/admin/kits': admin('KIT_ADMIN'),
  'PATCH /api/admin/kits/{kitId}': admin('KIT_ADMIN'),
  'POST /api/admin/referral-codes': admin('KIT_ADMIN'),
  'POST /api/admin/seed-demo': admin('ADMIN'),
  'POST /api/admin/promo-codes': admin('ORDER_ADMIN'),
  'POST /api/admin/subscriptions/renew': admin('ORDER_ADMIN'),
  'POST /api/admin/results': admin('LAB_RESULTS'),
  'POST /api/admin/projects': admin('PROJECT_ADMIN'),
  'POST /api/admin/projects/{projectId}/participant-codes': admin('PROJECT_ADMIN'),
  'GET /api/admin/impersonation-audit': admin('AUDIT_READ'),
  'GET /api/admin/jobs': admin('ADMIN'),
  'POST /api/admin/reminders/advance': admin('ADMIN'),
  'POST /api/admin/mail/bounces': admin('ADMIN'),
  'POST /api/admin/closures': admin('DATA_RIGHTS'),
  'GET /api/admin/sample-destructions': admin('LAB_RESULTS'),
  'POST /api/admin/sample-destructions/{sample}/destroyed': admin('LAB_RESULTS'),
  // A person's export leaves the portal through ops user:export only: staff never get the ZIP (issue 32).
  'POST /api/admin/exports': operator,
  'GET /api/admin/exports/{id}': operator,
  'GET /api/admin/exports/{id}/download': operator,
  'POST /api/admin/recruitments': admin('RECRUITMENT_ADMIN'),
  'POST /api/admin/recruitments/{recruitmentId}/candidates': admin('RECRUITMENT_ADMIN'),
  'POST /api/admin/study/sites': admin('STUDY_ADMIN'),
  'POST /api/admin/study/sites/{siteId}/kits': admin('STUDY_ADMIN'),

  // The staff console (issue 24): each area adds its routes here, with the roles its guard names.
  'GET /api/staff/session': staff('any', { secondFactor: false, person: true }),
  'POST /api/staff/second-factor/totp': staff('any', { secondFactor: false, person: true }),
  'POST /api/staff/second-factor/totp/confirm': staff('any', { secondFactor: false, person: true }),
  'POST /api/staff/second-factor/verify': staff('any', { secondFactor: false, person: true }),
  'POST /api/staff/second-factor/recovery-codes': staff('any', { person: true }),
  'POST /api/staff/invitations/accept': pub,
  'GET /api/staff/members': staff(['ADMIN']),
  'POST /api/staff/members': staff(['ADMIN']),
  'PUT /api/staff/members/{id}/roles': staff(['ADMIN']),
  'POST /api/staff/members/{id}/disable': staff(['ADMIN']),
  'POST /api/staff/members/{id}/enable': staff(['ADMIN']),
  'POST /api/staff/members/{id}/second-factor/reset': staff(['ADMIN']),
  'POST /api/staff/members/{id}/second-factor/unlock': staff(['ADMIN']),
  'GET /api/staff/sessions': staff(['ADMIN']),
  'POST /api/staff/sessions/{sessionId}/end': staff(['ADMIN']),
  'POST /api/staff/members/{id}/sessions/end': staff(['ADMIN']),
  'GET /api/staff/audit': staff(['ADMIN']),
  'GET /api/staff/audit.csv': staff(['ADMIN']),
  'GET /api/me/audit': self,
  'GET /api/staff/dashboard': staff(['LOGISTICS', 'LAB', 'SUPPORT', 'STUDY', 'ADMIN']),
  'GET /api/staff/people': staff(['SUPPORT']),
  'GET /api/staff/people/{id}': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/support-view': staff(['SUPPORT'], { person: true }),
  'GET /api/staff/people/{id}/emails/{mailId}': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/emails/{mailId}/resend': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/verification-email': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/password-reset': staff(['SUPPORT']),
  'GET /api/staff/people/{id}/consent-form': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/consent-review': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/export': staff(['SUPPORT']),
  'GET /api/staff/people/{id}/notes': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/notes': staff(['SUPPORT']),
  'POST /api/staff/people/{id}/closure': staff(['SUPPORT']),
  // Kits (staff-kits): read by logistics, the lab and support; dispatch by logistics; the rest by the lab.
  'GET /api/staff/kits': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'GET /api/staff/kits/projects': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'GET /api/staff/kits/by-code/{code}': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'GET /api/staff/kits/{kitId}': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'POST /api/staff/kits/dispatch': staff(['LOGISTICS']),
  'GET /api/staff/kits/dispatch-documents.pdf': staff(['LOGISTICS']),
  'GET /api/staff/kits/dispatch-batches': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'GET /api/staff/kits/dispatch-batches/{day}': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'GET /api/staff/kits/dispatch-batches/{day}/manifest.{format}': staff(['LOGISTICS']),
  'POST /api/staff/kits/pack-verify': staff(['LOGISTICS']),
  'POST /api/staff/lab/receive': staff(['LAB']),
  'POST /api/staff/lab/steps': staff(['LAB']),
  'GET /api/staff/lab/quarantine': staff(['LAB']),
  'GET /api/staff/kits/{kitId}/receipt': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'POST /api/staff/lab/quarantine/decide': staff(['LAB']),
  'GET /api/staff/queues': staff(['LOGISTICS', 'LAB', 'SUPPORT']),
  'POST /api/staff/results/preview': staff(['LAB']),
  'POST /api/staff/results': staff(['LAB']),
  'GET /api/staff/results/awaiting-release': staff(['LAB']),
  'POST /api/staff/results/release': staff(['LAB']),
  'POST /api/staff/results/review': staff(['LAB']),
  'POST /api/staff/results/retract': staff(['LAB']),
  'GET /api/staff/lab/projects/{id}/settings': staff(['LAB']),
  'PUT /api/staff/lab/projects/{id}/settings': staff(['LAB']),
  // Runs, plates and controls, batch moves and undo (issue 34 items 7 and 9): support reads, the lab acts.
  'GET /api/staff/lab/runs': staff(['LAB', 'SUPPORT']),
  'POST /api/staff/lab/runs': staff(['LAB']),
  'GET /api/staff/lab/runs/{id}': staff(['LAB', 'SUPPORT']),
  'POST /api/staff/lab/runs/{id}/plates': staff(['LAB']),
  'POST /api/staff/lab/runs/{id}/controls': staff(['LAB']),
  'POST /api/staff/lab/runs/{id}/override': staff(['LAB']),
  'POST /api/staff/lab/runs/{id}/step': staff(['LAB']),
  'GET /api/staff/lab/plates/{id}': staff(['LAB', 'SUPPORT']),
  'GET /api/staff/lab/plates/by-name/{name}': staff(['LAB', 'SUPPORT']),
  'POST /api/staff/lab/plates/{id}/wells': staff(['LAB']),
  'DELETE /api/staff/lab/plates/{id}/wells/{well}': staff(['LAB']),
  'POST /api/staff/lab/plates/{id}/controls': staff(['LAB']),
  'DELETE /api/staff/lab/plates/{id}/controls/{well}': staff(['LAB']),
  'POST /api/staff/lab/plates/{id}/step': staff(['LAB']),
  'POST /api/staff/lab/moves/undo': staff(['LAB']),
  'GET /api/staff/lab/range': staff(['LAB']),
  'GET /api/staff/lab/projects/{id}/controls': staff(['LAB', 'SUPPORT']),
  'PUT /api/staff/lab/projects/{id}/controls': staff(['LAB']),
  // Orders and subscriptions (staff-orders): support and admin (decision 038).
  'GET /api/staff/orders': staff(['SUPPORT']),
  'POST /api/staff/orders/{orderId}/refund': staff(['SUPPORT']),
  'POST /api/staff/replacements': staff(['SUPPORT']),
  'GET /api/staff/subscriptions': staff(['SUPPORT']),
  'POST /api/staff/subscriptions/{id}/cancel': staff(['SUPPORT']),
  'POST /api/staff/subscriptions/{id}/renewal-retry': staff(['SUPPORT']),
  // Codes (staff-codes): admin only.
  'GET /api/staff/promo-codes': staff(['ADMIN']),
  'POST /api/staff/promo-codes': staff(['ADMIN']),
  'POST /api/staff/promo-codes/{code}/disable': staff(['ADMIN']),
  'GET /api/staff/referral-codes': staff(['ADMIN']),
  'POST /api/staff/referral-codes': staff(['ADMIN']),
  'POST /api/staff/referral-codes/{code}/deactivate': staff(['ADMIN']),
  // Studies (staff-studies): study coordinators.
  'GET /api/staff/projects': staff(['STUDY']),
  'POST /api/staff/projects': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}': staff(['STUDY']),
  'PUT /api/staff/projects/{projectId}/surveys': staff(['STUDY']),
  'POST /api/staff/projects/{projectId}/vouchers': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}/vouchers.csv': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}/participant-codes': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}/participants': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}/funnel': staff(['STUDY']),
  'POST /api/staff/projects/{projectId}/participant-codes': staff(['STUDY']),
  'POST /api/staff/projects/{projectId}/mailouts/preview': staff(['STUDY']),
  'POST /api/staff/projects/{projectId}/mailouts': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}/mailouts': staff(['STUDY']),
  'GET /api/staff/projects/{projectId}/mailouts/{mailoutId}': staff(['STUDY']),
  'GET /api/staff/study/sites': staff(['STUDY']),
  'GET /api/staff/documents': staff(['STUDY']),
  'POST /api/staff/documents/{consentId}/versions': staff(['STUDY']),
  'POST /api/staff/study/sites': staff(['STUDY']),
  'GET /api/staff/study/sites/{siteId}/kits': staff(['STUDY']),
  'POST /api/staff/study/sites/{siteId}/kits': staff(['STUDY']),
  'GET /api/staff/study/kits/labels.pdf': staff(['STUDY']),
  'GET /api/staff/study/kits/{kitId}': staff(['STUDY']),
  'GET /api/staff/recruitments': staff(['STUDY']),
  'POST /api/staff/recruitments': staff(['STUDY']),
  'POST /api/staff/recruitments/consent-preview': staff(['STUDY']),
  'GET /api/staff/recruitments/{recruitmentId}': staff(['STUDY']),
  'GET /api/staff/recruitments/{recruitmentId}/funnel': staff(['STUDY']),
  'PUT /api/staff/recruitments/{recruitmentId}/consents/{consentId}': staff(['STUDY']),
  'POST /api/staff/recruitments/{recruitmentId}/consents': staff(['STUDY']),
  'GET /api/staff/recruitments/{recruitmentId}/candidates': staff(['STUDY']),
  'POST /api/staff/recruitments/{recruitmentId}/candidates': staff(['STUDY']),
  'POST /api/staff/recruitments/{recruitmentId}/candidates/import': staff(['STUDY']),
  'POST /api/staff/recruitments/{recruitmentId}/mailouts/preview': staff(['STUDY']),
  'POST /api/staff/recruitments/{recruitmentId}/mailouts': staff(['STUDY']),
  'GET /api/staff/recruitments/{recruitmentId}/mailouts': staff(['STUDY']),
  'GET /api/staff/recruitments/{recruitmentId}/mailouts/{mailoutId}': staff(['STUDY']),
};
