import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  ACCOUNT_MESSAGES,
  CLOSURE_TEXTS,
  CONSENT_MESSAGES,
  MY_CONSENTS_TEXTS,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  UNDER_AGE_BANNERS,
  withBrand,
} from '@portal/domain';
import { createKits, createUser, expect, expectAccessible, login, PASSWORD, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const AGREE = /Yes, I agree/;

async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toBeVisible();
}

/** Fills every required detail, picking the address from the finder. */
async function fillProfile(page: Page, dateOfBirth = '04/05/1990') {
  await page.getByLabel('Gender').selectOption('FEMALE');
  await page.getByLabel('Date of birth').fill(dateOfBirth);
  await page.getByLabel('Phone number').fill('0400 123 456');
  await page.getByRole('combobox', { name: 'Find your address' }).fill('queen st');
  const listbox = page.getByRole('listbox', { name: 'Address suggestions' });
  await listbox.getByRole('option').first().click();
  await expect(page.getByLabel('Address line 1', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel('Suburb')).toHaveValue(/Brisbane/i);
  await expect(page.getByLabel('State')).toHaveValue('QLD');
  await expect(page.getByLabel('Postcode')).toHaveValue('4000');
}

test('an adult fills in the profile with the address finder and saves it', async ({ page, request }) => {
  const user = await createUser(request, { profile: 'empty' });
  await login(page, user, { landsOn: 'profile' });
  await openProfile(page);
  await expect(page.getByText(PROFILE_MESSAGES.missingDobText)).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toBeDisabled();
  await expectAccessible(page);
  await fillProfile(page);
  await expect(page.getByRole('option').first()).toBeHidden();
  await page.getByRole('radio', { name: AGREE }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  // The dashboard sent this new profile here; after the button's two seconds of success it goes back.
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Robin!' })).toBeVisible();
  await openProfile(page);
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveValue('4000');
  await expect(page.getByLabel('Date of birth')).toHaveValue('04/05/1990');
  await expect(page.getByText(PROFILE_MESSAGES.missingDobText)).toHaveCount(0);
});

test('bad input shows each validation message', async ({ page, request }) => {
  const user = await createUser(request, { profile: 'empty' });
  await login(page, user, { landsOn: 'profile' });
  await openProfile(page);
  await page.getByLabel('First name', { exact: true }).fill('');
  await page.getByLabel('Date of birth').fill('31/02/2000');
  await page.getByLabel('Phone number').fill('abc');
  await page.getByLabel('Postcode').fill('12');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.fixHighlighted)).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.invalidDate)).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.invalidPhone)).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.invalidPostcode)).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.required).first()).toBeVisible();
  await expect(page.getByLabel('First name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Date of birth').fill('01/01/2999');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.futureDate)).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.tooShort)).toBeVisible();
  await expect(page.getByText(PASSWORD_MESSAGES.mismatch)).toBeVisible();
  await expectAccessible(page);
});

test('changing the password needs the correct current password', async ({ page, request }) => {
  const user = await createUser(request, { profile: 'empty' });
  await login(page, user, { landsOn: 'profile' });
  await openProfile(page);
  await fillProfile(page);
  await page.getByRole('radio', { name: AGREE }).check();
  const toggle = page.getByRole('button', { name: 'Change password' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Current password')).toBeHidden();
  await toggle.click();
  await page.getByLabel('Current password').fill('Wrong!password1');
  await page.getByLabel('New password', { exact: true }).fill('Another!2025');
  await page.getByLabel('Confirm new password').fill('Another!2025');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.wrongCurrent)).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  await expectAccessible(page);
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: 'Another!2025' },
  });
  expect(signIn.status()).toBe(200);
});

