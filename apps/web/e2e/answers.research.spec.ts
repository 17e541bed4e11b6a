import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  logout,
  setKitStatus,
  submitSignIn,
  type TestUser,
  test,
} from './fixtures.ts';

/** Issue 33: no answer is lost, whether the tab reloads, the session ends elsewhere or two tabs answer. */

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const SESSION_ENDED = 'Your session has ended. Sign in again to save your answers';
const UPDATED_ELSEWHERE = 'Updated in another window';

/** A participant with a kit of a study asking the day-of-sampling questionnaire. */
async function participantWithKit(request: APIRequestContext) {
  const created = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: {
      name: `Answers study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
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
  return { user, kitId: kit.id, path: `/surveys/day-of-sampling/${kit.id}` };
}

/** The answers the server holds, read with a session of the test's own. */
async function storedAnswers(request: APIRequestContext, user: TestUser, kitId: number) {
  const signIn = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  const response = await request.get(`/api/kits/${kitId}/surveys/day-of-sampling/answers`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const body = (await response.json()) as {
    questionResultsMap: Record<string, { answerString: string | null }>;
  };
  return Object.fromEntries(
    Object.entries(body.questionResultsMap).map(([id, record]) => [id, record.answerString]),
  );
}

const question = (page: Page, name: RegExp) => page.getByRole('group', { name });
const antibiotics = (page: Page) => question(page, /Have you taken antibiotics in the last 3 months/);
const bowelMovements = (page: Page) => question(page, /How many bowel movements/).getByRole('spinbutton');
const choose = (group: Locator, option: string) => group.getByRole('radio', { name: option }).check();

test('an answer changed just before a reload is saved, not lost', async ({ page, request }) => {
  const { user, kitId, path } = await participantWithKit(request);
  await login(page, user);
  await page.goto(path);
  await choose(antibiotics(page), 'No');
  // Well within the 500 ms the questionnaire waits before saving a change.
  await page.waitForTimeout(100);
  await page.reload();

  await expect.poll(async () => (await storedAnswers(request, user, kitId)).DOS_ANTIBIOTICS).toBe('false');
  await expect(antibiotics(page).getByRole('radio', { name: 'No' })).toBeChecked();
  await expectAccessible(page);

  // Closing the tab as soon: nothing is left in the tab to save it later, the request outlives the page.
  await bowelMovements(page).fill('4');
  await page.waitForTimeout(100);
  await page.close({ runBeforeUnload: true });
  await expect.poll(async () => (await storedAnswers(request, user, kitId)).DOS_BM_COUNT).toBe('4');
});

test('answers typed after signing out in another tab are kept and saved once signed in again', async ({
  page,
  request,
}) => {
  const { user, kitId, path } = await participantWithKit(request);
  await login(page, user);
  await page.goto(path);
  await expect(antibiotics(page)).toBeVisible();

  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await logout(other);
  await other.close();

  // Two answers in the first tab, whose session has ended.
  await choose(antibiotics(page), 'No');
  await bowelMovements(page).fill('3');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(SESSION_ENDED)).toBeVisible();
  await expectAccessible(page);

  await submitSignIn(page, user);
  await expect(page).toHaveURL(path);
  await expect(antibiotics(page).getByRole('radio', { name: 'No' })).toBeChecked();
  await expect(bowelMovements(page)).toHaveValue('3');
  await expect
    .poll(async () => storedAnswers(request, user, kitId))
    .toMatchObject({ DOS_ANTIBIOTICS: 'false', DOS_BM_COUNT: '3' });
});

test('two tabs on one questionnaire: a tab shows the answer the other saved, and says so', async ({
  page,
  request,
}) => {
  const { user, path } = await participantWithKit(request);
  await login(page, user);
  await page.goto(path);
  await choose(antibiotics(page), 'Yes');
  await expect(page.locator('.survey-indicator')).toHaveText('Saved');

  const other = await page.context().newPage();
  await other.goto(path);
  await choose(antibiotics(other), 'No');
  await expect(other.locator('.survey-indicator')).toHaveText('Saved');
  await other.close();

  // The first tab saves an answer of its own and finds the other tab's with it.
  await bowelMovements(page).fill('2');
  await expect(page.locator('.survey-indicator')).toHaveText('Saved');
  await expect(antibiotics(page).getByText(UPDATED_ELSEWHERE)).toBeVisible();
  await expect(antibiotics(page).getByRole('radio', { name: 'No' })).toBeChecked();
  await expectAccessible(page);
});
