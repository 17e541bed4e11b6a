import { AUTH_MESSAGES, apiErrorSchema, ERROR_CODES } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_READS_PER_MINUTE } from '../features/consent/ledger.routes.ts';
import { SHARE_RATE_LIMITS } from '../features/reports/shares.routes.ts';
import { SMS_RATE_LIMITS } from '../features/sms/index.ts';
import { bearer, createTestApp, ops, signedInUser, type TestApp } from '../test/helpers.ts';
import { AUTHORIZATION_MATRIX } from './authorization-matrix.ts';

/**
 * Every sensitive endpoint stops answering after its limit from one address: 429, Retry-After and the
 * error shape. Limits that come from settings are lowered here so each is reached in a few requests.
 * Bodies are invalid on purpose: a refused request counts too, and costs nothing (no password hashing).
 */
const LIMIT = 3;
const UUID = '00000000-0000-4000-8000-000000000000';

type Caller = 'anonymous' | 'person' | 'operator';
type Row = { route: string; url: string; payload?: unknown; as: Caller; max: number };

const SENSITIVE: Row[] = [
  // A share link's page and API count per link (and per address, at a higher number): reports/shares.routes.ts.
  {
    route: 'GET /api/shared/{id}',
    url: '/api/shared/rate-limit-row-one',
    as: 'anonymous',
    max: SHARE_RATE_LIMITS.perLink,
  },
  {
    route: 'POST /api/shared/{id}/open',
    url: '/api/shared/rate-limit-row-two/open',
    payload: {},
    as: 'anonymous',
    max: SHARE_RATE_LIMITS.perLink,
  },
  // The consent ledger's public documents (issue 36): consent/ledger.routes.ts.
  {
    route: 'GET /api/documents/{consentId}/versions/{version}',
    url: '/api/documents/1/versions/none',
    as: 'anonymous',
    max: DOCUMENT_READS_PER_MINUTE,
  },
  {
    route: 'GET /api/documents/{consentId}/compare',
    url: '/api/documents/1/compare?from=a&to=b',
    as: 'anonymous',
    max: DOCUMENT_READS_PER_MINUTE,
  },
  // Turning 18's handover, reached with the link's key: consent/handover.routes.ts.
  { route: 'POST /api/handover/read', url: '/api/handover/read', payload: {}, as: 'anonymous', max: 10 },
  { route: 'POST /api/handover/submit', url: '/api/handover/submit', payload: {}, as: 'anonymous', max: 10 },
  {
    route: 'POST /api/handover/confirm',
    url: '/api/handover/confirm',
    payload: {},
    as: 'anonymous',
    max: 10,
  },
  // Texts (issue 35 item 4): Twilio's reply webhook, and the codes a person has texted and tries.
  {
    route: 'POST /api/sms/twilio/inbound',
    url: '/api/sms/twilio/inbound',
    payload: {},
    as: 'anonymous',
    max: SMS_RATE_LIMITS.webhook,
  },
  {
    route: 'POST /api/sms/twilio/status',
    url: '/api/sms/twilio/status',
    payload: {},
    as: 'anonymous',
    max: SMS_RATE_LIMITS.statuses,
  },
  {
    route: 'PUT /api/me/sms/phone',
    url: '/api/me/sms/phone',
    payload: {},
    as: 'person',
    max: SMS_RATE_LIMITS.codes,
  },
  {
    route: 'POST /api/me/sms/verify',
    url: '/api/me/sms/verify',
    payload: {},
    as: 'person',
    max: SMS_RATE_LIMITS.checks,
  },
  // Turning 18 at sign-in: a fresh handover link to the account's email (consent/handover.routes.ts).
  { route: 'POST /api/me/handover/link', url: '/api/me/handover/link', as: 'person', max: 5 },
  { route: 'POST /api/auth/register', url: '/api/auth/register', payload: {}, as: 'anonymous', max: LIMIT },
  { route: 'POST /api/auth/login', url: '/api/auth/login', payload: {}, as: 'anonymous', max: LIMIT },
  {
    route: 'GET /api/auth/referral-codes/{code}',
    url: '/api/auth/referral-codes/REF-NONE',
    as: 'anonymous',
    max: LIMIT,
  },
  { route: 'POST /api/auth/refresh', url: '/api/auth/refresh', payload: {}, as: 'anonymous', max: LIMIT * 3 },
  { route: 'POST /api/auth/logout', url: '/api/auth/logout', payload: {}, as: 'anonymous', max: LIMIT * 3 },
  {
    route: 'POST /api/auth/verify-email',
    url: '/api/auth/verify-email',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/auth/verify-email/resend',
    url: '/api/auth/verify-email/resend',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/auth/password-reset',
    url: '/api/auth/password-reset',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/auth/password-reset/confirm',
    url: '/api/auth/password-reset/confirm',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  { route: 'POST /api/auth/impersonate', url: '/api/auth/impersonate', payload: {}, as: 'operator', max: 30 },
  { route: 'PUT /api/users/me', url: '/api/users/me', payload: {}, as: 'person', max: LIMIT },
  {
    route: 'POST /api/users/me/parental-consent/form',
    url: '/api/users/me/parental-consent/form',
    payload: {},
    as: 'person',
    max: LIMIT,
  },
  {
    route: 'POST /api/users/me/parental-consent/email',
    url: '/api/users/me/parental-consent/email',
    payload: {},
    as: 'person',
    max: 5,
  },
  { route: 'GET /api/addresses', url: '/api/addresses?q=1', as: 'person', max: 120 },
  {
    route: 'POST /api/kits/check-voucher',
    url: '/api/kits/check-voucher',
    payload: {},
    as: 'person',
    max: LIMIT,
  },
  { route: 'POST /api/kits/redeem', url: '/api/kits/redeem', payload: {}, as: 'person', max: LIMIT },
  { route: 'POST /api/kits/give', url: '/api/kits/give', payload: {}, as: 'person', max: LIMIT },
  { route: 'POST /api/kits/sent/{kitId}/resend', url: '/api/kits/sent/1/resend', as: 'person', max: 5 },
  { route: 'GET /api/referral-codes/{code}', url: '/api/referral-codes/REF-NONE', as: 'person', max: 30 },
  { route: 'GET /api/promo-codes/{code}', url: '/api/promo-codes/NONE', as: 'person', max: LIMIT },
  { route: 'POST /api/orders', url: '/api/orders', payload: {}, as: 'person', max: LIMIT },
  {
    route: 'POST /api/payments/test-tokens',
    url: '/api/payments/test-tokens',
    payload: {},
    as: 'person',
    max: LIMIT,
  },
  {
    route: 'POST /api/kits/{kitId}/coach-booking',
    url: '/api/kits/1/coach-booking',
    payload: {},
    as: 'person',
    max: 30,
  },
  {
    route: 'POST /api/research/register-check',
    url: '/api/research/register-check',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  { route: 'POST /api/research/join', url: '/api/research/join', payload: {}, as: 'person', max: LIMIT },
  {
    route: 'POST /api/research/check-voucher',
    url: '/api/research/check-voucher',
    payload: {},
    as: 'person',
    max: LIMIT,
  },
  { route: 'GET /api/recruitment/{recruitmentId}', url: '/api/recruitment/1', as: 'anonymous', max: LIMIT },
  {
    route: 'GET /api/recruitment/{recruitmentId}/candidate/{candidateId}/consent/{consentId}',
    url: `/api/recruitment/1/candidate/${UUID}/consent/1`,
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'PUT /api/recruitment/{recruitmentId}/candidate/{candidateId}/consent/{consentId}',
    url: `/api/recruitment/1/candidate/${UUID}/consent/1`,
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/recruitment/{recruitmentId}/candidate/{candidateId}/validate',
    url: `/api/recruitment/1/candidate/${UUID}/validate`,
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'GET /api/recruitment/unsubscribe',
    url: '/api/recruitment/unsubscribe?token=x',
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/recruitment/unsubscribe',
    url: '/api/recruitment/unsubscribe',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/recruitment/unsubscribe/one-click',
    url: '/api/recruitment/unsubscribe/one-click?token=x',
    payload: {},
    as: 'anonymous',
    max: 1000,
  },
  // Unsubscribe links and staff invitations carry a signed token: counted like a sign-in, so tokens
  // cannot be tried in bulk. The one-click POST is sent by mail providers, often many from one address.
  {
    route: 'GET /api/email-preferences/unsubscribe',
    url: '/api/email-preferences/unsubscribe?token=x',
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/email-preferences/unsubscribe',
    url: '/api/email-preferences/unsubscribe',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'GET /api/email-preferences/one-click',
    url: '/api/email-preferences/one-click?token=x',
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/email-preferences/one-click',
    url: '/api/email-preferences/one-click?token=x',
    payload: {},
    as: 'anonymous',
    max: 1000,
  },
  {
    route: 'POST /api/staff/invitations/accept',
    url: '/api/staff/invitations/accept',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/recruitment/candidates',
    url: '/api/recruitment/candidates',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  // Multi-site study forms: a kit's label id opens its form; the stool questionnaire goes by signed token.
  {
    route: 'GET /api/requisition/kits/{kitHashedId}',
    url: '/api/requisition/kits/nope?formType=requisition-form',
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'POST /api/requisition/kits',
    url: '/api/requisition/kits',
    payload: {},
    as: 'anonymous',
    max: LIMIT,
  },
  {
    route: 'GET /api/requisition/visitors',
    url: '/api/requisition/visitors?subjectId=S1&kitHashedId=nope',
    as: 'anonymous',
    max: LIMIT * 5,
  },
  {
    route: 'GET /api/questionnaire/survey/19',
    url: '/api/questionnaire/survey/19',
    as: 'anonymous',
    max: LIMIT * 5,
  },
  {
    route: 'GET /api/questionnaire/survey-result/{surveyResultId}/survey/19',
    url: '/api/questionnaire/survey-result/1/survey/19',
    as: 'anonymous',
    max: LIMIT * 5,
  },
  {
    route: 'PUT /api/questionnaire/survey-result/{surveyResultId}/survey',
    url: '/api/questionnaire/survey-result/1/survey',
    payload: {},
    as: 'anonymous',
    max: LIMIT * 5,
  },
];

/** Public routes left unlimited, each with the reason: nothing to guess and nothing costly to repeat. */
const UNLIMITED_PUBLIC: Record<string, string> = {
  'GET /api/config': 'static settings',
  'GET /api/products': 'static price list',
  'GET /api/subscription-plans': 'static price list',
  'GET /api/legal/versions': 'static texts',
  'GET /api/legal/terms.pdf': 'static document, rendered once',
  'GET /api/legal/privacy.pdf': 'static document, rendered once',
  'GET /api/parental-consent/form.pdf': 'static document, rendered once',
};

let t: TestApp;
let personToken: string;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_RATE_LIMIT: String(LIMIT),
    VOUCHER_RATE_LIMIT: String(LIMIT),
    PAYMENT_RATE_LIMIT: String(LIMIT),
  });
  // Sign in before the login limit is tested, from an address of its own.
  personToken = (await signedInUser(t.app)).accessToken;
});
afterAll(() => t.close());

