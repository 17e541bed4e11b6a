import type { APIRequestContext } from '@playwright/test';
import { createKits, createUser, expect, expectAccessible, login, setKitStatus, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

async function createProject(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const name = `Mood Study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: { name, logisticType: 'LAB_MANAGED' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, name };
}

test('a participant reaches a kit’s questionnaires from the dashboard and from My Research, and the list offers the kit actions', async ({
  page,
  request,
}) => {
  const project = await createProject(request);
  const user = await createUser(request);
  const [active, spare] = await createKits(request, {
    ownerEmail: user.email,
    projectId: project.id,
    count: 2,
  });
  if (!active || !spare) throw new Error('two kits expected');
  await setKitStatus(request, active.id, { kitStatus: 'REQUESTED' });

  await login(page, user);
  // No Questionnaires entry in the research sidebar (consumer §2); the dashboard reminds instead.
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Questionnaires' })).toHaveCount(0);
  // One row for the project, within the panel's 7 (research §2).
  const notifications = page.getByRole('list', { name: 'Notifications' });
  const prompt = notifications.getByRole('listitem').filter({ hasText: project.name });
  await expect(prompt).toContainText(/\d+ questionnaires to answer/);
  expect(await notifications.getByRole('listitem').count()).toBeLessThanOrEqual(7);
  await prompt.getByRole('link', { name: `Answer questionnaires ${project.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys\\?scrollingPosition=kit-${active.id}$`));
  const row = page.locator(`#kit-${active.id}`);
  await expect(row).toBeVisible();
  await expect(row.getByRole('link', { name: /^Start/ }).first()).toBeVisible();
  await expect(row.getByRole('heading')).toBeFocused();

  // The list's actions: activation, and send or give for the kit not sent yet.
  const unsent = page.getByRole('region', { name: 'Kits not sent yet' });
  await expect(unsent.getByText(`KIT-${spare.id}`, { exact: true })).toBeVisible();
  await expect(unsent.getByRole('button', { name: 'Send this kit to me now' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Activate a new kit' }).click();
  await expect(page.getByRole('dialog', { name: 'Activate a new kit' })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  // The dialog takes its history entry along as it closes (issue 33 item 11): that step ends first.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/kits');
  const card = page.getByRole('region', { name: project.name }).locator(`#kit-${active.id}`);
  await card.getByRole('link', { name: `Open Questionnaires KIT-${active.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/surveys\\?scrollingPosition=kit-${active.id}$`));
  await expect(page.locator(`#kit-${active.id}`)).toBeVisible();

  // The Coach page is back for booking (research §1, §2), with no subscription and no sidebar entry.
  await page.goto('/coach');
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Microbiome Coach' })).toBeVisible();
  await expect(page.getByRole('button', { name: /subscription/i })).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: /Coach/ })).toHaveCount(0);
  await expectAccessible(page);
  // Subscriptions stay on the customer portal: none on My Profile.

  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start a subscription' })).toHaveCount(0);
});

/** axe's landmark-unique (moderate, so expectAccessible leaves it): no two regions alike on the page. */
async function expectUniqueLandmarks(page: import('@playwright/test').Page) {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze();
  expect(
    results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
    `landmark-unique on ${page.url()}`,
  ).toEqual([]);
}

test('My Research and My Profile name no two landmarks alike', async ({ page, request }) => {
  const project = await createProject(request);
  const user = await createUser(request);
  const kits = await createKits(request, { ownerEmail: user.email, projectId: project.id, count: 2 });
  for (const kit of kits) await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await login(page, user);
  await page.goto('/kits');
  await expect(page.getByRole('region', { name: project.name })).toBeVisible();
  await expect(page.locator('.kit-card')).toHaveCount(2);
  await expectUniqueLandmarks(page);
  await expectAccessible(page);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
  await expectUniqueLandmarks(page);
  // Once the data consent is answered, My consents lists it under the same title as the form's section.
  await page.getByRole('radio', { name: /Yes, I agree/ }).check();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved successfully.')).toBeVisible();
  await page.reload();
  await expect(page.locator('.my-consent')).not.toHaveCount(0);
  await expectUniqueLandmarks(page);
  await expectAccessible(page);
});
