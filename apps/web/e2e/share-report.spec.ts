import type { Page } from '@playwright/test';
import {
  createKits,
  createReferralCode,
  createUser,
  expect,
  expectAccessible,
  importResults,
  latestMailLink,
  login,
  PASSWORD,
  setKitStatus,
  test,
  uniqueEmail,
} from './fixtures.ts';

/** Nothing on the page is wider than a 320 px phone. */
async function expectFitsPhone(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (size) await page.setViewportSize(size);
}

/** Every Content-Security-Policy refusal the page reports: the practitioner's page must need none. */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) refusals.push(message.text());
  });
  return refusals;
}

test('a person shares a report with a PIN, a practitioner opens it without an account, the person takes it back', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const user = await createUser(request, { firstName: 'Maya', lastName: 'Share' });
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  await importResults(request, kit.sampleIdentifier);
  await login(page, user);

  // From the report, to the share page.
  await page.goto(`/report/${kit.id}`);
  await page.getByRole('link', { name: 'Share with a practitioner' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Share with a practitioner' })).toBeVisible();
  await expect(page.getByText('You have not shared a report yet.')).toBeVisible();

  // Nothing chosen, and an expiry out of range: clear messages, nothing made.
  await page.getByLabel('The link works for (days)').fill('120');
  await page.getByRole('button', { name: 'Create the link' }).click();
  await expect(page.getByText('Choose at least one report to share.')).toBeVisible();
  await expect(page.getByText('Choose how long the link works, from 1 to 90 days.')).toBeVisible();
  await expect(page.getByText('You have not shared a report yet.')).toBeVisible();

  await page.getByRole('checkbox', { name: new RegExp(`KIT-${kit.id}`) }).check();
  await page.getByLabel('The link works for (days)').fill('7');
  await page.getByRole('checkbox', { name: /6-digit PIN/ }).check();
  await page.getByRole('button', { name: 'Create the link' }).click();
  await expect(page.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
  const url = (await page.getByTestId('share-url').textContent()) ?? '';
  const pin = ((await page.getByTestId('share-pin').textContent()) ?? '').replace('PIN: ', '');
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);
  expect(pin).toMatch(/^\d{6}$/);
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByText('Not opened yet.')).toBeVisible();
  await expectAccessible(page);
  await expectFitsPhone(page);

  // The practitioner: a fresh browser, no account.
  const practitioner = await browser.newContext();
  try {
    const view = await practitioner.newPage();
    const refusals = cspRefusals(view);
    const response = await view.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect(view.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(view.getByText('This link is protected by a PIN.', { exact: false })).toBeVisible();
    await expectAccessible(view);

    const wrong = pin === '000000' ? '111111' : '000000';
    await view.getByLabel('PIN').fill(wrong);
    await view.getByRole('button', { name: 'Open the report' }).click();
    await expect(
      view.getByText('That PIN is not right. 4 tries left before the link locks for an hour.'),
    ).toBeVisible();

    await view.getByLabel('PIN').fill(pin);
    await view.getByRole('button', { name: 'Open the report' }).click();
    await expect(view.getByRole('heading', { level: 1, name: 'Shared microbiome report' })).toBeVisible();
    await expect(view.getByText(/^Shared by Maya Share, read-only, until/)).toBeVisible();
    await expect(view.getByRole('heading', { name: new RegExp(`KIT-${kit.id}`) })).toBeVisible();
    const downloading = view.waitForEvent('download');
    await view.getByRole('button', { name: /Download the PDF of/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`report-${kit.sampleIdentifier}.pdf`);
    await expectAccessible(view);
    await expectFitsPhone(view);
    expect(refusals, 'the share page broke its own policy').toEqual([]);

    // The person sees the view, and takes the link back.
    await page.reload();
    await expect(page.getByText('Opened once')).toBeVisible();
    await expect(page.getByText(/ · Chrome.* · /)).toBeVisible();
    await page.getByRole('button', { name: /^Take back the link created/ }).click();
    await expect(page.getByText('The link no longer works.')).toBeVisible();
    await expect(page.getByText('Taken back', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Take back the link created/ })).toHaveCount(0);

    // The practitioner's link now answers that it is no longer available, from the server.
    // A new tab, as when the practitioner opens the emailed link again.
    const again = await practitioner.newPage();
    const gone = await again.goto(url);
    expect(gone?.status()).toBe(410);
    await expect(again.getByRole('heading', { name: 'This link is no longer available' })).toBeVisible();
    await expect(again.getByText('the person who shared it has taken it back')).toBeVisible();
    expect(gone?.headers()['x-robots-tag']).toContain('noindex');
    await expectAccessible(again);
    // The page that was already open shows nothing new, but cannot open the reports again either.
    const reopened = await again.request.post(
      `${new URL(url).origin}/api/shared/${new URL(url).pathname.split('/')[2]}/open`,
      {
        data: { pin },
      },
    );
    expect(reopened.status()).toBe(410);
  } finally {
    await practitioner.close();
  }
});

test('a person emails the link to the practitioner whose referral code they gave, who opens it from the email', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const tag = Date.now().toString(36).toUpperCase();
  const practitionerEmail = `jane.${tag.toLowerCase()}@clinic.example`;
  await createReferralCode(request, {
    code: `DR${tag}`,
    firstName: 'Jane',
    lastName: 'Practitioner',
    email: practitionerEmail,
  });
  // Registered with the practitioner's code, as the registration form sends it.
  const email = uniqueEmail('referred');
  const registered = await request.post('/api/auth/register', {
    data: {
      email,
      password: PASSWORD,
      firstName: 'Ravi',
      lastName: 'Referred',
      underAge: false,
      guardian: false,
      referralCode: `REF-DR${tag}`,
    },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const verifyLink = await latestMailLink(request, email, '/verify-email?');
  const verified = await request.post('/api/auth/verify-email', {
    data: { token: new URL(verifyLink).search.slice(1) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const [kit] = await createKits(request, { ownerEmail: email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  await importResults(request, kit.sampleIdentifier);
  await login(page, { email, password: PASSWORD }, { landsOn: 'profile' });

  await page.goto('/reports/shares');
  await page.getByRole('checkbox', { name: new RegExp(`KIT-${kit.id}`) }).check();
  await page.getByLabel('Email the link to').selectOption({ label: 'Jane Practitioner' });
  await page.getByRole('button', { name: 'Create the link' }).click();
  await expect(page.getByText('We emailed the link to Jane Practitioner.')).toBeVisible();
  await expect(page.getByText('Emailed to Jane Practitioner')).toBeVisible();
  await expectAccessible(page);

  const link = await latestMailLink(request, practitionerEmail, '/share/');
  expect(link).toBe(await page.getByTestId('share-url').textContent());
  const practitioner = await browser.newContext();
  try {
    const view = await practitioner.newPage();
    await view.goto(link);
    await expect(view.getByText(/^Shared by Ravi Referred, read-only, until/)).toBeVisible();
    await expect(view.getByRole('heading', { name: new RegExp(`KIT-${kit.id}`) })).toBeVisible();
  } finally {
    await practitioner.close();
  }
});

test('a minor who sees their report is told only a guardian can share it, and offered no form', async ({
  page,
  request,
}) => {
  const minor = await createUser(request, { underAge: true, parentConsented: true });
  const [kit] = await createKits(request, { ownerEmail: minor.email });
  if (!kit) throw new Error('a kit expected');
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  await importResults(request, kit.sampleIdentifier);
  await login(page, minor);
  await page.goto('/reports/shares');
  await expect(
    page.getByText('Reports of an account under 18 can only be shared by a parent or guardian', {
      exact: false,
    }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create the link' })).toHaveCount(0);
  await expectAccessible(page);
});
