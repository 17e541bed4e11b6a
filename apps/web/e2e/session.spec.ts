import { dashboardGreeting } from '@portal/domain';
import { createUser, expect, expectAccessible, login, logout, test } from './fixtures.ts';

test('a reload keeps the session; after signing out a reload stays signed out', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Sam' });
  await login(page, user);
  const greeting = page.getByRole('heading', { level: 1, name: dashboardGreeting('Sam', false) });
  await expect(greeting).toBeVisible();

  // The access token lives in memory only; the refresh cookie brings the session back.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(greeting).toBeVisible();
  expect(await page.evaluate(() => JSON.stringify(window.localStorage))).toBe('{}');

  // Signing out reloads the app at '/' (consumer §4), so nothing kept in the page survives it.
  await page.evaluate(() => {
    (window as unknown as { keptFromSession?: boolean }).keptFromSession = true;
  });
  await logout(page); // waits for the reload at '/'
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => (window as unknown as { keptFromSession?: boolean }).keptFromSession),
  ).toBe(undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expectAccessible(page);
});

test('the signed-in layout offers every navigation entry and the version', async ({ page, request }) => {
  const user = await createUser(request);
  await login(page, user);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Dashboard', 'My Kits', 'Questionnaires', 'Reports', 'Coach']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('button', { name: 'More' }).click();
  await expect(nav.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Support' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(nav.getByText(/^Version /)).toBeVisible();

  await nav.getByRole('link', { name: 'My Kits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Sampling Kits' })).toBeVisible();
  await expectAccessible(page);
});

test('on a narrow screen the menu button opens the same navigation', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const user = await createUser(request);
  await login(page, user);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Questionnaires' })).toBeVisible();
  await expectAccessible(page);
  await nav.getByRole('link', { name: 'Questionnaires' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questionnaires' })).toBeVisible();
  await expect(nav).toBeHidden();
});
