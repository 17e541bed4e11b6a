import { createKits, createUser, expect, expectAccessible, login, setKitStatus, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

test('a participant finds the bell in the research portal header and reads a message (axe at 1280 and 390 px)', async ({
  page,
  request,
}) => {
  const created = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: {
      name: `Inbox study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      logisticType: 'LAB_MANAGED',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: number };
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email, projectId });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });

  await login(page, user);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Inbox,/ });
  await expect(bell).toHaveAccessibleName('Inbox, 1 unread message');
  await expectAccessible(page);
  await bell.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const message = page
    .getByRole('list', { name: 'Inbox' })
    .getByRole('button', { name: /kit is on its way/ });
  await expectAccessible(page);
  await message.click();
  await expect(page.getByRole('link', { name: 'Follow your kit' })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Inbox, no unread messages');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bell).toBeVisible();
  await expectAccessible(page);
});
