import type { APIRequestContext, Page } from '@playwright/test';
import {
  ACCOUNT_TYPE_LABELS,
  AUTH_MESSAGES,
  DEFAULT_CONSUMER_SIGN_IN_URL,
  dashboardGreeting,
  encodeParticipantCode,
  KIT_MESSAGES,
  REDEEM_ON_REGISTER_KEY,
  REGISTRATION_MESSAGES,
  REPORT_NOT_PERMITTED,
  RESEARCH_MESSAGES,
} from '@portal/domain';
import {
  completeProfile,
  createKits,
  createUser,
  expect,
  expectAccessible,
  latestMailLink,
  logout,
  PASSWORD,
  profileVersion,
  submitSignIn,
  test,
  uniqueEmail,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

type Project = { id: number; participantCode: string; name: string };

/** A research project through the admin API (what `ops project:create` calls). */
async function createProject(
  request: APIRequestContext,
  name: string,
  logisticType: 'LAB_MANAGED' | 'CLIENT_MANAGED',
): Promise<Project> {
  const unique = `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: {
      name: unique,
      logisticType,
      contactName: 'Dr Sam Lee',
      phone: '07 3000 0000',
      email: 'study@example.com',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...((await response.json()) as { id: number; participantCode: string }), name: unique };
}

/** A participant code of the project for one email (what `ops participant-code:issue` calls). */
async function issueCode(request: APIRequestContext, projectId: number, email: string): Promise<string> {
  const response = await request.post(`/api/admin/projects/${projectId}/participant-codes`, {
    headers: OPS_HEADERS,
    data: { email },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { participantCode: string }).participantCode;
}

/** A voucher of the project, not yet claimed by anyone. */
async function projectVoucher(request: APIRequestContext, projectId: number): Promise<string> {
  const [kit] = await createKits(request, { projectId });
  if (!kit) throw new Error('a kit expected');
  return kit.voucherCode;
}

const redeemStorage = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), REDEEM_ON_REGISTER_KEY);

async function fillProfileForm(page: Page) {
  await page.getByLabel('Gender').selectOption('FEMALE');
  await page.getByLabel('Date of birth').fill('14/02/1985');
  await page.getByLabel('Phone number').fill('0400 123 456');
  await page.getByRole('combobox', { name: 'Find your address' }).fill('queen st');
  await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').first().click();
  await expect(page.getByLabel('Postcode')).toHaveValue('4000');
  await page.getByRole('radio', { name: /Yes, I agree/ }).check();
}

test('a participant registers with a participant code and claims a kit of that project after the first profile save', async ({
  page,
  request,
}) => {
  // A long journey with an accessibility scan at each step.
  test.slow();
  const study = await createProject(request, 'Gut and Mood Study', 'CLIENT_MANAGED');
  const other = await createProject(request, 'Sleep Study', 'CLIENT_MANAGED');
  const voucher = await projectVoucher(request, study.id);
  const otherVoucher = await projectVoucher(request, other.id);
  const email = uniqueEmail('participant');
  const code = await issueCode(request, study.id, email);

  await page.goto('/register');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Research Participant Registration' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Step 0: the code is checked in the browser, then by the server.
  const codeField = page.getByRole('textbox', { name: 'Participant code' });
  const next = page.getByRole('button', { name: 'Next' });
  await codeField.fill('ABC');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await next.click();
  await expect(page.getByText(RESEARCH_MESSAGES.invalidCode)).toBeVisible();
  await codeField.fill(encodeParticipantCode(987_654));
  await next.click();
  await expect(page.getByText(RESEARCH_MESSAGES.codeNotFound)).toBeVisible();
  await expectAccessible(page);
  // The project's own code, computable from its number, is not enough on its own (decision 021).
  await codeField.fill(study.participantCode);
  await next.click();
  await expect(page.getByText(RESEARCH_MESSAGES.invalidCode)).toBeVisible();

  // The code the study issued to this email is.
  await codeField.fill(code.toLowerCase());
  await next.click();
  await expect(page.getByText(`Participant code accepted for ${study.name}.`)).toBeVisible();
  expect(JSON.parse((await redeemStorage(page)) ?? 'null')).toEqual({ participantCode: code, email });

  // Step 1: account type; step 2: details.
  await page.getByLabel(ACCOUNT_TYPE_LABELS.adult).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('First name').fill('Ines');
  await field('Last name').fill('Okafor');
  await expect(field('Email')).toHaveValue(email);
  await field('Confirm email').fill(email);
  await field('Password').fill(PASSWORD);
  await field('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(REGISTRATION_MESSAGES.success.replace('{email}', email))).toBeVisible();
  await expectAccessible(page);

  // Verifying the email keeps the redeem data in the browser.
  const link = await latestMailLink(request, email, '/verify-email?');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?fromVerify=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In - Research Account' })).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.verified)).toBeVisible();
  await submitSignIn(page, { email, password: PASSWORD });

  // The profile comes first; its first save leads to the redeem modal, with the project joined.
  await expect(page).toHaveURL(/\/profile$/);
  expect(await redeemStorage(page)).not.toBeNull();
  await fillProfileForm(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/dashboard\?showModal=REDEEM$/);
  const modal = page.getByRole('dialog', { name: 'Activate a new kit' });
  await expect(modal.getByText(`You have joined ${study.name}.`)).toBeVisible();
  await expect.poll(() => redeemStorage(page)).toBeNull();
  await expectAccessible(page);

  await modal.getByRole('button', { name: 'Enter my voucher code' }).click();
  const voucherField = modal.getByLabel('Voucher code');
  await voucherField.fill(otherVoucher);
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal.getByText(RESEARCH_MESSAGES.mismatch)).toBeVisible();
  await voucherField.fill('NOT-A-VOUCHER');
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal.getByText(RESEARCH_MESSAGES.invalidVoucher)).toBeVisible();
  await expectAccessible(page);

  await voucherField.fill(voucher);
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal.getByText(study.name)).toBeVisible();
  await modal.getByRole('button', { name: 'Yes, claim this kit' }).click();
  const success = page.getByRole('dialog', { name: KIT_MESSAGES.successRedeemed });
  await expect(success).toBeVisible();
  await expectAccessible(page);
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('link', { name: /View your research projects/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Research' })).toBeVisible();
  const section = page.getByRole('region', { name: study.name });
  await expect(section.getByRole('article')).toHaveCount(1);
  await expect(section.getByText('Dr Sam Lee')).toBeVisible();
});

test('an email that already has an account keeps the code, and signing in instead joins the project', async ({
  page,
  request,
}) => {
  const study = await createProject(request, 'Fibre Study', 'CLIENT_MANAGED');
  const user = await createUser(request, { profile: 'empty' });
  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await completeProfile(page);
  await logout(page);
  await expect(page).toHaveURL(/\/login$/);

  const code = await issueCode(request, study.id, user.email);
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Participant code' }).fill(code);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(RESEARCH_MESSAGES.emailExists)).toBeVisible();
  expect(JSON.parse((await redeemStorage(page)) ?? 'null')).toEqual({
    participantCode: code,
    email: user.email,
  });
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Login instead' }).click();
  await submitSignIn(page, user);
  const modal = page.getByRole('dialog', { name: 'Activate a new kit' });
  await expect(modal.getByText(`You have joined ${study.name}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\?showModal=REDEEM$/);
  await modal.getByRole('button', { name: 'I will do this later' }).click();
  await expect(modal.getByText(RESEARCH_MESSAGES.joinLater)).toBeVisible();
  await modal.getByRole('button', { name: 'Done' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Research' }).click();
  await expect(page.getByRole('region', { name: study.name })).toBeVisible();
});

test('a participant joins a second project from My Research, claims its kit with an address, and sends a held kit', async ({
  page,
  request,
}) => {
  // A long journey with an accessibility scan at each step.
  test.slow();
  const first = await createProject(request, 'Infant Gut Study', 'LAB_MANAGED');
  const second = await createProject(request, 'Soup Study', 'LAB_MANAGED');
  const user = await createUser(request, { profile: 'empty' });
  const [held] = await createKits(request, { ownerEmail: user.email, projectId: first.id });
  if (!held) throw new Error('a kit expected');
  const voucher = await projectVoucher(request, second.id);

  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await completeProfile(page);

  await page.goto('/kits');
  await expect(page.getByRole('heading', { level: 1, name: 'My Research' })).toBeVisible();
  const firstSection = page.getByRole('region', { name: first.name });
  await expect(firstSection.getByText('Dr Sam Lee')).toBeVisible();
  await expect(firstSection.getByRole('link', { name: '07 3000 0000' })).toBeVisible();
  await expect(firstSection.getByRole('link', { name: 'study@example.com' })).toBeVisible();
  await expectAccessible(page);

  // Add project: a bad code is refused in the browser; the project's own code asks for a voucher of
  // the project, and joins with it (decision 021).
  await page.getByRole('button', { name: 'Join a new project' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a new project' });
  const codeField = modal.getByRole('textbox', { name: 'Participant code' });
  await codeField.fill('QQQQQQ');
  await modal.getByRole('button', { name: 'Join project' }).click();
  await expect(modal.getByText(RESEARCH_MESSAGES.participantInvalid)).toBeVisible();
  await expectAccessible(page);
  await codeField.fill(second.participantCode);
  await modal.getByRole('button', { name: 'Join project' }).click();
  await expect(
    modal.getByText("This is your project's code. To join the project with it, enter the voucher code"),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: second.name })).toHaveCount(0);
  await expectAccessible(page);

  // The voucher, then the address the lab posts the kit to (the profile's, ready to send).
  await modal.getByLabel('Voucher code').fill(voucher);
  await modal.getByRole('button', { name: 'Proceed' }).click();
  const addressForm = modal.getByRole('form', { name: 'Where to send the kit' });
  await expect(addressForm.getByLabel('Address line 1')).toHaveValue('1 George St');
  await expect(page.getByRole('region', { name: second.name })).toBeVisible();
  await expectAccessible(page);
  await addressForm.getByRole('button', { name: 'Proceed' }).click();
  const sent = page.getByRole('dialog', { name: KIT_MESSAGES.successActivated });
  await expect(sent.getByText('Kits arrive in 3-6 business days by postal service.')).toBeVisible();
  await sent.getByRole('button', { name: 'Done' }).click();

  const secondSection = page.getByRole('region', { name: second.name });
  await expect(secondSection.getByRole('article')).toHaveCount(1);
  await expect(secondSection.locator('dd[data-status]')).toHaveText('Preparing your order');

  // Activate: the kit already held is sent to an address entered now.
  const heldCard = firstSection.getByRole('article');
  await expect(heldCard.locator('dd[data-status]')).toHaveText('Kit Available');
  await heldCard.getByRole('button', { name: 'Send this kit to me now' }).click();
  const activate = page.getByRole('dialog', { name: 'Send this kit to me now' });
  await activate.getByLabel('Address line 1').fill('25 Albert St');
  await activate.getByLabel('Suburb').fill('Brisbane City');
  await activate.getByLabel('Postcode').fill('4000');
  await expectAccessible(page);
  await activate.getByRole('button', { name: 'Proceed' }).click();
  const ready = page.getByRole('dialog', { name: KIT_MESSAGES.successActivated });
  await expect(ready.getByText('Kits arrive in 3-6 business days by postal service.')).toBeVisible();
  await ready.getByRole('button', { name: 'Done' }).click();
  await expect(heldCard.locator('dd[data-status]')).toHaveText('Preparing your order');
  await expect(heldCard.getByRole('button', { name: 'Send this kit to me now' })).toHaveCount(0);

  // The dashboard counts both kits and lists them as notifications.
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: dashboardGreeting(user.firstName, false) }),
  ).toBeVisible();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  // The kits, after a row for each project with questionnaires to answer: 7 rows at most (research §2).
  await expect(notifications.getByRole('listitem').filter({ hasText: 'Preparing your order' })).toHaveCount(
    2,
  );
  expect(await notifications.getByRole('listitem').count()).toBeLessThanOrEqual(7);
  await expect(notifications.getByText('Preparing your order')).toHaveCount(2);
  await expectAccessible(page);

  // A kit without results links to itself on My Research.
  await notifications.getByRole('link', { name: `View KIT-${held.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/kits\\?scrollingPosition=kit-${held.id}$`));
  await expect(page.locator(`#kit-${held.id}`)).toBeVisible();

  await page.goto('/kits/notAllowed');
  await expect(page.getByText(REPORT_NOT_PERMITTED)).toBeVisible();
});

