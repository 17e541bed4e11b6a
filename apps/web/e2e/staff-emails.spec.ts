import { createKits, createUser, expect, expectAccessible, setKitStatus, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const ON_ITS_WAY = 'Your Microbiome Lab kit is on its way';

test("support reads a customer's email, sends it again, and looks at their inbox read-only", async ({
  page,
  request,
}) => {
  test.slow();
  const support = await createStaff(request, ['SUPPORT'], 'Sue');
  const customer = await createUser(request, { firstName: 'Nora', lastName: 'Mailer' });
  const [kit] = await createKits(request, { ownerEmail: customer.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });

  await signInToConsole(page, support);
  await page.goto(`/staff/people/${customer.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nora Mailer' })).toBeVisible();
  const emails = page.getByRole('region', { name: 'Emails sent' });
  await expect(emails.getByRole('row', { name: new RegExp(ON_ITS_WAY) })).toBeVisible();
  await expectAccessible(page);

  await emails.getByRole('button', { name: `Read ${ON_ITS_WAY}` }).click();
  const dialog = page.getByRole('dialog', { name: ON_ITS_WAY });
  await expect(dialog).toContainText(`To ${customer.email}`);
  await expect(dialog).toContainText('has left our lab');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send it again' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`The email was sent again to ${customer.email}.`);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('region', { name: 'Access log' })).toContainText('person.email.resend');
  const mail = await request.get(`/api/admin/mail?to=${encodeURIComponent(customer.email)}`, {
    headers: OPS_HEADERS,
  });
  const subjects = ((await mail.json()) as { subject: string }[]).map((m) => m.subject);
  expect(subjects.filter((s) => s === ON_ITS_WAY)).toHaveLength(2);

  // The customer's inbox through the read-only view: seen, and left unread.
  await page.getByRole('button', { name: 'Open the read-only view' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Inbox,/ });
  await expect(bell).toHaveAccessibleName('Inbox, 1 unread message');
  await bell.click();
  const message = page
    .getByRole('list', { name: 'Inbox' })
    .getByRole('button', { name: new RegExp(`^${ON_ITS_WAY}`) });
  await message.click();
  // Two email deliveries on the one message: the first, and support's resend.
  await expect(page.getByText(/Email: .*· Email: /)).toBeVisible();
  await expect(bell).toHaveAccessibleName('Inbox, 1 unread message');
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await expectAccessible(page);
});
