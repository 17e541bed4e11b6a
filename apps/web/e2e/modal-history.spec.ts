import { createUser, expect, expectAccessible, login, test } from './fixtures.ts';

// Issue 33 item 11: an open dialog is a history entry, so the browser's Back closes it and stays on
// the page, and a dialog closed another way leaves no entry behind for Back to stumble on.

test('Back with a dialog open closes the dialog and stays on the page', async ({ page, request }) => {
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/kits');
  await page.goto('/dashboard');
  const redeem = page.getByRole('button', { name: 'Redeem a voucher' });
  const dialog = page.getByRole('dialog', { name: 'Redeem a voucher' });

  // Back closes the dialog, on its first step and on a later one; the page stays.
  await redeem.click();
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(redeem).toBeVisible();

  await redeem.click();
  await dialog.getByRole('button', { name: 'Send later' }).click();
  await expect(dialog.getByLabel('Voucher code')).toBeVisible();
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Closed with its own button, the dialog takes its entry along: the next Back leaves the page.
  await redeem.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/kits$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page);
});
