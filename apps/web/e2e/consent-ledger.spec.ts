import {
  ACCOUNT_TYPE_LABELS,
  CONSENT_LEDGER_TEXTS,
  CONSENT_PAGE_TEXT,
  MY_CONSENTS_TEXTS,
  REGISTRATION_MESSAGES,
  RESEARCH_USE_TEXT,
} from '@portal/domain';
import {
  createUser,
  expect,
  expectAccessible,
  latestMailLink,
  login,
  PASSWORD,
  submitSignIn,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const T = CONSENT_LEDGER_TEXTS;

test('a material change: staff publish it, the person agrees again at sign-in and research use resumes', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // A consent document of this journey's own, so no other journey's person is asked again.
  const title = `Gut and mood study ${Date.now().toString(36)}`;
  const created = await request.post('/api/admin/documents', {
    headers: OPS_HEADERS,
    data: {
      title,
      text: 'We will use your de-identified results in the gut and mood study.\n\nYou can withdraw at any time.',
      version: '1.0',
      agreeLabel: 'I agree to the study',
      disagreeLabel: 'I do not agree',
      governsResearchUse: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { consentId } = (await created.json()) as { consentId: number };

  // The person agreed to version 1.0 on My Profile.
  const person = await createUser(request);
  const signIn = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const agreed = await request.post(`/api/consent/${consentId}`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { consentId, consenterType: 'USER', consenterId: person.id, consented: true },
  });
  expect(agreed.status()).toBe(201);

  // A study coordinator publishes version 2.0 in the console, marked material.
  const coordinator = await createStaff(request, ['STUDY'], 'Cleo');
  await signInToConsole(page, coordinator);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: T.consoleTitle })).toBeVisible();
  await page.getByLabel('Document', { exact: true }).selectOption({ label: `${title} (version 1.0)` });
  const form = page.getByRole('form', { name: `${T.publish}: ${title}` });
  // The text starts as the current version's.
  await expect(form.getByLabel(/Full text/)).toHaveValue(/gut and mood study/);
  // Nothing chosen: each problem is named, and nothing is published.
  await form.getByRole('button', { name: T.publish }).click();
  await expect(form.getByText('Please enter a version, e.g. 2.0.')).toBeVisible();
  await expect(form.getByText('Please choose whether the change is material or minor.')).toBeVisible();
  await form.getByLabel('New version').fill('2.0');
  await form.getByLabel('Takes effect on').fill('2026-12-01');
  await form.getByLabel(/Material/).check();
  await form
    .getByLabel('What changed, in plain words')
    .fill('Your results may also be shared with a university partner.');
  await form
    .getByLabel(/Full text/)
    .fill(
      'We will use your de-identified results in the gut and mood study, and share them with a university partner.\n\nYou can withdraw at any time.',
    );
  await expectAccessible(page);
  await form.getByRole('button', { name: T.publish }).click();
  await expect(page.getByText(/Version 2\.0 of .* is published\. 1 person will be told\./)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('2.0 (material)');

  // The person is told by email.
  await expect
    .poll(async () => {
      const mail = await request.get(`/api/admin/mail?to=${encodeURIComponent(person.email)}`, {
        headers: OPS_HEADERS,
      });
      return ((await mail.json()) as { subject: string }[]).map((m) => m.subject);
    })
    .toContain(`Please review the new version of ${title}`);

  // At their next sign-in, what changed comes first; until they answer, research use is paused.
  const context = await browser.newContext();
  const own = await context.newPage();
  await own.goto('/login');
  await submitSignIn(own, person);
  await expect(own).toHaveURL(/\/re-consent$/);
  await expect(own.getByRole('heading', { level: 1, name: T.reconsentTitle })).toBeVisible();
  const item = own.getByRole('region', { name: T.versionTitle(title, '2.0') });
  await expect(item.getByText('Your results may also be shared with a university partner.')).toBeVisible();
  await expect(item.getByText('Effective 1 December 2026')).toBeVisible();
  await expectAccessible(own);

  // Deciding later: the portal works; My Profile says research use is paused.
  await own.getByRole('link', { name: T.reconsentLater }).click();
  await expect(own).toHaveURL(/\/dashboard$/);
  await own.goto('/profile');
  const consents = own.getByRole('region', { name: MY_CONSENTS_TEXTS.title });
  await expect(consents.getByText(RESEARCH_USE_TEXT.PAUSED)).toBeVisible();
  await consents.getByRole('link', { name: T.reviewNow }).click();

  await own.getByRole('button', { name: 'I agree to the study' }).click();
  await expect(own.getByText(T.reconsentAgreed(title))).toBeVisible();
  await expect(own.getByText(T.allDone)).toBeVisible();

  // Research use resumes; the ledger shows both answers, with the page each came through.
  await own.goto('/profile');
  await expect(consents.getByText(RESEARCH_USE_TEXT.ACTIVE)).toBeVisible();
  const ledger = consents.getByRole('article', { name: title });
  const rows = ledger.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText('Read version 2.0');
  await expect(rows.nth(1)).toContainText(CONSENT_PAGE_TEXT.RE_CONSENT);
  await expect(rows.nth(2)).toContainText('Read version 1.0');
  await expect(rows.nth(2)).toContainText(CONSENT_PAGE_TEXT.PROFILE);

  // Version 1.0 opens as it was.
  await rows.nth(2).getByRole('button', { name: 'Read version 1.0' }).click();
  const dialog = own.getByRole('dialog', { name: T.versionTitle(title, '1.0') });
  await expect(
    dialog.getByText('We will use your de-identified results in the gut and mood study.'),
  ).toBeVisible();
  await expectAccessible(own);
  await dialog.getByRole('button', { name: /Close/ }).first().click();

  // Compared side by side: the added words are marked in the newer version.
  const compare = ledger.getByRole('form', { name: T.compareTitle });
  await compare.getByLabel(T.compareFrom).selectOption('1.0');
  await compare.getByLabel(T.compareTo).selectOption('2.0');
  await compare.getByRole('button', { name: T.compare }).click();
  const figure = compare.getByRole('figure');
  await expect(figure.locator('ins')).toContainText(['university partner']);
  await expectAccessible(own);
  await context.close();
});

