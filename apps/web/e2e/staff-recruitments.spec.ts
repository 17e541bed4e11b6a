import { expect, expectAccessible, test, uniqueEmail } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

test('a study coordinator writes a consent chain with its preview, invites a candidate and sees their answer', async ({
  page,
  request,
}) => {
  // The project's and recruitment's pages carry the funnel and participants too: more to scan on a busy machine.
  test.slow();
  const coordinator = await createStaff(request, ['STUDY'], 'Rita');
  const title = `Soup recruitment ${Date.now().toString(36)}`;
  await signInToConsole(page, coordinator);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Recruitments' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Recruitments' })).toBeVisible();

  // Nothing filled in: each missing part is named.
  const form = page.getByRole('form', { name: 'New recruitment' });
  await form.getByRole('button', { name: 'Create recruitment' }).click();
  await expect(form.getByText('Please correct the highlighted fields.')).toBeVisible();
  await expect(form.getByText('Write the text of the consent.')).toBeVisible();

  // The first consent, previewed as it will be stored: the script is gone, the emphasis stays.
  await form.getByLabel('Recruitment title').fill(title);
  const first = form.getByRole('group', { name: 'Consent 1' });
  await first.getByLabel('Title', { exact: true }).fill('Study information');
  await first.getByLabel('Text (HTML)').fill('<p>Hello <b>world</b></p><script>alert(1)</script>');
  // A preview whose request fails says why and keeps the draft; the next try shows it.
  await page.route(
    '**/api/staff/recruitments/consent-preview',
    (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The preview is not available right now.', code: 'UNAVAILABLE' }),
      }),
    { times: 1 },
  );
  await first.getByRole('button', { name: 'Preview Consent 1' }).click();
  const previewFailed = first
    .getByRole('alert')
    .filter({ hasText: 'The preview is not available right now.' });
  await expect(previewFailed).toBeVisible();
  await expect(first.getByLabel('Text (HTML)')).toHaveValue(
    '<p>Hello <b>world</b></p><script>alert(1)</script>',
  );
  await first.getByRole('button', { name: 'Preview Consent 1' }).click();
  const preview = first.getByRole('region', { name: 'Preview of Consent 1' });
  await expect(previewFailed).toHaveCount(0);
  await expect(preview.locator('b')).toHaveText('world');
  expect(await preview.innerHTML()).not.toContain('script');
  await form.getByRole('button', { name: 'Add a consent' }).click();
  const second = form.getByRole('group', { name: 'Consent 2' });
  await second.getByLabel('Title', { exact: true }).fill('Sample storage');
  await second.getByLabel('Text (HTML)').fill('<p>We keep your sample for ten years.</p>');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create recruitment' }).click();
  await page.getByRole('status').getByRole('link', { name: title }).click();

  // The chain as candidates read it; the second consent is reworded before anyone answers.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Edit consent 2' }).click();
  await page
    .getByRole('group', { name: 'Consent 2' })
    .getByLabel('Title', { exact: true })
    .fill('Keeping your sample');
  await page.getByRole('button', { name: 'Save the consent' }).click();
  await expect(page.getByRole('article', { name: 'Consent 2' })).toContainText('Keeping your sample');

  // A candidate is invited, answers the first consent and unsubscribes from study news.
  const candidates = page.getByRole('region', { name: 'Candidates' });
  const email = uniqueEmail('candidate');
  await candidates.getByLabel("Candidate's email").fill(email);
  await candidates.getByLabel('First name').fill('Cara');
  await candidates.getByLabel('Last name').fill('Candidate');
  await candidates.getByRole('button', { name: 'Invite the candidate' }).click();
  const links = candidates.getByRole('status').filter({ hasText: 'Candidate invited' });
  await expect(links).toContainText('/consent/');
  const text = await links.innerText();
  const consentUrl = new URL(/Consent: (\S+)/.exec(text)?.[1] ?? '');
  const unsubscribeUrl = new URL(/Unsubscribe: (\S+)/.exec(text)?.[1] ?? '');
  const answer = await request.put(`/api${consentUrl.pathname}`, {
    data: { consented: true, firstName: 'Cara', lastName: 'Candidate', email, phoneNumber: '0412 345 678' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  await request.post('/api/recruitment/unsubscribe', {
    data: { token: unsubscribeUrl.searchParams.get('token') },
  });

  await page.reload();
  const row = page.getByRole('region', { name: 'Candidates' }).getByRole('row', { name: /Cara Candidate/ });
  await expect(row).toContainText('Agreed: Study information');
  await expect(row).toContainText('Unsubscribed');
  await expect(page.getByRole('button', { name: 'Edit consent 1' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'Consent 1' })).toContainText('its words stay as they are');
  await expectAccessible(page);
});