test('a participant adds a study-run project from the dashboard and claims its kit on the first Proceed', async ({
  page,
  request,
}) => {
  const study = await createProject(request, 'Handed Out Study', 'CLIENT_MANAGED');
  const voucher = await projectVoucher(request, study.id);
  const user = await createUser(request, { profile: 'empty' });
  const code = await issueCode(request, study.id, user.email);
  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await completeProfile(page);
  await page.goto('/dashboard');

  await page.getByRole('button', { name: /Add a new project/ }).click();
  const modal = page.getByRole('dialog', { name: 'Add a new project' });
  await modal.getByRole('textbox', { name: 'Participant code' }).fill(code);
  await modal.getByRole('button', { name: 'Join project' }).click();
  await expect(modal.getByText(`You have joined ${study.name}.`)).toBeVisible();
  await modal.getByRole('button', { name: 'Yes' }).click();
  await modal.getByLabel('Voucher code').fill(voucher);
  const redeemed = page.waitForResponse((r) => r.url().endsWith('/api/kits/redeem'));
  // One click: the kit is checked and redeemed (it used to take a second Proceed).
  await modal.getByRole('button', { name: 'Proceed' }).click();
  expect((await redeemed).status()).toBe(200);
  const success = page.getByRole('dialog', { name: KIT_MESSAGES.successRedeemed });
  await expect(
    success.getByText('Your kit is now in your account. Your study team will hand it to you.'),
  ).toBeVisible();
  await expectAccessible(page);
  await success.getByRole('button', { name: 'Done' }).click();

  await page.goto('/kits');
  await expect(page.getByRole('region', { name: study.name }).getByRole('article')).toHaveCount(1);
});

