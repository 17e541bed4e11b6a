import { createUser, expect, expectAccessible, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

test('an admin creates a promo code, a customer orders with it, and the order is refunded from the console', async ({
  page,
  request,
}) => {
  const admin = await createStaff(request, ['ADMIN'], 'Ada');
  const customer = await createUser(request, { firstName: 'Carla', lastName: 'Buyer' });
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;

  await signInToConsole(page, admin);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Promo codes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeVisible();

  // A bad value is refused before anything is sent; then the code is created.
  const form = page.getByRole('form', { name: 'New promo code' });
  await form.getByLabel('Code').fill(code);
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(form.getByRole('alert')).toContainText('Enter the amount off in dollars, or the percentage.');
  await form.getByLabel('Dollars off').fill('20');
  await form.getByLabel('Uses').fill('5');
  await form.getByRole('button', { name: 'Create promo code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${code} created: $20.00 off.` })).toBeVisible();
  const promoRow = page.getByRole('row', { name: new RegExp(code) });
  await expect(promoRow).toContainText('5');
  await expectAccessible(page);

  // The customer buys a kit with the code (the checkout's API, with the embedded provider's test card).
  const signIn = await request.post('/api/auth/login', {
    data: { email: customer.email, password: customer.password },
  });
  const auth = {
    authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}`,
  };
  const card = await request.post('/api/payments/test-tokens', {
    headers: auth,
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  const order = await request.post('/api/orders', {
    headers: { ...auth, 'idempotency-key': `e2e-refund-${Date.now()}` },
    data: {
      purchaserEmail: customer.email,
      purchaserFirstName: customer.firstName,
      purchaserLastName: customer.lastName,
      orderType: 'NEW',
      orderItems: [
        { orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 349, promotionalCode: code },
      ],
      amount: 329,
      stripeToken: ((await card.json()) as { id: string }).id,
      description: 'Kit',
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderNumber } = (await order.json()) as { orderNumber: string };

  // The code's usage shows the order.
  await page.reload();
  await expect(
    page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('1');

  // The order, found by the customer's email; the refund asks for a reason first.
  await nav.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('searchbox', { name: 'Find an order' }).fill(customer.email);
  await page.getByRole('searchbox', { name: 'Find an order' }).press('Enter');
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('$329.00');
  await expect(row).toContainText(`${code}: $20.00 off`);
  await row.getByRole('button', { name: `Refund… ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${orderNumber}?` });
  await dialog.getByRole('button', { name: 'Refund $329.00' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Give the reason: it is kept in the audit log with your name.',
  );
  await dialog.getByLabel('Reason').fill('The kit arrived damaged');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Refund $329.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `${orderNumber}: $329.00 refunded, and the customer emailed.` }),
  ).toBeVisible();
  await expect(row).toContainText('Refunded $329.00');
  await expect(row).toContainText('INVALIDATED');
  await expectAccessible(page);

  // The audit log names the admin and the reason.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('row', { name: /order\.refund/ }).first()).toContainText(
    'The kit arrived damaged',
  );
});
