import { createUser, expect, expectAccessible, login, test } from './fixtures.ts';

test('a signed-in customer visiting sign-in or registration is sent to the dashboard', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await login(page, user);
  await expectAccessible(page);

  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
