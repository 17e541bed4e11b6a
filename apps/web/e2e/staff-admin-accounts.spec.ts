import { AUDIT_RETENTION_TEXT, STAFF_MESSAGES } from '@portal/domain';
import { expect, expectAccessible, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

/** ADMIN's short day (issue 34 items 15, 16): disable and enable a member again, then find it in the audit log. */
test('an admin disables a lab member, enables them again, and finds both in the audit log by person and action', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const admin = await createStaff(request, ['ADMIN'], 'Ada');
  const member = await createStaff(request, ['LAB'], 'Lou');
  await signInToConsole(page, admin);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Staff accounts' }).click();
  // The staff list's row (the active sessions below list the member too).
  const row = page
    .getByRole('region', { name: 'Staff', exact: true })
    .getByRole('row', { name: new RegExp(member.name) });

  await row.getByRole('button', { name: `Disable ${member.name}` }).click();
  const disable = page.getByRole('dialog', { name: `Disable ${member.name}?` });
  await disable.getByRole('button', { name: 'Disable the account' }).click();
  await expect(disable).toBeHidden();
  await expect(row).toContainText('Disabled');

  // The member cannot sign in while disabled: the sign-in says why.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto('/staff');
  const form = memberPage.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(memberPage.getByText(STAFF_MESSAGES.disabled)).toBeVisible();

  // Enabled again: a role is needed first.
  await row.getByRole('button', { name: `Enable again… ${member.name}` }).click();
  const enable = page.getByRole('dialog', { name: `Enable ${member.name} again?` });
  await expect(enable.getByRole('button', { name: 'Enable the account' })).toBeDisabled();
  await enable.getByRole('checkbox', { name: /^Lab/ }).check();
  await expectAccessible(page);
  await enable.getByRole('button', { name: 'Enable the account' }).click();
  await expect(enable).toBeHidden();
  await expect(row).toContainText('Active');
  await expectAccessible(page);

  // The member signs in as before, with their password and authenticator app.
  await signInToConsole(memberPage, member);
  await expect(
    memberPage.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Receive samples' }),
  ).toBeVisible();
  await memberContext.close();

  // The audit log: every entry about the member, then only the enabling; and the CSV of them.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByText(AUDIT_RETENTION_TEXT)).toBeVisible();
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByLabel('About the person').fill(member.email);
  await filter.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByRole('row', { name: /staff\.disable/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /staff\.enable/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /staff\.invite/ })).toHaveCount(1);
  await filter.getByLabel('Action').fill('staff.enable');
  await filter.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByRole('row', { name: /staff\.enable/ })).toHaveCount(1);
  await expect(page.getByRole('row', { name: /staff\.disable/ })).toHaveCount(0);
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await filter.getByRole('button', { name: 'Download these entries (CSV)' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('audit-log.csv');
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  const csv = await readFile(path, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('at,actor_id,actor,action,entity,entity_id,subject_id,before,after');
  expect(csv).toContain('"staff.enable"');
  expect(csv).not.toContain('"staff.disable"');
});

/**
 * ADMIN's sessions (issue 34 item 15): a lab member is signed in; the admin sees the session (who, when,
 * the device, never a full address) and signs it out; the member's next click is refused and their
 * console says an administrator signed them out. The audit log has the sign-out.
 */
test('an admin sees a member’s console session and signs it out; the member’s console says so', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // Names of their own: other journeys' staff share the database and the sessions list.
  const tag = Date.now().toString(36).slice(-5);
  const admin = await createStaff(request, ['ADMIN'], `Abe${tag}`);
  const member = await createStaff(request, ['LAB'], `Sid${tag}`);
  // The member's browser says it is Firefox on Linux: the list shows that, not the user agent.
  const memberContext = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  });
  const memberPage = await memberContext.newPage();
  await signInToConsole(memberPage, member);

  await signInToConsole(page, admin);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Staff accounts' }).click();
  const sessions = page.getByRole('region', { name: 'Active sessions' });
  // The browser's session (the set-up through the API made another, with no browser).
  const row = sessions
    .getByRole('row', { name: new RegExp(member.name) })
    .filter({ hasText: 'Firefox 128 on Linux' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/\/24|::\/48/);
  // The admin's own session is marked, and has no sign-out button.
  const own = sessions.getByRole('row', { name: /This session/ });
  await expect(own).toContainText(admin.name);
  await expect(own.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  await row.getByRole('button', { name: new RegExp(`^Sign out ${member.name} on `) }).click();
  const confirm = page.getByRole('dialog', { name: `Sign ${member.name} out?` });
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Sign out this session' }).click();
  await expect(confirm).toBeHidden();
  await expect(sessions.getByRole('status')).toContainText(`${member.name} is signed out on`);
  await expect(row).toHaveCount(0);

  // The member's next request is refused: their console shows the sign-in, and why.
  await memberPage
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Kits', exact: true })
    .click();
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(memberPage.getByText(STAFF_MESSAGES.signedOutByAdmin)).toBeVisible();
  await expectAccessible(memberPage);
  await memberContext.close();

  await nav.getByRole('link', { name: 'Audit log' }).click();
  const filter = page.getByRole('form', { name: 'Filter the audit log' });
  await filter.getByLabel('About the person').fill(member.email);
  await filter.getByLabel('Action').fill('staff.session');
  await filter.getByRole('button', { name: 'Show entries' }).click();
  await expect(page.getByRole('row', { name: /staff\.session\.end/ })).toHaveCount(1);
});
