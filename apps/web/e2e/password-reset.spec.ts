import { AUTH_MESSAGES, dashboardGreeting } from '@portal/domain';
import {
  createUser,
  expect,
  expectAccessible,
  latestMailLink,
  login,
  submitSignIn,
  test,
} from './fixtures.ts';

const NEW_PASSWORD = 'Another#Pass42';

test('a customer resets a forgotten password from the emailed link', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Grace' });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const panel = page.getByRole('region', { name: 'Reset your password' });
  await panel.getByLabel('Email').fill(user.email);
  await panel.getByRole('button', { name: 'Send reset link' }).click();
  await expect(panel.getByText(AUTH_MESSAGES.resetRequested)).toBeVisible();
  await expectAccessible(page);

  const link = await latestMailLink(request, user.email, '/reset-password?');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(AUTH_MESSAGES.resetDone)).toBeVisible();
  await expectAccessible(page);

  // The old password no longer works; the new one does.
  await submitSignIn(page, user);
  await expect(page.getByText(AUTH_MESSAGES.loginFailed)).toBeVisible();
  await expectAccessible(page);

  await login(page, { email: user.email, password: NEW_PASSWORD });
  await expect(
    page.getByRole('heading', { level: 1, name: dashboardGreeting('Grace', false) }),
  ).toBeVisible();
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText(AUTH_MESSAGES.resetMissingToken)).toBeVisible();
  await expectAccessible(page);
});
