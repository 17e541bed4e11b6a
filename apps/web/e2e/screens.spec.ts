import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { firstLinkTo, OPS_HEADERS, ScreenRecorder, SIZES, signIn } from './screens-capture.ts';

// Every page and modal of the customer portal and the public pages, at 390 × 844 and 1280 × 800, with no
// console error (issue 26). `npm run screens` runs this with SCREENS_DIR set to save the pictures.

test.use({ actionTimeout: 10_000 });

async function post<T>(request: APIRequestContext, url: string, data: object): Promise<T> {
  const response = await request.post(url, { headers: OPS_HEADERS, data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

test('public pages: sign-in, registration, reset, legal, study recruitment and requisition forms', async ({
  page,
  request,
}) => {
  const screens = new ScreenRecorder(page, 'public');
  const recruitment = await post<{ id: number }>(request, '/api/admin/recruitments', {
    title: 'Gut health and sleep study',
    consents: [
      {
        title: 'Study information',
        htmlContent:
          '<p>We are studying how the gut microbiome changes with sleep. Taking part means one stool sample and a short questionnaire.</p>',
        agreeLabel: 'I have read it',
        disagreeLabel: 'I do not want to continue',
      },
      {
        title: 'Consent to take part',
        htmlContent: '<p>Do you agree to take part in the study?</p>',
        agreeLabel: 'I agree',
        disagreeLabel: 'I do not agree',
        thanksResponse: 'Thank you. The study team will contact you.',
      },
    ],
  });
  const candidate = await post<{ consentLink: string; unsubscribeLink: string }>(
    request,
    `/api/admin/recruitments/${recruitment.id}/candidates`,
    { email: `candidate-${Date.now().toString(36)}@example.com`, firstName: 'Ana', lastName: 'Silva' },
  );
  const site = await post<{ id: number }>(request, '/api/admin/study/sites', {
    name: `Brisbane site ${Date.now().toString(36)}`,
    timezone: 'Australia/Brisbane',
  });
  const [stool] = await post<{ formLink: string }[]>(request, `/api/admin/study/sites/${site.id}/kits`, {
    kitType: 'ORBITM_S_KIT',
    count: 1,
  });
  const [replacement] = await post<{ formLink: string }[]>(
    request,
    `/api/admin/study/sites/${site.id}/kits`,
    { kitType: 'ORBITM_R_KIT', count: 1 },
  );
  if (!stool || !replacement) throw new Error('study kits expected');
  const pathOf = (link: string) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };

  await screens.visit('login', '/login');
  await screens.visit('register', '/register');
  await screens.visit('reset-password', '/reset-password');
  await screens.visit('verify-email', '/verify-email');
  await screens.visit('terms', '/terms');
  await screens.visit('privacy', '/privacy');
  await screens.visit('expression-of-interest', `/recruitment/${recruitment.id}/expression-of-interest`);
  await screens.visit('consent', pathOf(candidate.consentLink));
  await screens.visit('unsubscribe', pathOf(candidate.unsubscribeLink));
  await screens.visit('requisition', pathOf(stool.formLink));
  await screens.visit('replacement', pathOf(replacement.formLink));
  screens.expectClean();
});

test('customer portal: every page and modal of the demo customer', async ({ page, request }) => {
  test.slow();
  const screens = new ScreenRecorder(page, 'consumer');
  const seeded = await post<{ accounts: { email: string; password: string }[] }>(
    request,
    '/api/admin/seed-demo',
    {},
  );
  const demo = seeded.accounts[0];
  if (!demo) throw new Error('a demo account expected');
  await signIn(page, demo);

  await screens.visit('dashboard', '/dashboard');
  await screens.modal('dashboard-redeem', (p) =>
    p.getByRole('button', { name: 'Redeem a voucher' }).first().click(),
  );
  await screens.modal('dashboard-coach-info', (p) =>
    p.getByRole('button', { name: 'How to book a coach session' }).first().click(),
  );
  await screens.modal('mobile-menu', (p) => p.getByRole('button', { name: 'Menu' }).click(), {
    sizes: [SIZES[0]],
  });

  await screens.visit('kits', '/kits');
  const report = await firstLinkTo(page, '/report?');
  await screens.modal('kits-redeem', (p) =>
    p.getByRole('button', { name: 'Redeem a voucher' }).first().click(),
  );
  await screens.modal('kits-order', (p) => p.getByRole('button', { name: 'Buy a kit' }).first().click());
  await screens.modal('kits-select-option', (p) =>
    p.getByRole('button', { name: 'Select option' }).first().click(),
  );
  await screens.modal('kits-activate', async (p) => {
    await p.getByRole('button', { name: 'Select option' }).first().click();
    await p.getByRole('dialog').getByRole('button', { name: 'Send this kit to me now' }).click();
  });
  await screens.modal('kits-give', async (p) => {
    await p.getByRole('button', { name: 'Select option' }).first().click();
    await p.getByRole('dialog').getByRole('button', { name: /Give/ }).first().click();
  });
  await screens.modal('kits-replacement-order', (p) =>
    p.getByRole('button', { name: 'Order a replacement kit' }).first().click(),
  );
  await screens.visit('kits-not-allowed', '/kits/notAllowed');

  await screens.visit('surveys', '/surveys');
  const survey = await firstLinkTo(page, '/surveys/');
  await screens.visit('survey', survey);

  await screens.visit('reports', '/reports');
  await screens.visit('report', report);
  // On a phone the report's actions sit behind one "Report actions" button (issue 33 item 19).
  const reportAction = async (p: Page, name: string) => {
    const menu = p.getByRole('button', { name: 'Report actions' });
    if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await p.getByRole('button', { name }).first().click();
  };
  await screens.modal('reports-order', (p) => reportAction(p, 'Order another kit'));
  await screens.modal('reports-subscription', (p) => reportAction(p, 'Activate subscription'));
  await screens.visit('journey', '/journey');

  await screens.visit('coach', '/coach');
  await screens.modal('coach-how-to-book', (p) =>
    p.getByRole('button', { name: 'How to book', exact: true }).first().click(),
  );
  await screens.visit('profile', '/profile');
  await screens.modal('profile-subscription', (p) =>
    p.getByRole('button', { name: 'Start a subscription' }).first().click(),
  );
  // A child's date of birth on an adult's account asks first; Escape cancels, so nothing is saved.
  await screens.modal('profile-dob-confirm', async (p) => {
    await p.getByLabel('Date of birth').fill('04/05/2012');
    await p.getByRole('button', { name: 'Save changes' }).click();
  });
  await screens.visit('support', '/support');
  screens.expectClean();
});
