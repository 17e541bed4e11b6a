import type { APIRequestContext, Page } from '@playwright/test';
import type { StaffRole } from '@portal/domain';
import { generate } from 'otplib';
import { expect, PASSWORD, uniqueEmail } from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

export type StaffUser = { id: string; email: string; password: string; secret: string; name: string };

/** The time steps each secret has spent: the server accepts a step once, so a code is never reused. */
const spent = new Map<string, number>();

/**
 * A TOTP code of `secret` the server will take now: the current 30-second step, or the next one (which
 * it also accepts) when the current one was spent, as an authenticator app shows a code.
 */
export async function totpCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const step = Math.max(Math.floor(now / 30), (spent.get(secret) ?? 0) + 1);
  spent.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

/** The invitation of `ops staff:create`: the account and the link the invitee follows. */
export async function inviteStaffByOps(request: APIRequestContext, roles: StaffRole[], firstName = 'Sam') {
  const email = uniqueEmail('staff');
  const lastName = roles.map((r) => r[0] + r.slice(1).toLowerCase()).join(' ');
  const response = await request.post('/api/staff/members', {
    headers: OPS_HEADERS,
    data: { email, firstName, lastName, roles },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, invitationLink } = (await response.json()) as { id: string; invitationLink: string };
  return { id, email, invitationLink, name: `${firstName} ${lastName}` };
}

/**
 * A staff member with these roles who accepted the invitation and set up an authenticator app, all
 * through the API (the journeys that are about something else start from here).
 */
export async function createStaff(
  request: APIRequestContext,
  roles: StaffRole[],
  firstName = 'Sam',
): Promise<StaffUser> {
  const invited = await inviteStaffByOps(request, roles, firstName);
  const token = new URL(invited.invitationLink).searchParams.get('token');
  const accepted = await request.post('/api/staff/invitations/accept', {
    data: { token, password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const login = await request.post('/api/auth/login', { data: { email: invited.email, password: PASSWORD } });
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const setup = await request.post('/api/staff/second-factor/totp', { headers: auth });
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await request.post('/api/staff/second-factor/totp/confirm', {
    headers: auth,
    data: { code: await totpCode(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { id: invited.id, email: invited.email, password: PASSWORD, secret, name: invited.name };
}

/** Signs in at /staff with the password, then the app's code, and waits for the console's dashboard. */
export async function signInToConsole(page: Page, staff: Pick<StaffUser, 'email' | 'password' | 'secret'>) {
  await page.goto('/staff');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(staff.email);
  await form.getByLabel('Password', { exact: true }).fill(staff.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  const code = page.getByRole('form', { name: 'Enter your code' });
  await code.getByLabel('Code from your authenticator app').fill(await totpCode(staff.secret));
  await code.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** `days` days before today in the portal's zone, YYYY-MM-DD (a tube's collection date). */
export const portalDaysAgo = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Brisbane' }).format(
    new Date(Date.now() - days * 86_400_000),
  );

/**
 * The Receive samples page's receipt details (issue 34 item 11), filled before the tubes are scanned:
 * where they are stored and, unless the person gave it, the collection date. The focus goes back to
 * the scan field, as a scanner needs.
 */
export async function fillReceipt(
  page: Page,
  details: { freezer?: string; box?: string; position?: string; collectionDate?: string; condition?: string },
) {
  if (details.condition)
    await page.getByLabel('Condition of the tube').selectOption({ label: details.condition });
  if (details.collectionDate !== undefined)
    await page.getByRole('textbox', { name: 'Collection date' }).fill(details.collectionDate);
  if (details.freezer)
    await page.getByRole('textbox', { name: 'Freezer', exact: true }).fill(details.freezer);
  if (details.box) await page.getByRole('textbox', { name: 'Box', exact: true }).fill(details.box);
  if (details.position)
    await page.getByRole('textbox', { name: 'Position in the box' }).fill(details.position);
  await page.getByRole('textbox', { name: 'Sample received' }).focus();
}

/**
 * Scans `code` into the console's scan field named `field` as a hand scanner types it (keys, then Enter),
 * and waits for the scan's outcome. The field has focus before and, after the outcome, keeps it: the next
 * scan is never lost (issue 34 item 3).
 */
export async function scan(page: Page, field: string, code: string, outcome: string | RegExp) {
  const input = page.getByRole('textbox', { name: field });
  await expect(input).toBeFocused();
  await input.pressSequentially(code);
  await input.press('Enter');
  await expect(page.getByTestId('scan-result')).toHaveText(outcome);
  await expect(input).toBeFocused();
}
