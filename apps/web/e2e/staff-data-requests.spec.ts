import type { Locator, Page } from '@playwright/test';
import {
  AUTH_MESSAGES,
  CALLER_CHECKS,
  CLOSURE_TEXTS,
  DATA_RIGHTS_TEXTS,
  MY_AUDIT_TEXTS,
  PEOPLE_MESSAGES,
} from '@portal/domain';
import {
  createUser,
  expect,
  expectAccessible,
  latestMailLink,
  login,
  submitSignIn,
  type TestUser,
  test,
} from './fixtures.ts';
import { createStaff, signInToConsole } from './staff-fixtures.ts';

/** Opens a person's page in the console, found by email the way a caller gives it. */
async function openPerson(page: Page, person: TestUser) {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'People' }).click();
  await page.getByRole('searchbox', { name: 'Find a person' }).fill(person.email);
  await page.getByRole('searchbox', { name: 'Find a person' }).press('Enter');
  await page.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${person.firstName} ${person.lastName}` }),
  ).toBeVisible();
}

/** Ticks every item of the caller-identity checklist (issue 34 item 13). */
async function checkCaller(requests: Locator) {
  for (const label of Object.values(CALLER_CHECKS)) await requests.getByLabel(label).check();
}

test('support starts an export and closes an account for requests by phone (issues 23, 24)', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const support = await createStaff(request, ['SUPPORT'], 'Sue');
  const caller = await createUser(request, { firstName: 'Ada', lastName: 'Caller' });
  const leaving = await createUser(request, { firstName: 'Lea', lastName: 'Leaving' });
  await signInToConsole(page, support);

  // An export for the first caller: built in the background, emailed to them, never to support.
  await openPerson(page, caller);
  const requests = page.getByRole('region', { name: 'Requests by phone: export or closure' });
  // Nothing starts before the caller's identity is checked.
  await requests.getByRole('button', { name: 'Start an export' }).click();
  await expect(requests.getByRole('alert')).toHaveText(PEOPLE_MESSAGES.callerChecksRequired);
  await expectAccessible(page);
  await checkCaller(requests);
  await requests.getByRole('button', { name: 'Start an export' }).click();
  await expect(requests.getByRole('status')).toHaveText(PEOPLE_MESSAGES.exportStarted);
  await expect(page.getByRole('region', { name: 'Access log' })).toContainText('person.export.start');
  // Clicked again: the same export, not a second one (and not a second email).
  await requests.getByRole('button', { name: 'Start an export' }).click();
  await expect(requests.getByRole('status')).toHaveText(
    new RegExp(`${PEOPLE_MESSAGES.exportInProgress}|${PEOPLE_MESSAGES.exportAlreadyStarted}`),
  );
  await expectAccessible(page);
  // A case note on the call, for the next colleague (never shown to the person).
  const notes = page.getByRole('region', { name: 'Case notes' });
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes.getByRole('alert')).toHaveText('Write the note first.');
  await notes.getByLabel('New note').fill('Caller asked for their data by phone; identity checked.');
  await notes.getByRole('button', { name: 'Add the note' }).click();
  await expect(notes.getByRole('status')).toHaveText('Note added.');
  await expect(notes.getByRole('listitem')).toContainText([
    'Caller asked for their data by phone; identity checked.',
  ]);
  await expectAccessible(page);
  const link = await latestMailLink(request, caller.email, '/profile#your-data');

  // The caller signs in, in their own browser, and downloads it; they read who started it.
  const callerContext = await browser.newContext();
  const callerPage = await callerContext.newPage();
  await login(callerPage, caller);
  await callerPage.goto(link);
  const yourData = callerPage.getByRole('region', { name: DATA_RIGHTS_TEXTS.sectionTitle });
  await expect(yourData.getByRole('button', { name: DATA_RIGHTS_TEXTS.download })).toBeVisible();
  const staffActions = yourData.getByRole('region', { name: MY_AUDIT_TEXTS.title });
  // Staff are named by their first name to the person (issue 33, item 22).
  await expect(
    staffActions.getByRole('row', { name: /\bSue Started an export of your data, as you asked/ }),
  ).toBeVisible();
  await callerContext.close();

  // A closure for the second caller: the same explanation the person reads, a scope, a confirmation.
  await openPerson(page, leaving);
  await checkCaller(requests);
  await requests.getByRole('button', { name: 'Close the account…' }).click();
  const form = requests.getByRole('form', { name: 'Closure asked for by phone' });
  await expect(form.getByText(CLOSURE_TEXTS.kept[0].what)).toBeVisible();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText(CLOSURE_TEXTS.scopeRequired)).toBeVisible();
  await form.getByLabel(CLOSURE_TEXTS.scopes.EVERYTHING.label).check();
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText(/This cannot be undone/)).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Close the account', exact: true }).click();
  await expect(requests.getByRole('status')).toHaveText(PEOPLE_MESSAGES.closureStarted);
  await expect(page.getByRole('region', { name: 'Access log' })).toContainText('person.close');

  // The closed account cannot sign in any more.
  const leavingContext = await browser.newContext();
  const leavingPage = await leavingContext.newPage();
  await leavingPage.goto('/login');
  await submitSignIn(leavingPage, leaving);
  await expect(leavingPage.getByText(AUTH_MESSAGES.loginFailed)).toBeVisible();
  await expect(leavingPage).toHaveURL(/\/login$/);
  await leavingContext.close();

  // An export of the closed account is refused with the reason.
  await page.reload();
  await checkCaller(requests);
  await requests.getByRole('button', { name: 'Start an export' }).click();
  await expect(requests.getByRole('alert')).toHaveText(PEOPLE_MESSAGES.alreadyClosed);
});
