import fs from 'node:fs';
import { expect, expectAccessible, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

test('a study coordinator opens a site, makes a batch of kits, prints their labels and reads a submitted requisition', async ({
  page,
  request,
}) => {
  const coordinator = await createStaff(request, ['STUDY'], 'Sid');
  const name = `Perth clinic ${Date.now().toString(36)}`;
  await signInToConsole(page, coordinator);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Study sites' }).click();

  const form = page.getByRole('form', { name: 'New site' });
  await form.getByLabel('Site name').fill(name);
  await form.getByLabel('Time zone').fill('Australia/Perth');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create site' }).click();
  await page.getByRole('status').getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('times in Australia/Perth')).toBeVisible();

  // A batch of two blood kits; a count of none is refused first.
  const batch = page.getByRole('region', { name: 'New batch of kits' });
  await batch.getByLabel('How many kits').fill('0');
  await batch.getByRole('button', { name: 'Make the kits' }).click();
  await expect(batch.getByRole('alert')).toHaveText('Make between 1 and 500 kits at once.');
  await batch.getByLabel('How many kits').fill('2');
  await batch.getByRole('button', { name: 'Make the kits' }).click();
  await expect(batch.getByRole('status')).toContainText('2 blood kits made');

  // Their labels, one page each with the form's QR code.
  const downloading = page.waitForEvent('download');
  await batch.getByRole('button', { name: "Print the batch's labels (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('study-kit-labels.pdf');
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');

  // The site's first kit comes back with its requisition filled in at the site.
  const kits = page.getByRole('table').getByRole('row');
  await expect(kits).toHaveCount(3);
  const kitLink = page.getByRole('table').getByRole('link').last();
  const kitName = (await kitLink.textContent()) ?? '';
  await kitLink.click();
  await expect(page.getByText('Not submitted yet.')).toBeVisible();
  const formLink = await page.getByRole('region', { name: 'Kit' }).getByRole('link').textContent();
  const hashedId = new URL(formLink ?? '').pathname.split('/').pop() ?? '';
  const submitted = await request.post('/api/requisition/kits', {
    data: {
      formType: 'requisition-form',
      kitHashedId: hashedId,
      visitor: { externalReference: 'SUBJ-101', yearOfBirth: 1980, gender: 'MALE' },
      studyVisit: 'SV1',
      collections: [
        {
          kitHashedId: hashedId,
          collectionDateAtSiteTimezone: '2026-03-02',
          collectionTimeAtSiteTimezone: '08:15',
        },
      ],
      note: 'Fasted overnight',
      sampleReplacements: [],
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await page.reload();
  const requisition = page.getByRole('region', { name: 'Requisition form' });
  await expect(requisition).toContainText('SUBJ-101');
  await expect(requisition).toContainText('2026-03-02 08:15 at the site');
  await expect(requisition).toContainText('Fasted overnight');
  await expectAccessible(page);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('row', { name: new RegExp(`${kitName} `) })).toContainText('Submitted');
});