test('support views a participant’s portal from the Support page, audited, and returns to their own', async ({
  page,
  request,
}) => {
  const support = await createUser(request, { authorities: ['IMPERSONATE'], profile: 'empty' });
  const participant = await createUser(request, { firstName: 'Priya', lastName: 'Nair', profile: 'empty' });

  // The participant's profile is complete, so their portal opens on the dashboard.
  const session = await request.post('/api/auth/login', {
    data: { email: participant.email, password: participant.password },
  });
  const { access_token } = (await session.json()) as { access_token: string };
  const saved = await request.put('/api/users/me', {
    headers: { authorization: `Bearer ${access_token}` },
    data: {
      version: await profileVersion(request, access_token),
      firstName: 'Priya',
      lastName: 'Nair',
      gender: 'FEMALE',
      dateOfBirth: '1992-06-01',
      phoneNumber: '0412 345 678',
      addressLine1: '1 George St',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto('/login');
  await submitSignIn(page, support);
  // An account that opens participants' portals is not held by the profile gate (issue 33, item 6).
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/support');
  await expect(page.getByText('1300 974 621')).toBeVisible();
  await expect(page.getByText(/Brisbane QLD 4001/)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Support', exact: true }).click();
  const widget = page.getByRole('dialog', { name: 'View a participant’s portal' });
  await widget.getByLabel('Username').fill(participant.email);
  await expectAccessible(page);
  await widget.getByLabel('Username').press('Enter');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { level: 1, name: dashboardGreeting('Priya', false) }),
  ).toBeVisible();
  const banner = page.getByRole('region', { name: 'Support view' });
  await expect(banner).toContainText("You are viewing Priya Nair's portal as support");
  await expectAccessible(page);

  // The impersonated session cannot change the participant's password.
  // The More menu is still open from the Support page.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'My Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(
    page.getByText(
      'The password can only be changed by the account holder, not while support views this portal.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
  await expect(banner).toBeVisible();

  // Every request made as the participant is written to the audit log, naming the support user.
  await expect
    .poll(async () => {
      const response = await request.get(`/api/admin/impersonation-audit?subjectId=${participant.id}`, {
        headers: OPS_HEADERS,
      });
      const rows = (await response.json()) as { actorId: string; subjectId: string; route: string }[];
      return rows.some((row) => row.actorId === support.id && row.route === '/api/users/me');
    })
    .toBe(true);

  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('region', { name: 'Support view' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Support', exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { level: 1, name: dashboardGreeting(support.firstName, false) }),
  ).toBeVisible();
});

test('a participant without the permission sees a plain Support title', async ({ page, request }) => {
  const user = await createUser(request, { profile: 'empty' });
  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await completeProfile(page);
  await page.goto('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Support', exact: true })).toHaveCount(0);
  await expectAccessible(page);
});

test('the research sign-in points customers to their portal and links the terms and privacy policy', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In - Research Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to the customer portal' })).toHaveAttribute(
    'href',
    DEFAULT_CONSUMER_SIGN_IN_URL,
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test('the terms page shows a chosen version, the current one by default, and explains an unknown one', async ({
  page,
  request,
}) => {
  await page.goto('/terms?v=v3.0');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  await expect(page.getByLabel('Version')).toHaveValue('v3.0');
  await expect(page.locator('iframe[title="Terms of use, v3.0"]')).toBeVisible();
  const pdf = await request.get('/api/legal/terms.pdf?v=v3.0');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectAccessible(page);

  await page.goto('/terms');
  await expect(page.getByLabel('Version')).toHaveValue('default');
  await expect(page.locator('iframe[title="Terms of use, Current version"]')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Version').selectOption('cobiome-v2.0');
  await expect(page).toHaveURL(/\/terms\?v=cobiome-v2\.0$/);

  await page.goto('/terms?v=v9.9');
  await expect(
    page.getByText('There is no version v9.9 of the terms of use. Choose one of the published versions.'),
  ).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Show the current version' }).click();
  await expect(page.locator('iframe[title="Terms of use, Current version"]')).toBeVisible();

  await page.goto('/privacy?v=v7.0');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.locator('iframe[title="Privacy policy, v7.0"]')).toBeVisible();

  // The consumer's old address for the terms is the same page.
  await page.goto('/toc');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
});
