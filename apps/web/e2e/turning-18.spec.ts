import { HANDOVER_TEXTS } from '@portal/domain';
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
