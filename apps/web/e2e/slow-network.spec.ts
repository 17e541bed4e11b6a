import type { Page } from '@playwright/test';
import { KIT_MESSAGES, PROFILE_MESSAGES } from '@portal/domain';
import { createKits, createUser, expect, expectAccessible, login, test } from './fixtures.ts';

/**
 * Issue 33 item 20: on a slow network every submit shows that it is working and disables what would
 * interfere. Each write the page sends waits 3 s here (reads and the session stay quick).
 */
async function slowWrites(page: Page) {
  await page.route('**/api/**', async (route) => {
    const { pathname } = new URL(route.request().url());
    if (route.request().method() !== 'GET' && !pathname.startsWith('/api/auth/')) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    await route.fallback();
  });
}

test('Pay says "Paying…" with a spinner, and Back is disabled while the payment runs', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/kits');
  await page.getByRole('button', { name: 'Buy a kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a kit' });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel(/Expiry date/).fill('12/34');
  await dialog.getByLabel('Security code (CVC)').fill('123');
  await dialog.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }).check();
  await slowWrites(page);
  await dialog.getByRole('button', { name: 'Pay $349.00' }).click();
  const paying = dialog.getByRole('button', { name: 'Paying…' });
  await expect(paying).toBeVisible();
  await expect(paying).toBeDisabled();
  await expect(paying).toHaveAttribute('aria-busy', 'true');
  await expect(paying.getByTestId('button-spinner')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expectAccessible(page);
  await expect(page.getByRole('dialog', { name: 'Thank you for your order' })).toBeVisible({
    timeout: 20_000,
  });
});

test('Proceed says "Redeeming…" and Back is disabled while the voucher is redeemed', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request);
  await login(page, user);
  await page.getByRole('button', { name: 'Redeem a voucher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Redeem a voucher' });
  await dialog.getByRole('button', { name: 'Send later' }).click();
  await dialog.getByLabel('Voucher code').fill(kit?.voucherCode ?? '');
  await slowWrites(page);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  const working = dialog.getByRole('button', { name: 'Redeeming…' });
  await expect(working).toBeDisabled();
  await expect(working.getByTestId('button-spinner')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
  await expectAccessible(page);
  await expect(page.getByRole('dialog', { name: KIT_MESSAGES.successRedeemed })).toBeVisible({
    timeout: 20_000,
  });
});

test('Save changes says "Saving…" until the profile is saved', async ({ page, request }) => {
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/profile');
  await page.getByLabel('Phone number').fill('0400 999 888');
  await page.getByRole('radio', { name: /Yes, I agree/ }).check();
  await slowWrites(page);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const saving = page.getByRole('button', { name: 'Saving…' });
  await expect(saving).toBeDisabled();
  await expect(saving.getByTestId('button-spinner')).toBeVisible();
  await expectAccessible(page);
  await expect(page.getByText(PROFILE_MESSAGES.saved)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
});
