import { AUTH_MESSAGES, CLOSURE_TEXTS, DEFAULT_BRAND } from '@portal/domain';
import { createKits, createUser, expect, expectAccessible, login, submitSignIn, test } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const T = CLOSURE_TEXTS;

test('a person closes their account, follows the request to processed, and cannot sign in again', async ({
  page,
  request,
}) => {
  // Three accessibility scans and a background job: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const user = await createUser(request);
  await createKits(request, { count: 1, ownerEmail: user.email });
  await login(page, user);
  await page.goto('/profile');
  const part = page.getByRole('region', { name: T.sectionTitle });
  await expect(part.getByRole('heading', { name: T.keptTitle })).toBeVisible();
  for (const kept of T.kept) await expect(part.getByText(kept.why, { exact: false })).toBeVisible();

  await part.getByRole('button', { name: T.open }).click();
  await expect(part.getByRole('group', { name: T.scopeLegend })).toBeVisible();
  await expectAccessible(page);

  // A wrong password: said at the field, and nothing happens.
  await part.getByLabel(T.scopes.EVERYTHING.label).check();
  await part.getByLabel(T.password).fill('Not-the-password-1');
  await part.getByRole('button', { name: T.submit, exact: true }).click();
  await expect(part.getByText(T.wrongPassword)).toBeVisible();
  await expect(part.getByLabel(T.password)).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/profile$/);
  await expectAccessible(page);

  await part.getByLabel(T.password).fill(user.password);
  await part.getByRole('button', { name: T.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/account-closed$/);
  await expect(page.getByRole('heading', { level: 1, name: T.pageTitleClosed })).toBeVisible({
    timeout: 30_000,
  });
  const timeline = page.getByRole('list', { name: T.timelineLabel });
  await expect(timeline.getByText(/^Received /)).toBeVisible();
  await expect(timeline.getByText(/^Processed /)).toBeVisible();
  await expect(page.getByText(T.closedDone)).toBeVisible();
  await expectAccessible(page);

  // The confirmation went through the outbox.
  await expect
    .poll(async () => {
      const mail = (await (
        await request.get(`/api/admin/mail?to=${encodeURIComponent(user.email)}`, { headers: OPS_HEADERS })
      ).json()) as { subject: string }[];
      return mail.map((m) => m.subject);
    })
    .toContain(T.mailSubject(DEFAULT_BRAND));

  // Signing in again fails, like any wrong email or password; the portal stays closed to the person.
  await page.getByRole('link', { name: T.home }).click();
  await expect(page).toHaveURL(/\/login$/);
  await submitSignIn(page, user);
  await expect(page.getByText(AUTH_MESSAGES.loginFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
});
