import type { APIRequestContext } from '@playwright/test';
import {
  createKits,
  createUser,
  expect,
  expectAccessible,
  importResults,
  login,
  setKitStatus,
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

/** A project whose results stay with the study team (what `ops project:create --result-delivery NO_DELIVERY` makes). */
async function blindProject(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const name = `Blind Study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: { name, logisticType: 'LAB_MANAGED', resultDeliveryType: 'NO_DELIVERY' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { id: number }).id, name };
}

test('results of a NO_DELIVERY study never reach the participant: no email, no link, no report', async ({
  page,
  request,
}) => {
  const project = await blindProject(request);
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email, projectId: project.id });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  // The lab's import succeeds: staff have the results.
  await importResults(request, kit.sampleIdentifier);

  await login(page, user);
  // The dashboard's notification leads to the kit on My Research, not to a report.
  const notifications = page.getByRole('region', { name: 'Notifications' });
  const view = notifications.getByRole('link', { name: `View KIT-${kit.id}` });
  await expect(view).toHaveAttribute('href', `/kits?scrollingPosition=kit-${kit.id}`);
  await expect(notifications.getByText('Processing complete', { exact: true })).toBeVisible();
  await expect(page.locator('a[href*="/report"]')).toHaveCount(0);

  await page.goto('/kits');
  const card = page.getByRole('region', { name: project.name }).getByRole('article');
  await expect(card).toHaveCount(1);
  // The status line says the lab is done, and nothing more (issue 33).
  await expect(card.getByText('Processing complete', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: /View report/ })).toHaveCount(0);
  await expect(card.getByText('Results Available')).toHaveCount(0);

  await page.goto('/surveys');
  await expect(page.getByRole('region', { name: project.name }).getByRole('article')).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: project.name }).getByText('Processing complete', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: /View report/ })).toHaveCount(0);

  await page.goto('/report');
  await expect(page.getByText('Sorry, you have no reports to display at this time.')).toBeVisible();
  await expectAccessible(page);
  const direct = await page.request.get(`/api/reports/${kit.sampleIdentifier}/pdf`);
  expect(direct.status()).not.toBe(200);

  const mail = await request.get(`/api/admin/mail?to=${encodeURIComponent(user.email)}`, {
    headers: OPS_HEADERS,
  });
  const subjects = ((await mail.json()) as { subject: string }[]).map((m) => m.subject);
  expect(subjects).toContain('We have received your sample');
  expect(subjects).not.toContain('Your microbiome report is ready');
});
