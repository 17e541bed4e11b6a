import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEFAULT_BRAND, kitStatusText, ORDER_MESSAGES, withBrand } from '@portal/domain';
import { createUser, expect, expectAccessible, login, test } from './fixtures.ts';

/** Stripe's test card that asks for 3-D Secure on every payment; the embedded provider does the same. */
const THREE_D_SECURE = '4000 0027 6000 3184';
const AVAILABLE = withBrand(kitStatusText('UNASSIGNED'), DEFAULT_BRAND);

async function openPayment(page: Page, request: APIRequestContext) {
  await login(page, await createUser(request));
  await page.goto('/kits');
  await page.getByRole('button', { name: 'Buy a kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a kit' });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  await dialog.getByLabel('Card number').fill(THREE_D_SECURE);
  await dialog.getByLabel(/Expiry date/).fill('12/34');
  await dialog.getByLabel('Security code (CVC)').fill('123');
  await dialog.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }).check();
  await dialog.getByRole('button', { name: 'Pay $349.00' }).click();
  const step = dialog.getByRole('region', { name: 'Test 3-D Secure authentication' });
  await expect(step).toBeVisible();
  return { dialog, step };
}

const complete = (step: Locator) => step.getByRole('button', { name: 'Complete authentication' });

test('a card that asks for 3-D Secure is paid once the person completes the authentication', async ({
  page,
  request,
}) => {
  const { step } = await openPayment(page, request);
  await expect(complete(step)).toBeFocused();
  await expectAccessible(page);
  await complete(step).click();

  const done = page.getByRole('dialog', { name: 'Thank you for your order' });
  await expect(done.getByText(/^ORD-\d{6}$/)).toBeVisible();
  await done.getByRole('link', { name: 'Go to My Kits' }).click();
  await expect(page.locator('.kit-card .kit-facts dd[data-status]')).toHaveText([AVAILABLE]);
});

test('a failed 3-D Secure authentication says the transaction was rejected, and nothing is bought', async ({
  page,
  request,
}) => {
  const { dialog, step } = await openPayment(page, request);
  await step.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(dialog.getByText(ORDER_MESSAGES.paymentRejected)).toBeVisible();
  await expect(step).toHaveCount(0);
  await page.goto('/kits');
  await expect(page.getByRole('button', { name: 'Buy a kit' })).toBeVisible();
  await expect(page.locator('.kit-card')).toHaveCount(0);
});
