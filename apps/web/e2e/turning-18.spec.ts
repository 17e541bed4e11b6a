import { HANDOVER_PROMPT_TEXTS, HANDOVER_TEXTS } from '@portal/domain';
import { createUser, expect, expectAccessible, login, submitSignIn, test, uniqueEmail } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
type Mail = { subject: string; text: string; links: string[] };

async function mailWith(request: import('@playwright/test').APIRequestContext, to: string, subject: string) {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, {
        headers: OPS_HEADERS,
      });
      found = ((await response.json()) as Mail[]).find((m) => m.subject.includes(subject));
      return found;
    })
    .toBeTruthy();
  return found as Mail;
}

test('a child turns 18: the handover by email link, then the guardian has no access', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // A guardian's account for a child born on 10 March 2008; the guardian is signed in.
  const guardian = await createUser(request, { guardian: true, firstName: 'Jordan', dob: '2008-03-10' });
  await login(page, guardian);

  // The daily job, with the day set by the operator's hook: the 18th birthday.
  const run = await request.post('/api/admin/handovers/run', {
    headers: OPS_HEADERS,
    data: { today: '2026-03-10' },
  });
  expect(run.status()).toBe(200);
  await mailWith(request, guardian.email, 'Jordan is 18: the account passes to them');
  const invite = await mailWith(request, guardian.email, 'Jordan, your account is ready to be yours');
  const link = invite.links.find((l) => l.includes('/handover#')) ?? '';
  expect(link).toMatch(/\/handover#[A-Za-z0-9_-]{40,}$/);

  // The young adult opens the link in a browser of their own.
  const context = await browser.newContext();
  const own = await context.newPage();
  await own.goto(new URL(link).pathname + new URL(link).hash);
  await expect(own.getByRole('heading', { level: 1, name: HANDOVER_TEXTS.title })).toBeVisible();
  await expect(own.getByText(HANDOVER_TEXTS.intro('Jordan'))).toBeVisible();
  await expectAccessible(own);

  const form = own.getByRole('form', { name: HANDOVER_TEXTS.title });
  // A weak password is refused in plain words, and nothing is sent.
  const email = uniqueEmail('jordan');
  await form.getByLabel(HANDOVER_TEXTS.email).fill(email);
  await form.getByLabel(HANDOVER_TEXTS.password).fill('short');
  await form.getByRole('button', { name: HANDOVER_TEXTS.submit }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel(HANDOVER_TEXTS.password).fill('Grown-up!2026');
  await form.getByRole('button', { name: HANDOVER_TEXTS.submit }).click();

  const codeForm = own.getByRole('form', { name: HANDOVER_TEXTS.confirm });
  await expect(codeForm.getByText(HANDOVER_TEXTS.codeSent(email))).toBeVisible();
  const codeMail = await mailWith(request, email, 'Your confirmation code');
  const code = /(\d{6})/.exec(codeMail.text)?.[1] ?? '';
  await codeForm.getByLabel(HANDOVER_TEXTS.code).fill(code);
  await expectAccessible(own);
  await codeForm.getByRole('button', { name: HANDOVER_TEXTS.confirm }).click();
  await expect(own.getByText(HANDOVER_TEXTS.done)).toBeVisible();

  // The guardian is told, and their session has ended: the portal sends them to sign in.
  await mailWith(request, guardian.email, 'Jordan has taken over their account');
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  // Their old password opens nothing any more.
  await submitSignIn(page, guardian);
  await expect(page).toHaveURL(/\/login$/);

  // The young adult signs in with their own email and password.
  await own.getByRole('link', { name: HANDOVER_TEXTS.signIn }).click();
  await submitSignIn(own, { email, password: 'Grown-up!2026' });
  await expect(own).toHaveURL(/\/dashboard$/);
  await context.close();
});

test('at the next sign-in after turning 18, the young adult is asked to take over and starts it', async ({
  page,
  request,
}) => {
  test.slow();
  // A minor's own account, born on 2 April 2008; the daily job runs for the 18th birthday.
  const minor = await createUser(request, { underAge: true, firstName: 'Robin', dob: '2008-04-02' });
  const run = await request.post('/api/admin/handovers/run', {
    headers: OPS_HEADERS,
    data: { today: '2026-04-02' },
  });
  expect(run.status()).toBe(200);
  const emailed = await mailWith(request, minor.email, 'Robin, your account is ready to be yours');
  const firstLink = emailed.links.find((l) => l.includes('/handover#')) ?? '';

  // Signing in, the prompt comes before anything else.
  await page.goto('/login');
  await submitSignIn(page, minor);
  await expect(page).toHaveURL(/\/turned-18$/);
  await expect(page.getByRole('heading', { level: 1, name: HANDOVER_PROMPT_TEXTS.title })).toBeVisible();
  await expect(page.getByText(HANDOVER_PROMPT_TEXTS.intro('Robin'))).toBeVisible();
  await expectAccessible(page);

  // Starting the handover sends a fresh link to the account's email; the earlier one stops working.
  await page.getByRole('button', { name: HANDOVER_PROMPT_TEXTS.start }).click();
  await expect(page.getByRole('status').filter({ hasText: HANDOVER_PROMPT_TEXTS.sent })).toBeVisible();
  await expectAccessible(page);
  let fresh = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(minor.email)}`, {
        headers: OPS_HEADERS,
      });
      const links = ((await response.json()) as Mail[]).flatMap((m) =>
        m.links.filter((l) => l.includes('/handover#')),
      );
      fresh = links.find((l) => l !== firstLink) ?? '';
      return fresh;
    })
    .toMatch(/\/handover#[A-Za-z0-9_-]{40,}$/);

  // "Decide later" keeps the portal working.
  await page.getByRole('link', { name: HANDOVER_PROMPT_TEXTS.later }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The fresh link opens the handover page; the first one no longer does.
  await page.goto(new URL(fresh).pathname + new URL(fresh).hash);
  await expect(page.getByRole('heading', { level: 1, name: HANDOVER_TEXTS.title })).toBeVisible();
  await expect(page.getByText(HANDOVER_TEXTS.intro('Robin'))).toBeVisible();
  await page.goto('/dashboard');
  await page.goto(new URL(firstLink).pathname + new URL(firstLink).hash);
  await expect(page.getByText(HANDOVER_TEXTS.notFound)).toBeVisible();
});

test('a guardian signing in after their child turns 18 is told the handover is the child’s', async ({
  page,
  request,
}) => {
  const guardian = await createUser(request, { guardian: true, firstName: 'Kim', dob: '2008-05-06' });
  const run = await request.post('/api/admin/handovers/run', {
    headers: OPS_HEADERS,
    data: { today: '2026-05-06' },
  });
  expect(run.status()).toBe(200);
  await page.goto('/login');
  await submitSignIn(page, guardian);
  await expect(page).toHaveURL(/\/turned-18$/);
  await expect(
    page.getByRole('heading', { level: 1, name: HANDOVER_PROMPT_TEXTS.guardianTitle('Kim') }),
  ).toBeVisible();
  await expect(page.getByText(HANDOVER_PROMPT_TEXTS.guardianNotice('Kim'))).toBeVisible();
  // Nothing here lets the guardian take it over.
  await expect(page.getByRole('button', { name: HANDOVER_PROMPT_TEXTS.start })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: HANDOVER_PROMPT_TEXTS.guardianContinue }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
