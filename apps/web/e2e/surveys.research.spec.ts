import {
  completeProfile,
  createKits,
  createUser,
  expect,
  expectAccessible,
  setKitStatus,
  submitSignIn,
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

test('a participant finds the project block on Questionnaires and answers a question', async ({
  page,
  request,
}) => {
  const projectName = `Gut and mood study ${Date.now().toString(36)}`;
  const created = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: { name: projectName, logisticType: 'CLIENT_MANAGED', surveys: ['sampling', 'food'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: number };
  const user = await createUser(request, { profile: 'empty' });
  const [kit] = await createKits(request, { ownerEmail: user.email, projectId });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });

  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(/\/profile$/);
  await completeProfile(page);

  await page.goto('/surveys');
  const project = page.getByRole('region', { name: projectName });
  const card = project.getByRole('article').filter({ has: page.getByText(`KIT-${kit.id}`, { exact: true }) });
  // Research §2 and §4: the friendly status, not My Research's 'Sampling'.
  await expect(card.getByText('Packing', { exact: true })).toBeVisible();
  await expect(card.getByRole('checkbox', { name: 'Report received' })).toBeDisabled();
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page);

  await card.getByRole('link', { name: /^Start Day of sampling/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Day of sampling' })).toBeVisible();
  await page
    .getByRole('group', { name: /Have you taken antibiotics in the last 3 months/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await expect(page.locator('.survey-indicator')).toHaveText('Saved');
  await page.getByRole('button', { name: 'Save and close' }).click();

  await expect(page).toHaveURL('/surveys');
  await expect(card.getByRole('link', { name: /^Continue Day of sampling/ })).toBeVisible();
  await expect(card.locator('.survey-row-answered').first()).toHaveText(/^1 of \d+ questions answered$/);
});
