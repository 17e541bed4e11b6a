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
  // The emailed-link pages are logged-out only too (research §2).
  await page.goto('/reset-password?q1w2E3r4T5y6U7i8O9p0_-AsDfGhJkLzXcVbNm12345');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('New password')).toHaveCount(0);
  await page.goto('/verify-email');
  await expect(page).toHaveURL(/\/dashboard$/);
});
