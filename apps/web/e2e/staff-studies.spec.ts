import fs from 'node:fs';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

test('a study coordinator creates a project, makes vouchers and exports the voucher list', async ({
  page,
  request,
}) => {
  // The project's and recruitment's pages carry the funnel and participants too: more to scan on a busy machine.
  test.slow();
  const coordinator = await createStaff(request, ['STUDY'], 'Stella');
  const name = `Soup study ${Date.now().toString(36)}`;

  await signInToConsole(page, coordinator);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  // A project needs a name; then it is created with the study handing kits out and two questionnaires.
  const form = page.getByRole('form', { name: 'New project' });
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form.getByRole('alert')).toHaveText('Enter the name of the project.');
  await form.getByLabel('Project name').fill(name);
  await form.getByLabel('Kits').selectOption({ label: 'The study hands kits out' });
  for (const survey of ['Exercise', 'Medical history', 'Mental wellbeing'])
    await form.getByRole('checkbox', { name: survey, exact: true }).uncheck();
  await form.getByLabel('Contact email').fill('soup@example.com');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create project' }).click();
  await page.getByRole('status').getByRole('link', { name }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Food' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Exercise' })).not.toBeChecked();

  // Three vouchers, shown at once.
  const vouchers = page.getByRole('region', { name: 'Vouchers' });
  await vouchers.getByLabel('How many vouchers').fill('0');
  await vouchers.getByRole('button', { name: 'Make vouchers' }).click();
  await expect(vouchers.getByRole('alert')).toHaveText('Make between 1 and 1000 vouchers at once.');
  await vouchers.getByLabel('How many vouchers').fill('3');
  await vouchers.getByRole('button', { name: 'Make vouchers' }).click();
  const made = vouchers.getByRole('table', { name: 'New vouchers' });
  await expect(made.getByRole('row')).toHaveCount(4);
  const shown = await made.locator('tbody tr td:first-of-type').allTextContents();

  // The voucher list as CSV holds the same vouchers.
  const downloading = page.waitForEvent('download');
  await vouchers.getByRole('button', { name: 'Download the voucher list (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vouchers-project-\d+\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe('kit_id,voucher,sample_id,kit_status,redeemed_at');
  expect(csv.slice(1).map((line) => line.split(',')[1])).toEqual(shown);
  await expectAccessible(page);

  // A participant code for one participant, shown once.
  const codes = page.getByRole('region', { name: 'Participant codes' });
  const participant = uniqueEmail('participant');
  await codes.getByLabel("Participant's email").fill(participant);
  await codes.getByRole('button', { name: 'Issue a code' }).click();
  await expect(codes.getByRole('status')).toContainText(`Code for ${participant}`);
  await expect(codes.getByRole('row', { name: new RegExp(participant) })).toContainText('Not yet');
  await expectAccessible(page);
});
