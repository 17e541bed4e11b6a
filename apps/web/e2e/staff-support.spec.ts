import { createUser, expect, expectAccessible, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

test("support finds a customer, reviews a minor's consent form, and opens the read-only view", async ({
  page,
  request,
}) => {
  test.slow();
  const support = await createStaff(request, ['SUPPORT'], 'Sue');
  const minor = await createUser(request, { underAge: true, firstName: 'Mina', lastName: 'Young' });
  // The minor uploads the signed form (the blank one the portal offers, as a stand-in for a scan).
  const blank = await request.get('/api/parental-consent/form.pdf');
  const signIn = await request.post('/api/auth/login', {
    data: { email: minor.email, password: minor.password },
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const upload = await request.post('/api/users/me/parental-consent/form', {
    headers: { authorization: `Bearer ${access_token}` },
    multipart: { file: { name: 'form.pdf', mimeType: 'application/pdf', buffer: await blank.body() } },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);

  await signInToConsole(page, support);
  // The dashboard counts the form and links to the forms waiting.
  await page.getByRole('link', { name: /Consent forms waiting for review/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Consent forms waiting for review' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mina Young' })).toBeVisible();

  // Support finds the customer by email, the way a caller gives it.
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'People' }).click();
  await page.getByRole('searchbox', { name: 'Find a person' }).fill(minor.email);
  await page.getByRole('searchbox', { name: 'Find a person' }).press('Enter');
  await page.getByRole('link', { name: 'Mina Young' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mina Young' })).toBeVisible();
  await expectAccessible(page);

  // The form, inline; declining needs a reason, then it is approved.
  const review = page.getByRole('region', { name: 'Parental consent form to review' });
  await review.getByRole('button', { name: 'Show the form' }).click();
  await expect(review.locator('iframe[title="Uploaded parental consent form"]')).toBeVisible();
  await review.getByRole('button', { name: 'Decline…' }).click();
  await review.getByRole('button', { name: 'Decline the form' }).click();
  await expect(review.getByRole('alert')).toContainText('Give the reason for declining');
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByRole('status')).toHaveText('Approved, and the family emailed.');
  const log = page.getByRole('region', { name: 'Access log' });
  await expect(log).toContainText('consent.review.approve');
  await expectAccessible(page);

  // The read-only view of the customer's portal, with the way back.
  await page.getByRole('button', { name: 'Open the read-only view' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('region', { name: 'Support view' });
  await expect(banner).toContainText('Mina Young');
  await expect(banner).toContainText('read-only');
  await expectAccessible(page);

  // The way back leads to the console page the view was opened from, signed in as support again.
  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/people/${minor.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mina Young' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Support view' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Access log' })).toContainText('person.support_view.open');
  await expectAccessible(page);
});
