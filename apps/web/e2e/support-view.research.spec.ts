import { dashboardGreeting } from '@portal/domain';
import {
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  setKitStatus,
  signOutAndWait,
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

test('a support view survives a reload, changes nothing, and the person sees who viewed their data', async ({
  page,
  request,
}) => {
  // Two sign-ins, a reload and three axe scans, one of them over all of My Profile (issue 23 made it longer).
  test.slow();
  // Support staff are not participants: no participant profile is asked of them (issue 33 item 6).
  const support = await createUser(request, {
    authorities: ['IMPERSONATE'],
    firstName: 'Sam',
    lastName: 'Helper',
    profile: 'empty',
  });
  const person = await createUser(request, { firstName: 'Priya', lastName: 'Nair' });
  // A study asking the day-of-sampling questionnaire, and a kit of the person's in it.
  const studyName = `Support view questionnaires ${Date.now().toString(36)}`;
  const study = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: { name: studyName, logisticType: 'CLIENT_MANAGED', surveys: ['sampling'] },
  });
  expect(study.status(), await study.text()).toBe(201);
  const [kit] = await createKits(request, {
    ownerEmail: person.email,
    projectId: ((await study.json()) as { id: number }).id,
  });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });

  await login(page, support);
  await page.goto('/support');
  await expect(page).toHaveURL(/\/support$/);
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

  // A dialog that would change something says in itself that the view is read-only, and sends nothing:
  // no "The participant code is invalid" for a valid code (issue 33 item 5).
  await page.getByRole('button', { name: /Add a new project/ }).click();
  const join = page.getByRole('dialog', { name: 'Add a new project' });
  await expect(join).toContainText('Support view is read-only');
  await expect(join.getByLabel('Participant code')).toBeDisabled();
  await expect(join.getByRole('button', { name: 'Join project' })).toBeDisabled();
  await expect(join).not.toContainText('invalid');
  await expectAccessible(page);
  await join.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /Activate a new kit/ }).click();
  const activate = page.getByRole('dialog', { name: 'Activate a new kit' });
  await expect(activate).toContainText('Support view is read-only');
  await expect(activate.getByRole('button', { name: 'Enter my voucher code' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(activate).toHaveCount(0);
  const token = await tokenOf(request, person);
  const joined = await request.get('/api/research/kits', { headers: { authorization: `Bearer ${token}` } });
  expect((await joined.json()).map((p: { name: string }) => p.name)).toEqual([studyName]);

  // A questionnaire in the view: every input disabled, the read-only notice, no saving indicator
  // (issue 33 item 4), and nothing sent.
  await page.goto(`/surveys/day-of-sampling/${kit.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Day of sampling' })).toBeVisible();
  await expect(page.getByText('Support view is read-only').first()).toBeVisible();
  const antibiotics = page.getByRole('group', { name: /Have you taken antibiotics in the last 3 months/ });
  await expect(antibiotics.getByRole('radio', { name: 'No' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save and next' })).toBeDisabled();
  const inputs = page.locator('.survey-section input, .survey-section textarea');
  expect(await inputs.count()).toBeGreaterThan(3);
  for (const input of await inputs.all()) await expect(input).toBeDisabled();
  await expect(page.locator('.survey-indicator')).toHaveText('');
  await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
  await expectAccessible(page);
  const answers = await request.get(`/api/kits/${kit.id}/surveys/day-of-sampling/answers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await answers.json()).questionResultsMap).toEqual({});
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/surveys$/);
  // Were a write sent anyway with the view's token, the server refuses it (and the person sees the try).
  const refused = await page.evaluate(async (kitId) => {
    const view = JSON.parse(sessionStorage.getItem('portal.supportView') ?? '{}') as { token?: string };
    const response = await fetch(`/api/kits/${kitId}/surveys/day-of-sampling`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${view.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ questionId: 'DOS_ANTIBIOTICS', answers: [], answerString: 'false' }),
    });
    return response.status;
  }, kit.id);
  expect(refused).toBe(403);

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

test('a participant with an incomplete profile opens Support, with its contact details', async ({
  page,
  request,
}) => {
  const person = await createUser(request, { profile: 'empty' });
  await login(page, person, { landsOn: 'profile' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'More' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contact us' })).toContainText('1300 974 621');
  await expectAccessible(page);
  // The rest of the portal still waits for the profile.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/profile$/);
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