test('a minor uploads the signed consent form and staff approve it', async ({ page, request }) => {
  const { brandName } = (await (await request.get('/api/config')).json()) as { brandName: string };
  const user = await createUser(request, { underAge: true, dob: '2012-03-04', profile: 'empty' });
  await login(page, user, { landsOn: 'profile' });
  await expect(page.getByText(UNDER_AGE_BANNERS.missing)).toBeVisible();
  await openProfile(page);
  await expect(page.getByRole('heading', { name: 'Parental consent' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the consent form' })).toHaveAttribute(
    'href',
    '/api/parental-consent/form.pdf',
  );
  await expectAccessible(page);
  // The form the parent downloaded and signed: a whole PDF (the server parses the file to its end).
  const form = await request.get('/api/parental-consent/form.pdf');
  await page.getByLabel(/Upload the signed form/).setInputFiles({
    name: 'consent.pdf',
    mimeType: 'application/pdf',
    buffer: await form.body(),
  });
  await page.getByRole('button', { name: 'Upload the form' }).click();
  await expect(page.getByText(CONSENT_MESSAGES.uploadSuccess)).toBeVisible();
  await expect(page.getByText(withBrand(UNDER_AGE_BANNERS.reviewing, brandName))).toBeVisible();
  const review = await request.post('/api/admin/consent-review', {
    headers: OPS_HEADERS,
    data: { email: user.email, approve: true },
  });
  expect(review.status(), await review.text()).toBe(200);
  await page.reload();
  await expect(page.getByLabel('Guardian first name')).toBeVisible();
  await expect(page.getByText(/is reviewing your consent form/)).toHaveCount(0);
  await expect(page.getByText(UNDER_AGE_BANNERS.missing)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Parental consent' })).toHaveCount(0);
});

test('a minor is told when the consent form is too large', async ({ page, request }) => {
  const user = await createUser(request, { underAge: true, dob: '2012-03-04', profile: 'empty' });
  await login(page, user, { landsOn: 'profile' });
  await openProfile(page);
  await page.getByLabel(/Upload the signed form/).setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(1024 * 1024 + 10, 32),
  });
  await page.getByRole('button', { name: 'Upload the form' }).click();
  await expect(page.getByText(CONSENT_MESSAGES.fileTooLarge)).toBeVisible();
  await page.getByRole('button', { name: 'Email the form' }).click();
  await expect(page.getByText(CONSENT_MESSAGES.parentEmailRequired)).toBeVisible();
  await page.getByLabel('Parent or guardian email').fill('parent@example.com');
  await page.getByRole('button', { name: 'Email the form' }).click();
  await expect(page.getByText(CONSENT_MESSAGES.emailSent)).toBeVisible();
});

test('an adult entering a child date of birth is asked to confirm it', async ({ page, request }) => {
  const user = await createUser(request, { profile: 'empty' });
  await login(page, user, { landsOn: 'profile' });
  await openProfile(page);
  await fillProfile(page, '04/05/2012');
  await page.getByRole('radio', { name: AGREE }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: PROFILE_MESSAGES.dobMismatchTitle });
  await expect(dialog.getByText(PROFILE_MESSAGES.dobMismatchText)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(PROFILE_MESSAGES.missingDobText)).toBeVisible();
  await expect(page.getByLabel('Date of birth')).toHaveValue('');

  await fillProfile(page, '04/05/2012');
  await page.getByRole('radio', { name: AGREE }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  await openProfile(page);
  await expect(page.getByLabel('Date of birth')).toHaveValue('04/05/2012');
});

test('the dashboard sends an incomplete profile to My Profile; the first save returns to the gift link', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { profile: 'empty' });
  const [kit] = await createKits(request);
  if (!kit) throw new Error('a kit expected');
  await login(page, user, { landsOn: 'profile' });
  await expect(page.getByText(PROFILE_MESSAGES.completeToContinue)).toBeVisible();
  await expectAccessible(page);

  // The gift email's link leads to the dashboard's redeem modal; the profile comes first.
  const giftLink = `/dashboard?showModal=REDEEM&voucher=${kit.voucherCode}`;
  await page.goto(giftLink);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(PROFILE_MESSAGES.completeToContinue)).toBeVisible();
  await fillProfile(page);
  await page.getByRole('radio', { name: AGREE }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
  await expect(page.getByText(PROFILE_MESSAGES.completeToContinue)).toHaveCount(0);

  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === giftLink);
  const redeem = page.getByRole('dialog', { name: 'Redeem a voucher' });
  await redeem.getByRole('button', { name: 'Send later' }).click();
  await expect(redeem.getByLabel('Voucher code')).toHaveValue(kit.voucherCode);
});

test('a second tab cannot undo a saved address: its stale save is refused and the latest is loaded', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await login(page, user);
  await openProfile(page);
  // Tab B opens My Profile before tab A saves.
  const tabB = await page.context().newPage();
  await openProfile(tabB);
  await expect(tabB.getByLabel('Phone number')).toHaveValue(/\d/);
  const oldPhone = await tabB.getByLabel('Phone number').inputValue();

  // Tab A saves a new phone and address.
  await page.getByLabel('Phone number').fill('0498 765 432');
  await page.getByLabel('Address line 1', { exact: true }).fill('100 Queen St');
  await page.getByRole('radio', { name: AGREE }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();

  // Tab B saves only a last-name change from what it loaded: refused, and the form shows the latest.
  await expect(tabB.getByLabel('Phone number')).toHaveValue(oldPhone);
  await tabB.getByLabel('Last name').fill('Byron');
  await tabB.getByRole('radio', { name: AGREE }).check();
  await tabB.getByRole('button', { name: 'Save changes' }).click();
  await expect(tabB.getByText(ACCOUNT_MESSAGES.staleProfile)).toBeVisible();
  await expect(tabB.getByText(PROFILE_MESSAGES.saved)).toHaveCount(0);
  await expect(tabB.getByLabel('Phone number')).toHaveValue('0498 765 432');
  await expect(tabB.getByLabel('Address line 1', { exact: true })).toHaveValue('100 Queen St');
  await expect(tabB.getByLabel('Last name')).toHaveValue(user.lastName);
  await expectAccessible(tabB);

  // Checked again, the last name is saved on top of tab A's address.
  await tabB.getByLabel('Last name').fill('Byron');
  await tabB.getByRole('button', { name: 'Save changes' }).click();
  await expect(tabB.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Byron');
  await expect(page.getByLabel('Address line 1', { exact: true })).toHaveValue('100 Queen St');
  await expect(page.getByLabel('Phone number')).toHaveValue('0498 765 432');
});

test('My Profile names each region once, and Close my account looks destructive and takes the focus', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await login(page, user);
  await openProfile(page);
  // Answered, the data-usage consent is listed in Your consents too, under the same title.
  await page.getByRole('radio', { name: AGREE }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible();
  await page.reload();
  const consents = page.getByRole('region', { name: MY_CONSENTS_TEXTS.title });
  await expect(consents.getByRole('table')).toBeVisible();
  const landmarks = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
  expect(landmarks.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);

  const part = page.getByRole('region', { name: CLOSURE_TEXTS.sectionTitle });
  await part.getByRole('button', { name: CLOSURE_TEXTS.open }).click();
  // Focus moves into the form, onto its first choice.
  await expect(part.getByLabel(CLOSURE_TEXTS.scopes.RESEARCH.label)).toBeFocused();
  const submit = part.getByRole('button', { name: CLOSURE_TEXTS.submit, exact: true });
  await expect(submit).toHaveClass(/button-danger/);
  const colours = await submit.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colours).toBe('rgb(164, 22, 26)');
  await expectAccessible(page);
});
