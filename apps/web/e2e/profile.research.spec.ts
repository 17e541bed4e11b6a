import type { Page } from '@playwright/test';
import { createUser, expect, expectAccessible, submitSignIn, test } from './fixtures.ts';

async function fillProfile(page: Page) {
  await page.getByLabel('Gender').selectOption('MALE');
  await page.getByLabel('Date of birth').fill('04/05/1988');
  await page.getByLabel('Phone number').fill('0400 123 456');
  await page.getByRole('combobox', { name: 'Find your address' }).fill('queen st');
  await page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option').first().click();
  await expect(page.getByLabel('Postcode')).toHaveValue('4000');
}

test('a participant with an incomplete profile is kept on My Profile until the first save, then sent to redeem', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { profile: 'empty' });
  await page.goto('/login');
  await submitSignIn(page, user);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Please complete your profile to continue.', { exact: false })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Research' })).toHaveCount(0);
  await expect(nav.getByText('My Research')).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page);

  await page.goto('/kits');
  await expect(page).toHaveURL(/\/profile$/);

  await fillProfile(page);
  await page.getByRole('radio', { name: /Yes, I agree/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  // No kits yet: the first save leads to the redeem modal on the dashboard.
  await expect(page).toHaveURL(/\/dashboard\?showModal=REDEEM$/);
  await expect(nav.getByRole('link', { name: 'My Research' })).toBeVisible();
});

test('an under-age participant without parental consent stays on My Profile', async ({ page, request }) => {
  const user = await createUser(request, { underAge: true, dob: '2012-03-04', profile: 'empty' });
  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile$/);
});
