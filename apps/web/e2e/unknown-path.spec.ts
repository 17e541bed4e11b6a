import { createUser, expect, expectAccessible, login, test } from './fixtures.ts';

test('an unknown path goes to the start page, which is sign-in when signed out', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);
});

test('an unknown path goes to the dashboard when signed in', async ({ page, request }) => {
  const user = await createUser(request, { firstName: 'Lin' });
  await login(page, user);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Lin!' })).toBeVisible();
});
