import { CANDIDATE_IMPORT_MESSAGES } from '@portal/domain';
import { expect, expectAccessible, OPS_HEADERS, test, uniqueEmail } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

/** STUDY's short day (issue 34 item 18): a CSV of candidates imported, each invited by email. */
test('a study coordinator imports candidates from a CSV; a bad file imports nothing; each new candidate is emailed', async ({
  page,
  request,
}) => {
  test.slow();
  const coordinator = await createStaff(request, ['STUDY'], 'Rita');
  const title = `Fibre study ${Date.now().toString(36)}`;
  const created = await request.post('/api/staff/recruitments', {
    headers: OPS_HEADERS,
    data: {
      title,
      consents: [
        {
          title: 'Study information',
          htmlContent: '<p>About the study.</p>',
          agreeLabel: 'I agree',
          disagreeLabel: 'No',
        },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const [ana, ben] = [uniqueEmail('ana'), uniqueEmail('ben')];

  await signInToConsole(page, coordinator);
  await page.goto(`/staff/recruitments/${id}`);
  const upload = page.getByRole('form', { name: 'Import candidates from a CSV file' });
  await upload.getByRole('button', { name: 'Import and invite' }).click();
  await expect(upload.getByRole('alert')).toHaveText(CANDIDATE_IMPORT_MESSAGES.empty);

  // One bad line: nothing is imported, and the line is named.
  const file = (csv: string) => ({ name: 'candidates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await upload
    .getByLabel('CSV file of candidates')
    .setInputFiles(file(`email,firstName,lastName\n${ana},Ana,Ames\nnot-an-email,Bad,Line\n`));
  await upload.getByRole('button', { name: 'Import and invite' }).click();
  await expect(upload.getByRole('alert')).toContainText('Nothing was imported.');
  await expect(upload.getByRole('alert')).toContainText('line 3:');
  await expect(page.getByText(ana)).toHaveCount(0);
  await expectAccessible(page);

  // The fixed file: two invited; the old message is replaced, not piled up.
  await upload
    .getByLabel('CSV file of candidates')
    .setInputFiles(
      file(`email,firstName,lastName,phoneNumber\n${ana},Ana,Ames,\n${ben},Ben,Bell,0412 000 222\n`),
    );
  await upload.getByRole('button', { name: 'Import and invite' }).click();
  await expect(upload.getByRole('status')).toHaveText(CANDIDATE_IMPORT_MESSAGES.imported(2, 0));
  await expect(upload.getByRole('alert')).toHaveCount(0);
  const list = page.getByRole('table', { name: 'Candidates, newest first' });
  await expect(list).toContainText(ana);
  await expect(list).toContainText('Ben Bell');
  await expectAccessible(page);

  // Each is emailed the invitation with their consent link, by the console.
  await expect
    .poll(async () => {
      const mail = (await (
        await request.get(`/api/admin/mail?to=${encodeURIComponent(ana)}`, { headers: OPS_HEADERS })
      ).json()) as { subject: string; links: string[] }[];
      return mail.find((m) => m.subject.includes(title))?.links.some((l) => l.includes('/consent/')) ?? false;
    })
    .toBe(true);

  // The same file again: both skipped, nobody emailed twice.
  await upload.getByRole('button', { name: 'Import and invite' }).click();
  await expect(upload.getByRole('status')).toHaveText(CANDIDATE_IMPORT_MESSAGES.imported(0, 2));
});
