import {
  ACCOUNT_TYPE_LABELS,
  AUTH_MESSAGES,
  KIT_MESSAGES,
  REGISTRATION_REFERRAL_TEXTS,
} from '@portal/domain';
import {
  createKits,
  createReferralCode,
  createUser,
  expect,
  expectAccessible,
  latestMailLink,
  PASSWORD,
  submitSignIn,
  test,
  uniqueEmail,
} from './fixtures.ts';

/**
 * Issue 21 items 3, 4 and 12: a kit given to someone without an account. The voucher of the gift email
 * survives registration (with a practitioner's referral code), the verification email, sign-in and the
 * first profile save (with an address found by number and street), then the redeem modal opens with it.
 */
test('a gift to a new customer survives registration, verification and the profile, then opens to redeem', async ({
  page,
  request,
}) => {
  const giver = await createUser(request, { firstName: 'Gina' });
  const [kit] = await createKits(request, { ownerEmail: giver.email });
  if (!kit) throw new Error('a kit expected');
  await createReferralCode(request, { code: 'REF-GIFTDR1', firstName: 'Grace', lastName: 'Hopper' });
  const signIn = await request.post('/api/auth/login', { data: { email: giver.email, password: PASSWORD } });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const recipient = uniqueEmail('gift-recipient');
  const given = await request.post('/api/kits/give', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { kitId: kit.id, receiverEmail: recipient },
  });
  expect(given.status(), await given.text()).toBe(200);

  // The recipient follows the link of the gift email from the outbox, and has no account yet.
  const giftLink = await latestMailLink(request, recipient, 'showModal=REDEEM');
  await page.goto(giftLink);
  await expect(page).toHaveURL(/\/login$/);
  // The sign-in page says why it is asked for (issue 33 item 24).
  await expect(page.getByText(AUTH_MESSAGES.giftSignIn)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an account' })).toBeVisible();
  await page.getByLabel(ACCOUNT_TYPE_LABELS.adult).check();
  await page.getByRole('button', { name: 'Next' }).click();
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field('First name').fill('Rory');
  await field('Last name').fill('Recipient');
  await field('Email').fill(recipient);
  await field('Confirm email').fill(recipient);
  await field('Password').fill(PASSWORD);
  await field('Confirm password').fill(PASSWORD);

  // An unknown referral code gets the server's message; a known one names the practitioner.
  const referral = field(REGISTRATION_REFERRAL_TEXTS.label);
  await referral.fill('REF-NOSUCH9');
  await referral.blur();
  await expect(page.getByRole('alert')).toHaveText(KIT_MESSAGES.referralUnknown);
  await referral.fill('ref-giftdr1');
  await referral.blur();
  await expect(page.getByText(REGISTRATION_REFERRAL_TEXTS.found('Grace', 'Hopper'))).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  // Verify from the email, then sign in: a new account completes its profile first.
  await page.goto(await latestMailLink(request, recipient, '/verify-email?'));
  await expect(page).toHaveURL(/\/login\?fromVerify=1$/);
  await expect(page.getByText(AUTH_MESSAGES.verified)).toBeVisible();
  await submitSignIn(page, { email: recipient, password: PASSWORD });
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByLabel('Gender').selectOption('OTHER');
  await page.getByLabel('Date of birth').fill('04/05/1990');
  await page.getByLabel('Phone number').fill('0400 123 456');
  await page.getByRole('combobox', { name: 'Find your address' }).fill('100 Queen');
  await page
    .getByRole('listbox', { name: 'Address suggestions' })
    .getByRole('option', { name: /^100 Queen St/ })
    .click();
  await expect(page.getByLabel('Address line 1', { exact: true })).toHaveValue('100 Queen St');
  await page.getByRole('radio', { name: /Yes, I agree/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();

  // After the first save the dashboard opens the redeem modal with the gift's voucher.
  await expect(page).toHaveURL(/\/dashboard\?showModal=REDEEM/, { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Rory!' })).toBeVisible();
  const redeem = page.getByRole('dialog', { name: 'Redeem a voucher' });
  await redeem.getByRole('button', { name: 'Send later' }).click();
  await expect(redeem.getByLabel('Voucher code')).toHaveValue(kit.voucherCode);
  await expectAccessible(page);
  await redeem.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('dialog', { name: KIT_MESSAGES.successRedeemed })).toBeVisible();

  // The voucher was used once: the next visit of the dashboard opens nothing.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Rory!' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => JSON.stringify(window.localStorage))).toBe('{}');
});
