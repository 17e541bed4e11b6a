import { AUTH_MESSAGES } from '@portal/domain';
import {
  createUser,
  expect,
  expectAccessible,
  latestMailLink,
  login,
  logout,
  submitSignIn,
  test,
  uniqueEmail,
} from './fixtures.ts';

test('signing in before verifying offers a new verification link that works', async ({ page, request }) => {
  const user = await createUser(request, { unverified: true, firstName: 'Noor' });
  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page.getByText(AUTH_MESSAGES.emailNotVerified)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Send a new verification link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.verificationSent)).toBeVisible();

  const link = await latestMailLink(request, user.email, '/verify-email?');
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?fromVerify=1$/);
  await submitSignIn(page, user);
  // Signed in; the new account's profile is incomplete, so the dashboard sends it to My Profile.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Noor');
});

test('a broken verification link shows the server message and a form to get a new one', async ({ page }) => {
  await page.goto('/verify-email?not-a-real-token');
  await expect(page.getByText(AUTH_MESSAGES.verifyInvalid)).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Send a new verification link' }).click();
  await expect(page.getByText(AUTH_MESSAGES.verificationSent)).toBeVisible();
  await expectAccessible(page);
});

test('a verification link without a token says so', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText(AUTH_MESSAGES.verifyMissingToken)).toBeVisible();
  await expectAccessible(page);
});

test('a verification link opened while signed in still verifies, then says so', async ({ page, request }) => {
  const signedIn = await createUser(request);
  const newcomer = await createUser(request, { unverified: true });
  const resent = await request.post('/api/auth/verify-email/resend', { data: { email: newcomer.email } });
  expect(resent.status()).toBe(202);
  const link = await latestMailLink(request, newcomer.email, '/verify-email?');

  await login(page, signedIn);
  await page.goto(link);
  await expect(page.getByText('This email address has been verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?/);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The newcomer's account was verified: it signs in.
  await logout(page);
  await page.goto('/login');
  await submitSignIn(page, newcomer);
  await expect(page).toHaveURL(/\/(profile|dashboard)$/);
});
