import { expect, expectAccessible, test } from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * Issue 34 item 19: at 390 px the console's menu hid 6 of 16 admin entries in a box of its own. Every
 * entry an ADMIN has is shown, none clipped, and each leads to its page.
 */
test('at 390 px an admin reaches every console entry', async ({ page, request }) => {
  const admin = await createStaff(request, ['ADMIN'], 'Ada');
  await signInToConsole(page, admin);
  const nav = page.getByRole('navigation', { name: 'Console' });
  const links = nav.getByRole('link');
  const count = await links.count();
  expect(count).toBeGreaterThanOrEqual(16);
  // Nothing is hidden inside the menu's own box: it does not scroll, and no entry is outside it.
  const clipped = await nav.evaluate(
    (el) => el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth,
  );
  expect(clipped).toBe(false);
  const box = await nav.boundingBox();
  for (let i = 0; i < count; i += 1) {
    const link = links.nth(i);
    await expect(link).toBeVisible();
    const own = await link.boundingBox();
    expect(own && box && own.x >= box.x && own.x + own.width <= box.x + box.width + 1).toBe(true);
    expect(own && box && own.y >= box.y && own.y + own.height <= box.y + box.height + 1).toBe(true);
  }
  await expectAccessible(page);
  // An entry from the end of the list leads to its page.
  await nav.getByRole('link', { name: 'Staff accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
});