const headersOf = (as: Caller) =>
  as === 'person' ? bearer(personToken) : as === 'operator' ? ops : ({} as Record<string, string>);

describe('rate limits', () => {
  it('cover every public route of the OpenAPI document, or it says why not', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json() as { paths: Record<string, object> };
    const limited = new Set(SENSITIVE.map((row) => row.route));
    const uncovered = Object.entries(spec.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((key) => AUTHORIZATION_MATRIX[key]?.kind === 'public')
      .filter((key) => !limited.has(key) && !(key in UNLIMITED_PUBLIC));
    expect(uncovered).toEqual([]);
  });

  it.each(SENSITIVE.map((row, i) => [row.route, row, i] as const))(
    '%s answers 429 with Retry-After after its limit',
    async (_route, row, i) => {
      const [method] = row.route.split(' ') as ['GET' | 'POST' | 'PUT'];
      // Each row from its own address, so the rows cannot use up each other's allowance.
      const send = () =>
        t.app.inject({
          method,
          url: row.url,
          remoteAddress: `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          headers: headersOf(row.as),
          ...(row.payload === undefined ? {} : { payload: row.payload as object }),
        });
      for (let n = 0; n < row.max; n++) {
        const res = await send();
        expect(res.statusCode, `request ${n + 1} of ${row.max}: ${res.body}`).not.toBe(429);
      }
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      const body = limited.json();
      expect(apiErrorSchema.safeParse(body).success).toBe(true);
      expect(body).toEqual({ message: AUTH_MESSAGES.tooManyRequests, code: ERROR_CODES.rateLimited });
    },
  );
});
