import type { APIRequestContext, Page } from '@playwright/test';
import { createUser, expect, expectAccessible, login, OPS_HEADERS, setKitStatus, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

/** SUPPORT's short day (issue 34 item 12): people are told what staff did, and see it in their portal. */

type Mail = { to: string; subject: string; text: string };

/** The emails to `to`, newest first, once one whose subject contains `subject` has arrived. */
async function mailWith(request: APIRequestContext, to: string, subject: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, {
        headers: OPS_HEADERS,
      });
      found = ((await response.json()) as Mail[]).find((mail) => mail.subject.includes(subject));
      return found;
    })
    .toBeTruthy();
  return found as Mail;
}

/** The header's bell (issue 35): its name says how many messages are unread. */
const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Inbox,/ });
/** One message of the inbox, by the start of its subject. */
const inboxMessage = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Inbox' }).getByRole('button', { name: new RegExp(`^${subject}`) });

async function bearerOf(request: APIRequestContext, user: { email: string; password: string }) {
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  return { authorization: `Bearer ${((await signIn.json()) as { access_token: string }).access_token}` };
}

test('support refunds an order in two parts; the customer is emailed and their sent kit reads Refunded', async ({
  page,
  request,
}) => {
  test.slow();
  const support = await createStaff(request, ['SUPPORT'], 'Sue');
  const customer = await createUser(request, { firstName: 'Rhea', lastName: 'Fund' });
  const auth = await bearerOf(request, customer);
  const card = await request.post('/api/payments/test-tokens', {
    headers: auth,
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
  });
  const order = await request.post('/api/orders', {
    headers: { ...auth, 'idempotency-key': `e2e-notices-${Date.now()}` },
    data: {
      purchaserEmail: customer.email,
      purchaserFirstName: customer.firstName,
      purchaserLastName: customer.lastName,
      orderType: 'NEW',
      orderItems: [{ orderItemType: 'KIT', deliveryOption: 'SEND_LATER', unitPrice: 349 }],
      amount: 349,
      stripeToken: ((await card.json()) as { id: string }).id,
      description: 'Kit',
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { orderNumber, kitIds } = (await order.json()) as { orderNumber: string; kitIds: number[] };
  const kitId = kitIds[0] as number;
  // The lab sends the kit: the customer's card says it is on its way.
  await setKitStatus(request, kitId, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kitId, { kitStatus: 'DISPATCHED_BY_LAB' });

  await signInToConsole(page, support);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('searchbox', { name: 'Find an order' }).fill(orderNumber);
  await page.getByRole('searchbox', { name: 'Find an order' }).press('Enter');
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('$349.00');

  // A partial refund: too much is refused in words, then $49.00 goes back.
  await row.getByRole('button', { name: `Refund… ${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${orderNumber}?` });
  await dialog.getByLabel('Reason').fill('The box arrived dented');
  await dialog.getByLabel('Amount to refund (AUD)').fill('400');
  await dialog.getByRole('button', { name: 'Refund $400.00' }).click();
  await expect(dialog.getByText('At most $349.00 can still be refunded on this order.')).toBeVisible();
  await dialog.getByLabel('Amount to refund (AUD)').fill('49');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Refund $49.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('status').filter({
      hasText: `${orderNumber}: $49.00 refunded, and the customer emailed. $300.00 can still be refunded.`,
    }),
  ).toBeVisible();
  await expect(row).toContainText('Refunded $49.00');
  const partial = await mailWith(request, customer.email, 'Part of your');
  expect(partial.text).toContain(`We have refunded $49.00 AUD of your order ${orderNumber}`);

  // The rest: the sent kit stays the customer's, and reads Refunded in their portal.
  await row.getByRole('button', { name: `Refund… ${orderNumber}` }).click();
  await expect(dialog.getByLabel('Amount to refund (AUD)')).toHaveValue('300.00');
  await dialog.getByLabel('Reason').fill('Customer changed their mind');
  await dialog.getByRole('button', { name: 'Refund $300.00' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Refunded $349.00');
  await expect(row.getByRole('button', { name: /Refund…/ })).toHaveCount(0);
  await expectAccessible(page);
  const full = await mailWith(request, customer.email, `order ${orderNumber} has been refunded`);
  expect(full.text).toContain('In all, $349.00 of the $349.00 you paid has been refunded.');
  expect(full.text).toContain('A kit we have already sent you stays yours.');

  await page.context().clearCookies();
  await login(page, customer);
  await page.goto('/kits');
  const kitCard = page.getByRole('article', { name: `KIT-${kitId}` });
  await expect(kitCard.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(kitCard).toContainText('We refunded the order of this kit. The kit we sent you stays yours.');
  await expect(kitCard).not.toContainText('Your kit is on its way to you.');
  await expectAccessible(page);

  // Each refund is also a message in the customer's inbox (issue 35), and opening it reads it.
  await bell(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const refund = inboxMessage(page, full.subject);
  await expect(refund).toContainText('Unread');
  await expect(inboxMessage(page, `Part of your .* order ${orderNumber} has been refunded`)).toBeVisible();
  await expectAccessible(page);
  const unread = (await bell(page).getAttribute('aria-label')) ?? '';
  await refund.click();
  await expect(refund).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(`We have refunded $300.00 AUD of your order ${orderNumber}`)).toBeVisible();
  await expect(refund).not.toContainText('Unread');
  await expect(bell(page)).not.toHaveAccessibleName(unread);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'See my kits' }).click();
  await expect(page).toHaveURL(/\/kits$/);
});

test("support declines a minor's consent form with a reason; the family is emailed it and reads it in My Profile", async ({
  page,
  request,
}) => {
  test.slow();
  const support = await createStaff(request, ['SUPPORT'], 'Sue');
  const minor = await createUser(request, { underAge: true, firstName: 'Nina', lastName: 'Young' });
  const blank = await request.get('/api/parental-consent/form.pdf');
  const upload = await request.post('/api/users/me/parental-consent/form', {
    headers: await bearerOf(request, minor),
    multipart: { file: { name: 'form.pdf', mimeType: 'application/pdf', buffer: await blank.body() } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);

  await signInToConsole(page, support);
  await page.goto(`/staff/people/${minor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nina Young' })).toBeVisible();
  const review = page.getByRole('region', { name: 'Parental consent form to review' });
  await review.getByRole('button', { name: 'Decline…' }).click();
  const reason = 'The form is not signed by a parent or guardian.';
  await review.getByLabel('Reason for declining').fill(reason);
  await review.getByRole('button', { name: 'Decline the form' }).click();
  await expect(review.getByRole('status')).toHaveText(
    'Declined: the family is emailed the reason and asked for a new form; My Profile shows the reason.',
  );
  await expect(page.getByRole('region', { name: 'Access log' })).toContainText('consent.review.reject');
  await expectAccessible(page);

  const mail = await mailWith(request, minor.email, 'parental consent form needs another look');
  expect(mail.text).toContain(reason);

  await page.context().clearCookies();
  await login(page, minor);
  await page.goto('/profile');
  const consent = page.getByRole('region', { name: 'Parental consent' });
  await expect(consent).toContainText(
    'We could not accept the signed consent form you sent, for this reason:',
  );
  await expect(consent).toContainText(reason);
  await expect(consent).toContainText('Please upload a new signed form below.');
  await expectAccessible(page);

  // The decision is also a message in the inbox, with its reason, and leads back to My Profile.
  await bell(page).click();
  const declined = inboxMessage(page, mail.subject);
  await expect(declined).toContainText('Unread');
  await expectAccessible(page);
  await declined.click();
  await expect(page.getByRole('list', { name: 'Inbox' })).toContainText(`“${reason}”`);
  await expect(declined).not.toContainText('Unread');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Open My Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});
