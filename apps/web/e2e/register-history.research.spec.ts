import type { APIRequestContext } from '@playwright/test';
import { ACCOUNT_TYPE_LABELS } from '@portal/domain';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

/** A research project and a participant code of it for `email` (what `ops` calls). */
async function participantCode(
  request: APIRequestContext,
  email: string,
): Promise<{ code: string; name: string }> {
  const name = `History Study ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const project = await request.post('/api/admin/projects', {
    headers: OPS_HEADERS,
    data: { name, logisticType: 'LAB_MANAGED' },
  });
  expect(project.status(), await project.text()).toBe(201);
  const { id } = (await project.json()) as { id: number };
  const issued = await request.post(`/api/admin/projects/${id}/participant-codes`, {
    headers: OPS_HEADERS,
    data: { email },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  return { code: ((await issued.json()) as { participantCode: string }).participantCode, name };
}

test('the registration steps are browser history: Back, Forward and a reload keep the person where they were', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('history');
  const { code, name } = await participantCode(request, email);
  await page.goto('/login');
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Participant code' }).fill(code);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  const accountFor = page.getByRole('group', { name: 'Who is this account for?' });
  await expect(accountFor).toBeVisible();
  await expect(page.getByText(`Participant code accepted for ${name}.`)).toBeVisible();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expectAccessible(page);

  // Back at step 2 returns to step 1 with its values, not to the page before /register.
  await page.goBack();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Participant code' })).toHaveValue(code);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);

  // Forward shows step 2 again, with the project found.
  await page.goForward();
  await expect(accountFor).toBeVisible();
  await expect(page.getByText(`Participant code accepted for ${name}.`)).toBeVisible();
  await accountFor.getByRole('radio', { name: ACCOUNT_TYPE_LABELS.adult }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByLabel('Confirm email')).toHaveValue(email);

  // A reload stays on the step.
  await page.reload();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByLabel('Confirm email')).toHaveValue(email);

  // Back twice: step 1, its code kept (redeem_on_register) through the reload.
  await page.goBack();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Participant code' })).toHaveValue(code);
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
  await expectAccessible(page);
});
