import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

export const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };

/** A password that passes every rule. */
export const PASSWORD = 'Sampling!2024';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export type TestUser = { id: string; email: string; password: string; firstName: string; lastName: string };

type NewUser = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  underAge?: boolean;
  guardian?: boolean;
  parentConsented?: boolean | null;
  /** Date of birth as YYYY-MM-DD. */
  dob?: string;
  /** Leaves the email unverified, as after registering without clicking the link. */
  unverified?: boolean;
  /** Extra permissions, e.g. IMPERSONATE for a support user. */
  authorities?: string[];
  /**
   * 'complete' (the default) saves the required details and an address through the person's own API, so
   * the customer dashboard shows (consumer §4 sends an incomplete profile to /profile); 'empty' leaves
   * the profile as registration does.
   */
  profile?: 'complete' | 'empty';
};

/** A verified account, made through the admin API (what `ops user:create` calls). */
export async function createUser(request: APIRequestContext, input: NewUser = {}): Promise<TestUser> {
  const { profile = 'complete', ...fields } = input;
  const user = {
    email: uniqueEmail(),
    password: PASSWORD,
    firstName: 'Robin',
    lastName: 'Tester',
    ...fields,
  };
  const response = await request.post('/api/admin/users', { headers: OPS_HEADERS, data: user });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  if (profile === 'complete' && !user.unverified) {
    const signIn = await request.post('/api/auth/login', {
      data: { email: user.email, password: user.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const { access_token } = (await signIn.json()) as { access_token: string };
    await saveCompleteProfile(request, access_token, {
      firstName: user.firstName,
      lastName: user.lastName,
      dateOfBirth: user.dob ?? (user.underAge ? '2012-01-01' : '1990-01-01'),
      ...(user.underAge ? { guardianFirstName: 'Pat', guardianLastName: 'Tester' } : {}),
    });
  }
  return {
    id,
    email: user.email,
    password: user.password,
    firstName: user.firstName,
    lastName: user.lastName,
  };
}

type Mail = { id: number; to: string; subject: string; text: string; links: string[]; createdAt: string };

/** The newest email to `to` with a link containing `linkPart`, waiting for it to arrive. */
export async function latestMailLink(
  request: APIRequestContext,
  to: string,
  linkPart: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/api/admin/mail?to=${encodeURIComponent(to)}`, {
        headers: OPS_HEADERS,
      });
      const mail = (await response.json()) as Mail[];
      link = mail.flatMap((item) => item.links).find((url) => url.includes(linkPart));
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/**
 * Fails on accessibility violations that axe rates serious or critical. Colour contrast (1.4.3) and the
 * WCAG 2.2 target size (2.5.8, 24 × 24 px) are named: axe leaves the target size off unless asked, and
 * a contrast check switched off elsewhere stays on in the journeys (issue 26). Only violations come back
 * with every node (`resultTypes`): the passes' nodes are not serialized out of the page.
 *
 * A page without frames is checked by `axe.run` in the page itself (AxeBuilder's legacy mode). The
 * default mode, made for frames of other origins, runs the rules per frame and then opens a blank tab
 * to merge the frames' results, which took about half of each scan (2.3 s against 4.5 s on the sign-in
 * page on a busy machine, same results) for a merge of one frame. Pages with frames keep that mode.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    .options({
      resultTypes: ['violations'],
      rules: { 'color-contrast': { enabled: true }, 'target-size': { enabled: true } },
    })
    .analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Fills in and sends the sign-in form of the page shown. */
export async function submitSignIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email', { exact: true }).fill(user.email);
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in through the form and waits for the dashboard, or for My Profile where the dashboard sends an
 * incomplete profile (`landsOn: 'profile'`).
 */
export async function login(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  { landsOn = 'dashboard' }: { landsOn?: 'dashboard' | 'profile' } = {},
): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, user);
  await expect(page).toHaveURL(landsOn === 'dashboard' ? /\/dashboard$/ : /\/profile$/);
}

/** Opens the sidebar's More menu and signs out. */
/** Signs out and waits for the reload at '/' to land on the sign-in page, so a next goto is not cut short. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'More' }).click();
  await signOutAndWait(page, page.getByRole('button', { name: 'Log Out' }));
}

/**
 * Clicks a sign-out control and waits for the new document of its reload at `home` to land on the sign-in
 * page (`/login` for the portal; the console's sign-in is at `/staff` itself). The sign-in form shows
 * before that reload, so a navigation started on seeing it would be cut short by the reload.
 */
export async function signOutAndWait(
  page: Page,
  control: Locator,
  { home = '/', signInAt = /\/login$/ }: { home?: string; signInAt?: RegExp } = {},
): Promise<void> {
  const reloadAtHome = page.waitForRequest(
    (req) => req.isNavigationRequest() && new URL(req.url()).pathname === home && req.method() === 'GET',
  );
  const reloaded = page.waitForEvent('load');
  await control.click();
  await reloadAtHome;
  await reloaded;
  await page.waitForURL(signInAt);
}

/** Every journey also fails on an uncaught error in the page. */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(undefined);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export type CreatedKit = { id: number; voucherCode: string; sampleIdentifier: string; hashedId: string };

/** New kits through the admin API (what `ops kits:create` calls); with ownerEmail they are bought into that account. */
export async function createKits(
  request: APIRequestContext,
  input: { count?: number; ownerEmail?: string; projectId?: number; infant?: boolean } = {},
): Promise<CreatedKit[]> {
  const response = await request.post('/api/admin/kits', {
    headers: OPS_HEADERS,
    data: { count: 1, ...input },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedKit[];
}

/** A logistics or lab step (what `ops kit:set` calls). */
export async function setKitStatus(
  request: APIRequestContext,
  kitId: number,
  change: { kitStatus?: string; sampleStatus?: string },
): Promise<void> {
  const response = await request.patch(`/api/admin/kits/${kitId}`, { headers: OPS_HEADERS, data: change });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The lab's results of a sample at the lab (what `ops results:import` calls), from a real MetaPhlAn
 * profile: only an import moves a sample to RESULTS_AVAILABLE.
 */
export async function importResults(
  request: APIRequestContext,
  sampleIdentifier: string,
  profile = 'gmwi2/SRR1761667_metaphlan.txt',
): Promise<void> {
  const text = fs.readFileSync(
    new URL(`../../../packages/domain/test-data/report/${profile}`, import.meta.url),
    'utf8',
  );
  const response = await request.post('/api/admin/results', {
    headers: OPS_HEADERS,
    data: { sampleIdentifier, profile: text },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A practitioner referral code (what `ops referral:create` calls). */
export async function createReferralCode(
  request: APIRequestContext,
  input: { code: string; firstName: string; lastName: string; email?: string },
): Promise<void> {
  const response = await request.post('/api/admin/referral-codes', { headers: OPS_HEADERS, data: input });
  expect([201, 409]).toContain(response.status());
}

/** The profile's current version (GET /api/users/me), which a save (putUser) must name. */
export async function profileVersion(request: APIRequestContext, accessToken: string): Promise<number> {
  const response = await request.get('/api/users/me', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { version: number }).version;
}

/** Saves the required details and an address as the person (putUser), so the dashboard counts it complete. */
async function saveCompleteProfile(
  request: APIRequestContext,
  accessToken: string,
  details: { firstName: string; lastName: string; dateOfBirth: string },
): Promise<void> {
  const version = await profileVersion(request, accessToken);
  const response = await request.put('/api/users/me', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      version,
      gender: 'OTHER',
      phoneNumber: '0412 345 678',
      addressLine1: '1 George St',
      suburb: 'Brisbane City',
      state: 'QLD',
      postcode: '4000',
      ...details,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Completes the profile of the person signed in on the page (after an 'empty' one was created). */
export async function completeProfile(page: Page): Promise<void> {
  const token = await page.evaluate(async () => {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  });
  await saveCompleteProfile(page.request, token, {
    firstName: 'Robin',
    lastName: 'Tester',
    dateOfBirth: '1990-01-01',
  });
}
