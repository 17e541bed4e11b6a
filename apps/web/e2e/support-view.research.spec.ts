import { dashboardGreeting } from '@portal/domain';
import { createUser, expect, expectAccessible, login, signOutAndWait, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

test('a support view survives a reload, changes nothing, and the person sees who viewed their data', async ({
  page,
  request,
}) => {
  // Two sign-ins, a reload and three axe scans, one of them over all of My Profile (issue 23 made it longer).
  test.slow();
  const support = await createUser(request, {
    authorities: ['IMPERSONATE'],
    firstName: 'Sam',
    lastName: 'Helper',
  });
  const person = await createUser(request, { firstName: 'Priya', lastName: 'Nair' });
  const project = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: { name: 'Support view study', logisticType: 'LAB_MANAGED' },
  });
  expect(project.status(), await project.text()).toBe(201);
  const { participantCode } = (await project.json()) as { participantCode: string };

  await login(page, support);
  await page.goto('/support');
  await page.getByRole('button', { name: 'Support', exact: true }).click();
  const widget = page.getByRole('dialog', { name: 'View a participant’s portal' });
  await widget.getByLabel('Username').fill(person.email);
  await widget.getByLabel('Username').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  const banner = page.getByRole('region', { name: 'Support view' });
  await expect(banner).toContainText("You are viewing Priya Nair's portal as support");
  await expect(banner).toContainText('This view is read-only');

  // A full reload keeps the view: the page is still the person's, not the support account's.
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: dashboardGreeting('Priya', false) }),
  ).toBeVisible();
  await expect(banner).toContainText("You are viewing Priya Nair's portal as support");

  // A write is refused by the server, and the person at the screen is told why.
  await page.getByRole('button', { name: /Add a new project/ }).click();
  const join = page.getByRole('dialog', { name: 'Add a new project' });
  await join.getByLabel('Participant code').fill(participantCode);
  await join.getByRole('button', { name: 'Join project' }).click();
  await expect(banner.getByRole('alert')).toHaveText('Support view is read-only');
  await join.getByRole('button', { name: 'Close' }).click();
  const joined = await request.get('/api/research/kits', {
    headers: { authorization: `Bearer ${await tokenOf(request, person)}` },
  });
  expect(await joined.json()).toEqual([]);

  // My Profile (loaded afresh: the view holds) offers no save in the view, and lists the view's visits.
  await page.goto('/profile');
  await expect(banner).toContainText("You are viewing Priya Nair's portal as support");
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 3, name: 'Who viewed my data' })).toBeVisible();
  // Nor a withdrawal of consent, nor a save of email choices (issue 23).
  await expect(page.getByRole('button', { name: 'Save email choices' })).toHaveCount(0);
  await expectAccessible(page);

  await banner.getByRole('button', { name: 'Return to my account' }).click();
  await expect(page).toHaveURL(/\/support$/);
  // Support sits under More, which the Support page leaves open.
  const more = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' });
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  // Signing out reloads the app; let it land before the next sign-in navigates.
  await signOutAndWait(page, page.getByRole('button', { name: 'Log Out' }));

  // The person signs in and finds the support view in their list.
  await login(page, person);
  await page.goto('/profile');
  const viewed = page.getByRole('region', { name: 'Who viewed my data' });
  await expect(viewed.getByRole('listitem').first()).toContainText('Sam Helper');
  await expect(viewed).toContainText('Your research projects and kits');
  await expect(viewed).toContainText('Tried to change something (Refused: the support view is read-only)');
  await expectAccessible(page);
});

test('a person no one from support has viewed sees an empty list', async ({ page, request }) => {
  const person = await createUser(request);
  await login(page, person);
  await page.goto('/profile');
  const viewed = page.getByRole('region', { name: 'Who viewed my data' });
  await expect(viewed).toContainText('No one from our support team has viewed your account.');
  await expectAccessible(page);
});

async function tokenOf(
  request: Parameters<typeof createUser>[0],
  user: { email: string; password: string },
): Promise<string> {
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  return ((await signIn.json()) as { access_token: string }).access_token;
}
