import type { APIRequestContext } from '@playwright/test';
import { createKits, createUser, expect, expectAccessible, login, setKitStatus, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

/** A participant with a kit of a study asking the day-of-sampling questionnaire. */
async function participantWithKit(request: APIRequestContext) {
  const created = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: {
      name: `Failure study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      logisticType: 'CLIENT_MANAGED',
      surveys: ['sampling'],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: number };
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email, projectId });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  return { user, path: `/surveys/day-of-sampling/${kit.id}` };
}

test('on a phone, a failed save brings its alert into view with its title clear of the sticky headers', async ({
  page,
  request,
}) => {
  const { user, path } = await participantWithKit(request);
  await login(page, user);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route('**/api/kits/*/surveys/day-of-sampling', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'The service is briefly unavailable.', code: 'UNAVAILABLE' }),
        })
      : route.continue(),
  );
  // An answer far down the page.
  const bowel = page.getByRole('group', { name: /How many bowel movements/ }).getByRole('spinbutton');
  await bowel.fill('2');
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to save answers' });
  await expect(alert).toBeVisible();
  const title = alert.getByText('Failed to save answers', { exact: true });
  await expect
    .poll(async () => {
      const [titleBox, headerBox] = await Promise.all([
        title.boundingBox(),
        page.locator('.survey-header').boundingBox(),
      ]);
      if (!titleBox || !headerBox) return 'not laid out';
      return titleBox.y >= headerBox.y + headerBox.height
        ? 'clear'
        : `under by ${Math.round(headerBox.y + headerBox.height - titleBox.y)} px`;
    })
    .toBe('clear');
  await expectAccessible(page);
});
