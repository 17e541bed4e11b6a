import type { APIRequestContext, Page } from '@playwright/test';
import { createKits, createUser, expect, expectAccessible, login, setKitStatus, test } from './fixtures.ts';
import { answerEveryQuestionnaire } from './questionnaire-answers.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const FIRST_REMINDER = 'Please complete your questionnaires';
const SECOND_REMINDER = 'Last day to complete your questionnaires';

/** The reminders' test clock (ops reminders:advance): this person's reminders, `hours` nearer. */
async function advanceClock(request: APIRequestContext, email: string, hours: number) {
  const response = await request.post('/api/admin/reminders/advance', {
    headers: OPS_HEADERS,
    data: { hours, email },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { sent: number; done: number };
}

/** The subjects of the mail the dev mailbox holds for `to`. */
async function mailSubjects(request: APIRequestContext, to: string) {
  const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, {
    headers: OPS_HEADERS,
  });
  return ((await response.json()) as { subject: string }[]).map((m) => m.subject);
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Inbox,/ });
const message = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Inbox' }).getByRole('button', { name: new RegExp(`^${subject}`) });

test('a questionnaire reminder lands in the inbox and the mailbox, and stops once the questionnaires are done', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });

  // A day after the sample-received email, the questionnaires are still open: the first reminder.
  expect(await advanceClock(request, user.email, 24)).toEqual({ sent: 1, done: 0 });
  expect(await mailSubjects(request, user.email)).toContain(FIRST_REMINDER);

  await login(page, user);
  // Two kit messages before it (on its way, received) and the reminder: three unread.
  await expect(bell(page)).toHaveAccessibleName('Inbox, 3 unread messages');
  await expectAccessible(page);
  await bell(page).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  const reminder = message(page, FIRST_REMINDER);
  await expect(reminder).toContainText('Unread');
  await expect(reminder).toHaveAttribute('aria-expanded', 'false');
  await expectAccessible(page);

  // Opening it reads it: the body, the action, how it went out, and the bell counts one fewer.
  await reminder.click();
  await expect(reminder).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/Please complete its questionnaires by tomorrow\./)).toBeVisible();
  await expect(page.getByText('Sent by: Inbox: Sent · Email:', { exact: false }).first()).toBeVisible();
  await expect(reminder).not.toContainText('Unread');
  await expect(bell(page)).toHaveAccessibleName('Inbox, 2 unread messages');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Answer your questionnaires' }).click();
  await expect(page).toHaveURL(/\/surveys$/);

  // The person completes every questionnaire: the last answer cancels the second reminder at once, so a
  // day later there is nothing left to send.
  await answerEveryQuestionnaire(request, user, kit.id);
  expect(await advanceClock(request, user.email, 24)).toEqual({ sent: 0, done: 0 });
  await page.goto('/inbox');
  await expect(message(page, FIRST_REMINDER)).toHaveCount(1);
  await expect(message(page, SECOND_REMINDER)).toHaveCount(0);
  const subjects = await mailSubjects(request, user.email);
  expect(subjects.filter((s) => s === FIRST_REMINDER)).toHaveLength(1);
  expect(subjects).not.toContain(SECOND_REMINDER);

  // Mark all read empties the count.
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Inbox, no unread messages');
});

test('the bell and the inbox fit a phone and pass axe at 390 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await login(page, user);
  await expect(bell(page)).toHaveAccessibleName('Inbox, 1 unread message');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expectAccessible(page);
  await bell(page).click();
  const packing = message(page, 'Your Microbiome Lab kit is on its way');
  await packing.click();
  await expect(page.getByRole('link', { name: 'Follow your kit' })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Inbox, no unread messages');
  await expectAccessible(page);
  for (const viewport of [390, 320]) {
    await page.setViewportSize({ width: viewport, height: 844 });
    await expect(bell(page)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `the page at ${viewport} px`).toBeLessThanOrEqual(viewport);
  }
});
