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
  const row = page.getByRole('row', { name: new RegExp(member.name) });

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
