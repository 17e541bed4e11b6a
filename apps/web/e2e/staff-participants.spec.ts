import type { APIRequestContext } from '@playwright/test';
import {
  createKits,
  createUser,
  expect,
  expectAccessible,
  OPS_HEADERS,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

/** A participant invited with a code issued to their email, who joins the project with it. */
async function joinedParticipant(request: APIRequestContext, projectId: number, firstName: string) {
  const person = await createUser(request, { firstName, lastName: 'Tester' });
  const issued = await request.post(`/api/staff/projects/${projectId}/participant-codes`, {
    headers: OPS_HEADERS,
    data: { email: person.email },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { participantCode } = (await issued.json()) as { participantCode: string };
  const login = await request.post('/api/auth/login', {
    data: { email: person.email, password: person.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const joined = await request.post('/api/research/join', {
    headers: { authorization: `Bearer ${token}` },
    data: { participantIdentifier: participantCode, userId: person.id },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  return person;
}

/**
 * STUDY's short day (issue 34 item 18): a project's participants with their kits and where they stand,
 * found by name, and the recruitment funnel's figures: 4 invited, 3 joined, 2 with a kit, none with results.
 */
test('a study coordinator reads a project’s participants with their kits, finds one, and reads the funnel', async ({
  page,
  request,
}) => {
  test.slow();
  const coordinator = await createStaff(request, ['STUDY'], 'Rita');
  const name = `Fibre cohort ${Date.now().toString(36)}`;
  const created = await request.post('/api/staff/projects', {
    headers: OPS_HEADERS,
    data: { name, logisticType: 'LAB_MANAGED' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: number };
  const ana = await joinedParticipant(request, projectId, 'Ana');
  const ben = await joinedParticipant(request, projectId, 'Ben');
  await joinedParticipant(request, projectId, 'Cal');
  const [anaKit] = await createKits(request, { ownerEmail: ana.email, projectId });
  await createKits(request, { ownerEmail: ben.email, projectId, count: 2 });
  const never = await request.post(`/api/staff/projects/${projectId}/participant-codes`, {
    headers: OPS_HEADERS,
    data: { email: uniqueEmail('never') },
  });
  expect(never.status()).toBe(201);

  await signInToConsole(page, coordinator);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name }).click();

  const funnel = page.getByRole('region', { name: 'Recruitment funnel' });
  const stage = (label: string) => funnel.getByRole('row', { name: new RegExp(`^${label}\\b`) });
  await expect(stage('Invited')).toContainText('4');
  await expect(stage('Consented')).toContainText(/3\s*75%\s*75%/);
  await expect(stage('Kit')).toContainText(/2\s*66\.7%\s*50%/);
  await expect(stage('Result')).toContainText(/0\s*0%\s*0%/);

  const participants = page.getByRole('region', { name: 'Participants' });
  const rows = participants.getByRole('row', { name: /Tester/ });
  await expect(rows).toHaveCount(3);
  // Newest first: Cal joined last.
  await expect(rows.first()).toContainText('Cal Tester');
  await expect(rows.first()).toContainText('Joined, no kit yet');
  const anaRow = participants.getByRole('row', { name: /Ana Tester/ });
  await expect(anaRow).toContainText('Has a kit');
  await expect(anaRow.getByRole('link', { name: `KIT-${anaKit?.id}` })).toBeVisible();
  await expect(participants.getByRole('row', { name: /Ben Tester/ }).getByRole('link')).toHaveCount(2);
  await expectAccessible(page);

  const search = participants.getByRole('form', { name: 'Find a participant' });
  await search.getByLabel('Find a participant').fill('ben tes');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(ben.email);
  await search.getByLabel('Find a participant').fill('nobody-here');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(participants.getByText('No participant matches “nobody-here”.')).toBeVisible();
  await expectAccessible(page);
});
