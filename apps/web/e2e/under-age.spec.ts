import { UNDER_AGE_BANNERS, withBrand } from '@portal/domain';
import { createUser, expect, expectAccessible, login, test } from './fixtures.ts';

test('a minor whose consent form is under review sees the reviewing banner', async ({ page, request }) => {
  const { brandName } = (await (await request.get('/api/config')).json()) as { brandName: string };
  const user = await createUser(request, { underAge: true, parentConsented: null });
  await login(page, user);
  await expect(page.getByText(withBrand(UNDER_AGE_BANNERS.reviewing, brandName))).toBeVisible();
  await expect(page.getByRole('link', { name: UNDER_AGE_BANNERS.completeNow })).toHaveCount(0);
  await expectAccessible(page);
});

test('a minor without parental consent is asked to complete it in My Profile', async ({ page, request }) => {
  const user = await createUser(request, { underAge: true, parentConsented: false });
  await login(page, user);
  await expect(page.getByText(UNDER_AGE_BANNERS.missing)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: UNDER_AGE_BANNERS.completeNow }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expectAccessible(page);
});

test('an adult sees no under-age banner', async ({ page, request }) => {
  const user = await createUser(request);
  await login(page, user);
  await expect(page.getByText(UNDER_AGE_BANNERS.missing)).toHaveCount(0);
  await expect(page.getByText(/is reviewing your consent form/)).toHaveCount(0);
});
