import {
  expect,
  expectAccessible,
  latestMailLink,
  PASSWORD,
  signOutAndWait,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { createStaff, signInToConsole, totpCode } from './staff-fixtures.ts';

test('an admin invites a lab technician, who sets a password, sets up the app and signs in with a code', async ({
  page,
  browser,
  request,
}) => {
  // Two people, two sign-ins each with argon2, and five accessibility scans.
  test.slow();
  const admin = await createStaff(request, ['ADMIN'], 'Ada');
  await signInToConsole(page, admin);
  await expectAccessible(page);

  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Staff accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  // Bad input: a clear message, nobody invited.
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText('Choose at least one role.')).toBeVisible();
  const techEmail = uniqueEmail('lab-tech');
  await invite.getByLabel('Email').fill(techEmail);
  await invite.getByLabel('First name').fill('Lou');
  await invite.getByLabel('Last name').fill('Pipette');
  await invite.getByRole('checkbox', { name: /^Lab/ }).check();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByRole('status')).toHaveText(`Invitation sent to ${techEmail}.`);
  await expect(page.getByRole('row', { name: /Lou Pipette/ }).filter({ hasText: techEmail })).toContainText(
    'Invited',
  );
  await expectAccessible(page);

  // The technician, in a browser of their own, follows the emailed link.
  const link = await latestMailLink(request, techEmail, '/staff/invitation');
  const tech = await (await browser.newContext()).newPage();
  await tech.goto(link);
  await expect(tech.getByRole('heading', { level: 1, name: 'Set up your staff account' })).toBeVisible();
  await expectAccessible(tech);
  await tech.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await tech.getByLabel('Confirm password').fill(PASSWORD);
  await tech.getByRole('button', { name: 'Continue' }).click();

  // Nothing opens before the second factor: the console asks for the app first.
  await expect(tech.getByRole('heading', { level: 1, name: 'Set up your authenticator app' })).toBeVisible();
  await tech.getByRole('button', { name: 'Show the QR code' }).click();
  await expect(tech.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectAccessible(tech);
  const secret = (await tech.locator('.enrol-secret').textContent()) ?? '';
  const confirm = tech.getByRole('form', { name: 'Confirm the app' });
  await confirm.getByLabel('Code shown in the app').fill('000000');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(confirm.getByRole('alert')).toContainText('That code is not right');
  await confirm.getByLabel('Code shown in the app').fill(await totpCode(secret));
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(tech.getByRole('heading', { level: 2, name: 'Your recovery codes' })).toBeVisible();
  await expect(tech.locator('.recovery-codes li')).toHaveCount(10);
  await expectAccessible(tech);
  await tech.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(tech.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const techNav = tech.getByRole('navigation', { name: 'Console' });
  await expect(techNav.getByRole('link', { name: 'Receive samples' })).toBeVisible();
  await expect(techNav.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);

  // Signing in again asks for a fresh code.
  await signOutAndWait(tech, tech.getByRole('button', { name: 'Sign out' }), {
    home: '/staff',
    signInAt: /\/staff$/,
  });
  await expect(tech.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await signInToConsole(tech, { email: techEmail, password: PASSWORD, secret });

  // The admin's log names who invited whom.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  // Other journeys act at the same time: the admin narrows the log to her own actions.
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByLabel('Who').selectOption({ label: `${admin.name} (${admin.email})` });
  await filter.getByRole('button', { name: 'Show entries' }).click();
  const inviteRow = page.getByRole('row', { name: /staff\.invite/ }).filter({ hasText: techEmail });
  await expect(inviteRow).toContainText(admin.name);
  await expectAccessible(page);
});