test('signing up agrees to the terms and privacy versions the page names, and the ledger shows them', async ({
  page,
  request,
}) => {
  test.slow();
  const { current } = (await (await request.get('/api/legal/versions')).json()) as {
    current: { terms: string; privacy: string };
  };
  const email = uniqueEmail('ledger-signup');
  await page.goto('/register');
  await page.getByLabel(ACCOUNT_TYPE_LABELS.adult).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const agreement = page.getByText(/^By creating an account you agree to our/);
  await expect(agreement).toHaveText(
    `By creating an account you agree to our Terms of Use (version ${current.terms}) and our Privacy Policy (version ${current.privacy}).`,
  );
  await expect(agreement.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute(
    'href',
    `/terms?v=${encodeURIComponent(current.terms)}`,
  );
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('First name').fill('Grace');
  await field('Last name').fill('Hopper');
  await field('Email').fill(email);
  await field('Confirm email').fill(email);
  await field('Password').fill(PASSWORD);
  await field('Confirm password').fill(PASSWORD);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(REGISTRATION_MESSAGES.success.replace('{email}', email))).toBeVisible();

  await page.goto(await latestMailLink(request, email, '/verify-email?'));
  await expect(page).toHaveURL(/\/login\?fromVerify=1$/);
  await login(page, { email, password: PASSWORD }, { landsOn: 'profile' });
  const consents = page.getByRole('region', { name: MY_CONSENTS_TEXTS.title });
  for (const [title, version] of [
    ['Terms of Use', current.terms],
    ['Privacy Policy', current.privacy],
  ] as const) {
    const entry = consents.getByRole('article', { name: title });
    const row = entry.getByRole('table').getByRole('row').nth(1);
    await expect(row).toContainText(`Read version ${version}`);
    await expect(row).toContainText(CONSENT_PAGE_TEXT.REGISTRATION);
  }
  await expectAccessible(page);
});
