import { createKits, createUser, expect, expectAccessible, login, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('the mobile menu opens over the page with every entry, and Escape closes it', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await createKits(request, { ownerEmail: user.email, count: 2 });
  await login(page, user);
  const heading = page.getByRole('heading', { level: 1 });
  const before = await heading.boundingBox();
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.click();

  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  // Over the page: the page under it has not moved.
  expect(await heading.boundingBox()).toEqual(before);
  const nav = menu.getByRole('navigation', { name: 'Main' });
  for (const entry of ['Dashboard', 'My Kits', 'Questionnaires', 'Reports', 'Coach', 'My Profile', 'Support'])
    await expect(nav.getByRole('link', { name: entry })).toBeInViewport();
  await expect(nav.getByRole('button', { name: 'Log Out' })).toBeInViewport();
  await expect(nav.getByRole('button', { name: 'More' })).toHaveCount(0);
  await expectAccessible(page);

  // Keyboard: focus is in the menu and Tab stays there; Escape closes and returns focus to Menu.
  for (let i = 0; i < 12; i += 1) {
    await page.keyboard.press('Tab');
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Following an entry closes the menu on the page it leads to.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Kits' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Sampling Kits' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
  await expect(page.locator('.kit-card')).toHaveCount(2);
  await expectAccessible(page);
});
