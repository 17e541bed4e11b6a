import type { Locator, Page } from '@playwright/test';
import {
  DEFAULT_BRAND,
  KIT_MESSAGES,
  KIT_NAME_MAX,
  KIT_SUMMARY_TEXTS,
  kitStatusText,
  withBrand,
} from '@portal/domain';
import {
  createKits,
  createReferralCode,
  createUser,
  expect,
  expectAccessible,
  importResults,
  login,
  setKitStatus,
  test,
} from './fixtures.ts';

const ADDRESS = { addressLine1: '1 George St', suburb: 'Brisbane City', state: 'QLD', postcode: '4000' };

/** A signed-in person holding `count` kits they bought, on the kits page. */
async function withKits(page: Page, request: Page['request'], count = 1) {
  const user = await createUser(request);
  const kits = await createKits(request, { ownerEmail: user.email, count });
  await login(page, user);
  return { user, kits };
}

async function openKits(page: Page, query = '') {
  await page.goto(`/kits${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Sampling Kits' })).toBeVisible();
}

const kitCard = (page: Page, name: string) => page.getByRole('article', { name });

/** An access token for calling the API as the signed-in person (the refresh cookie is the browser's). */
async function accessToken(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  });
}

async function callApi(page: Page, path: string, data: unknown) {
  const token = await accessToken(page);
  const response = await page.request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
}

/** The sent-to-the-lab part of a kit's journey, through the ops API. */
async function sampleAtLab(request: Page['request'], kitId: number) {
  await setKitStatus(request, kitId, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kitId, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kitId, { sampleStatus: 'RECEIVED_BY_LAB' });
}

async function expectStatus(card: Locator, status: string) {
  await expect(card.locator('.kit-facts dd[data-status]')).toHaveText(
    withBrand(kitStatusText(status), DEFAULT_BRAND),
  );
}

test('a kit is renamed with a characters-left counter', async ({ page, request }) => {
  const { kits } = await withKits(page, request);
  const id = kits[0]?.id;
  await openKits(page);
  const card = kitCard(page, `KIT-${id}`);
  // A lone kit's card is open.
  await expect(card.locator('.kit-details .kit-facts dd').first()).toHaveText(`KIT-${id}`);
  await expectAccessible(page);

  await card.getByRole('button', { name: 'Rename' }).click();
  const input = card.getByLabel('Kit name');
  await expect(input).toBeFocused();
  await expect(card.getByText(`${KIT_NAME_MAX} characters left`, { exact: true })).toBeVisible();
  await input.fill('Before the holidays');
  await expect(card.getByText('13 characters left', { exact: true })).toBeVisible();
  await input.fill('x'.repeat(40));
  await expect(input).toHaveValue('x'.repeat(KIT_NAME_MAX));
  await expect(card.getByText('0 characters left', { exact: true })).toBeVisible();
  await input.fill('Before the holidays');
  await expectAccessible(page);
  await card.getByRole('button', { name: 'Save name' }).click();

  const renamed = kitCard(page, 'Before the holidays');
  await expect(renamed.getByRole('heading', { level: 2, name: 'Before the holidays' })).toBeVisible();
  await expect(renamed.getByText('Kit name saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Before the holidays' })).toBeVisible();
});

test('a second tab cannot undo saved notes or a name: its stale save is refused and the latest is loaded', async ({
  page,
  request,
}) => {
  const { kits } = await withKits(page, request);
  const id = kits[0]?.id;
  await openKits(page);
  // Tab B opens the kits page, and its person starts typing notes, before tab A saves.
  const tabB = await page.context().newPage();
  await openKits(tabB);
  // Its card's heading follows the name once tab B reloads the list: found by its notes field instead.
  const cardB = tabB.locator('article', { has: tabB.getByLabel('Notes') });
  await cardB.getByLabel('Notes').fill('Took it at night');

  // Tab A saves notes and a name.
  const cardA = kitCard(page, `KIT-${id}`);
  await cardA.getByLabel('Notes').fill('Fasted since dinner');
  await cardA.getByRole('button', { name: 'Save notes' }).click();
  await expect(cardA.getByText('Notes saved.')).toBeVisible();
  await cardA.getByRole('button', { name: 'Rename' }).click();
  await cardA.getByLabel('Kit name').fill('Morning');
  await cardA.getByRole('button', { name: 'Save name' }).click();
  const renamedA = kitCard(page, 'Morning');
  await expect(renamedA.getByText('Kit name saved.')).toBeVisible();

  // Tab B saves what its person typed over the notes it loaded: refused, and the field shows the latest.
  await cardB.getByRole('button', { name: 'Save notes' }).click();
  await expect(tabB.getByText(KIT_MESSAGES.staleKit)).toBeVisible();
  await expect(tabB.getByText('Notes saved.')).toHaveCount(0);
  await expect(cardB.getByLabel('Notes')).toHaveValue('Fasted since dinner');
  await expectAccessible(tabB);

  // Checked again, the notes are saved on top of tab A's.
  await cardB.getByLabel('Notes').fill('Fasted since dinner, took it at night');
  await cardB.getByRole('button', { name: 'Save notes' }).click();
  await expect(cardB.getByText('Notes saved.')).toBeVisible();
  await expect(tabB.getByText(KIT_MESSAGES.staleKit)).toHaveCount(0);

  // Tab A, still showing its notes, renames from the name it shows: the name goes through (notes untouched).
  await renamedA.getByRole('button', { name: 'Rename' }).click();
  await renamedA.getByLabel('Kit name').fill('Morning sample');
  await renamedA.getByRole('button', { name: 'Save name' }).click();
  await expect(kitCard(page, 'Morning sample').getByText('Kit name saved.')).toBeVisible();
  await page.reload();
  const reloaded = kitCard(page, 'Morning sample');
  await expect(reloaded.getByLabel('Notes')).toHaveValue('Fasted since dinner, took it at night');
  await tabB.close();
});

test('a referral code is applied without its REF- prefix and removed', async ({ page, request }) => {
  const code = `DR${Date.now().toString(36).toUpperCase()}`.slice(0, 12);
  await createReferralCode(request, { code, firstName: 'Jane', lastName: 'Practitioner' });
  const { kits } = await withKits(page, request);
  await openKits(page);
  const card = kitCard(page, `KIT-${kits[0]?.id}`);

  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByRole('alert')).toHaveText(KIT_MESSAGES.referralRequired);

  await card.getByLabel('Referral code').fill('REF-UNKNOWN1');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByRole('alert')).toHaveText(KIT_MESSAGES.referralUnknown);

  await card.getByLabel('Referral code').fill(`REF-${code.toLowerCase()}`);
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(
    card.getByText('Referral code applied. Your practitioner is Jane Practitioner.'),
  ).toBeVisible();
  await expect(card.getByText(`Referral code ${code}`)).toBeVisible();
  await expect(card.getByText('Practitioner: Jane Practitioner')).toBeVisible();

  await page.reload();
  await expect(card.getByText(`Referral code ${code}`)).toBeVisible();
  await card.getByRole('button', { name: 'Remove' }).click();
  await expect(card.getByText('Referral code removed.')).toBeVisible();
  await expect(card.getByLabel('Referral code')).toHaveValue('');
});

test('the timeline and status follow a kit from sending to the lab', async ({ page, request }) => {
  const { kits } = await withKits(page, request);
  const id = kits[0]?.id as number;
  await openKits(page);
  const card = kitCard(page, `KIT-${id}`);
  const activeSteps = card.locator('.kit-step-active');
  await expectStatus(card, 'UNASSIGNED');
  await expect(card.getByRole('button', { name: 'Select option' })).toBeVisible();
  await expect(activeSteps).toHaveCount(1);

  await callApi(page, `/api/kits/${id}/activate`, ADDRESS);
  const steps: [{ kitStatus?: string; sampleStatus?: string } | null, string, number, string][] = [
    [null, 'REQUESTED', 2, 'Preparing your order'],
    [{ kitStatus: 'DISPATCHED_BY_LAB' }, 'DISPATCHED_BY_LAB', 3, 'Kit dispatched'],
    [{ sampleStatus: 'RECEIVED_BY_LAB' }, 'RECEIVED_BY_LAB', 4, 'Sample received by lab'],
    [{ sampleStatus: 'ACCESSIONING' }, 'PROCESSING', 5, 'Lab is processing'],
  ];
  for (const [change, status, active, lastStep] of steps) {
    if (change) await setKitStatus(request, id, change);
    await page.reload();
    await expectStatus(card, status);
    await expect(activeSteps).toHaveCount(active);
    await expect(card.locator('.kit-step[aria-current="step"] .kit-step-label')).toHaveText(lastStep);
  }
  await expect(card.getByRole('button', { name: 'Select option' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'View report' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a failed sample offers a replacement kit', async ({ page, request }) => {
  const { kits } = await withKits(page, request);
  const id = kits[0]?.id as number;
  await sampleAtLab(request, id);
  await setKitStatus(request, id, { sampleStatus: 'FAILED_UNDERLOADED' });
  await openKits(page);
  const card = kitCard(page, `KIT-${id}`);
  await expectStatus(card, 'FAILED_UNDERLOADED');
  await expect(card.getByRole('heading', { name: 'Your sample could not be analysed' })).toBeVisible();
  await expect(card.getByText(/at the replacement price of \$35\.00/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Order a replacement kit' })).toBeVisible();
  await expectAccessible(page);
});

test('results without complete questionnaires show the grey How to book tile', async ({ page, request }) => {
  const { kits } = await withKits(page, request);
  const kit = kits[0] as { id: number; sampleIdentifier: string };
  await sampleAtLab(request, kit.id);
  await importResults(request, kit.sampleIdentifier);
  await openKits(page);
  const card = kitCard(page, `KIT-${kit.id}`);
  await expectStatus(card, 'RESULTS_AVAILABLE');
  await expect(card.locator('.kit-step-active')).toHaveCount(6);
  await expect(card.getByRole('link', { name: 'View report' })).toHaveAttribute(
    'href',
    `/report?samples=${kit.sampleIdentifier}`,
  );
  await expect(card.locator('.coach-tile')).toHaveAttribute('data-state', 'HOW_TO');
  await expectAccessible(page);

  const howToBook = card.getByRole('button', { name: 'How to book' });
  await howToBook.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(howToBook).toBeFocused();
});

test('?scrollingPosition scrolls to that kit after a second and focuses it', async ({ page, request }) => {
  const { kits } = await withKits(page, request, 4);
  const last = kits[3]?.id as number;
  await openKits(page, `?scrollingPosition=kit-${last}`);
  const heading = page.getByRole('heading', { level: 2, name: `KIT-${last}` });
  await expect(heading).toBeAttached();
  await expect(heading).not.toBeInViewport();
  await expect(heading).toBeFocused({ timeout: 5000 });
  await expect(page.locator(`#kit-${last}`)).toHaveClass(/kit-card-highlight/);
  await expect(heading).toBeInViewport();
  // The card scrolled to is open, with its timeline; the others are summaries.
  const target = kitCard(page, `KIT-${last}`);
  await expect(target.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(target.locator('.kit-step')).toHaveCount(7);
  await expect(
    kitCard(page, `KIT-${kits[0]?.id}`).getByRole('button', { name: 'Show details' }),
  ).toBeVisible();
  await expect(page.locator(`#kit-${last}`)).not.toHaveClass(/kit-card-highlight/, { timeout: 5000 });
});

test('a given kit shows under Kits Given to Others with Send again', async ({ page, request }) => {
  const { kits } = await withKits(page, request);
  const id = kits[0]?.id as number;
  const receiver = `friend-${Date.now().toString(36)}@example.com`;
  await callApi(page, '/api/kits/give', { receiverEmail: receiver, kitId: id });

  await openKits(page);
  await expect(page.getByText('No kits to display at present.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Kits in My Journey' }).focus();
  await page.keyboard.press('ArrowRight');
  const tab = page.getByRole('tab', { name: 'Kits Given to Others' });
  await expect(tab).toBeFocused();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Kits Given to Others' });
  const item = panel.getByRole('listitem').filter({ hasText: receiver });
  await expect(item.getByRole('heading', { name: `KIT-${id}` })).toBeVisible();
  await expect(item.locator('dd[data-status="UNASSIGNED"]')).toHaveText(kitStatusText('UNASSIGNED'));
  await expectAccessible(page);

  await item.getByRole('button', { name: 'Send again' }).click();
  await expect(item.getByRole('status')).toHaveText(`Sent again to ${receiver}.`);
});

test('one failing timeline: that card says so, the others load, and the requests stay few', async ({
  page,
  request,
}) => {
  const { kits } = await withKits(page, request, 3);
  const ids = kits.map((kit) => kit.id);
  const failing = ids[1] as number;
  const asked = new Map<number, number>();
  page.on('request', (req) => {
    const match = /\/api\/kits\/(\d+)\/timeline$/.exec(new URL(req.url()).pathname);
    if (match) asked.set(Number(match[1]), (asked.get(Number(match[1])) ?? 0) + 1);
  });
  await page.route(`**/api/kits/${failing}/timeline`, (route) =>
    route.fulfill({ status: 500, json: { message: 'Something went wrong.', code: 'INTERNAL_ERROR' } }),
  );
  await openKits(page);
  for (const id of ids)
    await kitCard(page, `KIT-${id}`).getByRole('button', { name: 'Show details' }).click();

  await expect(kitCard(page, `KIT-${failing}`).getByText(KIT_MESSAGES.timelineFailed)).toBeVisible();
  for (const id of ids.filter((id) => id !== failing)) {
    await expect(kitCard(page, `KIT-${id}`).locator('.kit-step')).toHaveCount(7);
    await expect(kitCard(page, `KIT-${id}`).getByText(KIT_MESSAGES.timelineFailed)).toHaveCount(0);
  }
  await expect(page.getByText('Loading…')).toHaveCount(0);
  await expectAccessible(page);
  // Nothing more is asked for while the page stays open: one request per kit, the failing one retried once.
  await page.waitForTimeout(3000);
  // (The failing one twice: the web app retries a 5xx timeline once, TIMELINE_RETRIES.)
  expect(Object.fromEntries(asked)).toEqual(
    Object.fromEntries(ids.map((id) => [id, id === failing ? 2 : 1])),
  );
});

test('ten kits make a compact page of summaries, each opened on demand', async ({ page, request }) => {
  const { kits } = await withKits(page, request, 10);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openKits(page);
  await expect(page.locator('.kit-card')).toHaveCount(10);
  const height = () => page.evaluate(() => document.documentElement.scrollHeight);
  const compact = await height();
  // Was about 9,000 px with every card open (issue 21).
  expect(compact).toBeLessThan(2600);
  for (const kit of kits) {
    const card = kitCard(page, `KIT-${kit.id}`);
    await expect(card.getByText('Kit Available')).toBeVisible();
    await expect(card.getByText(KIT_SUMMARY_TEXTS.choose)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Select option' })).toBeVisible();
    await expect(card.getByLabel('Notes')).toHaveCount(0);
  }
  await expectAccessible(page);

  const fifth = kitCard(page, `KIT-${kits[4]?.id}`);
  const toggle = fifth.getByRole('button', { name: 'Show details' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(fifth.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(fifth.locator('.kit-step')).toHaveCount(7);
  await expect(fifth.getByLabel('Notes')).toBeVisible();
  expect(await height()).toBeGreaterThan(compact);
  await expectAccessible(page);
  await fifth.getByRole('button', { name: 'Hide details' }).click();
  await expect(fifth.getByLabel('Notes')).toHaveCount(0);
  expect(await height()).toBe(compact);
});

test('Select option reopens the choice of a redeemed kit kept for later', async ({ page, request }) => {
  const { kits } = await withKits(page, request, 2);
  const id = kits[0]?.id as number;
  await openKits(page);
  const card = kitCard(page, `KIT-${id}`);
  const select = card.getByRole('button', { name: 'Select option' });
  await select.click();
  const choice = page.getByRole('dialog', { name: 'Select option' });
  await expect(choice.getByRole('button', { name: 'Send this kit to me now' })).toBeVisible();
  await expect(choice.getByRole('button', { name: 'Give this kit to someone' })).toBeVisible();
  await expectAccessible(page);
  await choice.getByRole('button', { name: 'Send this kit to me now' }).click();
  const activate = page.getByRole('dialog', { name: 'Send this kit to me now' });
  await activate.getByRole('button', { name: 'Send later' }).click();
  await expect(activate.getByText(KIT_MESSAGES.sendLater)).toBeVisible();
  await activate.getByRole('button', { name: 'Done' }).click();
  await expect(select).toBeFocused();
  // 'Click "Select option" again when you are ready': the button is there, and sends it this time.
  await select.click();
  await page
    .getByRole('dialog', { name: 'Select option' })
    .getByRole('button', { name: 'Send this kit to me now' })
    .click();
  await page
    .getByRole('dialog', { name: 'Send this kit to me now' })
    .getByRole('button', { name: 'Send now' })
    .click();
  await expect(page.getByRole('dialog', { name: KIT_MESSAGES.successActivated })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await expectStatus(card, 'REQUESTED');
  await expect(select).toHaveCount(0);
});

test('Compare your reports shows only once there is a later report, and compares the two', async ({
  page,
  request,
}) => {
  const { kits } = await withKits(page, request, 2);
  const [first, second] = kits;
  if (!first || !second) throw new Error('two kits expected');
  for (const kit of kits) await sampleAtLab(request, kit.id);
  await importResults(request, first.sampleIdentifier, 'gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
  await setKitStatus(request, first.id, { sampleStatus: 'MICROBIOME_COACH_SESSION_COMPLETED' });
  await openKits(page);
  const card = kitCard(page, `KIT-${first.id}`);
  await card.getByRole('button', { name: 'Show details' }).click();
  const tile = card.locator('.coach-tile');
  await expect(tile).toHaveAttribute('data-state', 'COMPLETED');
  await expect(tile.getByRole('link', { name: 'Compare your reports' })).toHaveCount(0);
  await expect(tile.getByRole('link', { name: 'View your report' })).toHaveAttribute(
    'href',
    `/report?samples=${first.sampleIdentifier}`,
  );

  await importResults(request, second.sampleIdentifier, 'gmwi2/kefir/Subj001_time2_S2_metaphlan.txt');
  await page.reload();
  await card.getByRole('button', { name: 'Show details' }).click();
  const compare = tile.getByRole('link', { name: 'Compare your reports' });
  await expect(compare).toHaveAttribute(
    'href',
    `/report?samples=${first.sampleIdentifier}&samples=${second.sampleIdentifier}`,
  );
  await expectAccessible(page);
  await compare.click();
  await expect(page.getByRole('region', { name: 'How your microbiome changed' })).toBeVisible();
});
