import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { REPORT_NOT_PERMITTED } from '@portal/domain';
import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  logout,
  setKitStatus,
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const profiles = new URL('../../../packages/domain/test-data/report/', import.meta.url);
const readProfile = (path: string) => fs.readFileSync(new URL(path, profiles), 'utf8');

type Imported = { sample: string; version: string; gmwi2: number | null };

/** The lab's part: the kit goes out and comes back, then its MetaPhlAn profile is imported. */
async function importResults(
  request: Page['request'],
  kit: CreatedKit,
  profilePath: string,
  displayDate: string,
): Promise<Imported> {
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  const response = await request.post('/api/admin/results', {
    headers: OPS_HEADERS,
    data: { sampleIdentifier: kit.sampleIdentifier, profile: readProfile(profilePath), displayDate },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Imported;
}

/** Calls the API as the signed-in person (the refresh cookie is the browser's). */
async function apiAsUser<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(async () => {
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      credentials: 'same-origin',
    });
    return ((await response.json()) as { access_token: string }).access_token;
  });
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function downloadedText(download: Download): Promise<string> {
  return fs.readFileSync(await download.path()).toString('latin1');
}

test('a person reads a report, compares two, downloads the PDFs and meets the V12V2 dialog', async ({
  page,
  request,
}) => {
  // A long journey with five accessibility scans at two viewports: on a busy 2-core machine it can pass 60 s.
  test.slow();
  const user = await createUser(request);
  const [first, second, third] = await createKits(request, { ownerEmail: user.email, count: 3 });
  if (!first || !second || !third) throw new Error('three kits expected');
  const earlier = await importResults(
    request,
    first,
    'gmwi2/kefir/Subj001_time1_S1_metaphlan.txt',
    '2025-01-10',
  );
  await importResults(request, second, 'gmwi2/kefir/Subj001_time2_S2_metaphlan.txt', '2025-03-10');
  expect((await importResults(request, third, 'edge/metaphlan4-sgb.txt', '2025-06-10')).version).toBe('v4');
  await login(page, user);

  await page.goto('/reports');
  await expect(page.getByText('To get started select a report from the menu.')).toBeVisible();

  // The query's sample is upper-cased and preselected.
  await page.goto(`/report?samples=${first.sampleIdentifier.toLowerCase()}`);
  await expect(
    page.getByRole('heading', { level: 2, name: `KIT-${first.id}, 10 January 2025` }),
  ).toBeVisible();
  const { report } = await apiAsUser<{ report: { indices: { gmwi2: { value: number } } } }>(
    page,
    `/api/reports/${first.sampleIdentifier}`,
  );
  expect(report.indices.gmwi2.value).toBeCloseTo(earlier.gmwi2 ?? Number.NaN, 9);
  const gmwi2 = report.indices.gmwi2.value.toFixed(3);
  const gmwi2Card = page.getByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' });
  await expect(gmwi2Card.getByText(gmwi2, { exact: true })).toBeVisible();
  // The phylum chart is drawn when scrolled near (decision 047): its figure first, then the chart.
  await page.getByRole('figure', { name: 'Composition by phylum' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.report-chart svg').first()).toBeVisible();
  await expectAccessible(page);

  const reportPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const reportDownload = await reportPdf;
  expect(reportDownload.suggestedFilename()).toBe(`report-${first.sampleIdentifier}.pdf`);
  const reportText = await downloadedText(reportDownload);
  expect(reportText.startsWith('%PDF-')).toBe(true);
  expect(reportText).toContain(`GMWI2 ${gmwi2}`);

  // The later MetaPhlAn 3 report compares.
  const secondary = page.getByRole('combobox', { name: 'Compare with a later report' });
  await secondary.click();
  await page.getByRole('option', { name: `KIT-${second.id}, 10 March 2025` }).click();
  const { brayCurtis } = await apiAsUser<{ brayCurtis: number }>(
    page,
    `/api/reports/compare?primary=${first.sampleIdentifier}&secondary=${second.sampleIdentifier}`,
  );
  const comparison = page.getByRole('region', { name: 'How your microbiome changed' });
  await expect(comparison.getByText(`Bray–Curtis dissimilarity: ${brayCurtis.toFixed(3)}`)).toBeVisible();
  await expect(comparison.getByRole('table', { name: 'Species that rose most' })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 720 });

  const comparisonPdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const comparisonDownload = await comparisonPdf;
  expect(comparisonDownload.suggestedFilename()).toBe(
    `comparison-${first.sampleIdentifier}-${second.sampleIdentifier}.pdf`,
  );
  expect((await downloadedText(comparisonDownload)).startsWith('%PDF-')).toBe(true);

  // A MetaPhlAn 4 report cannot be compared with a MetaPhlAn 3 one.
  await secondary.click();
  await page.getByRole('option', { name: `KIT-${third.id}, 10 June 2025` }).click();
  const dialog = page.getByRole('dialog', { name: 'These reports cannot be compared' });
  await expect(dialog).toContainText(
    'Significant improvements have been done to our system since your last report',
  );
  await expect(dialog).toContainText('V12V2');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(secondary).toContainText('No comparison');
  await expect(page).toHaveURL(new RegExp(`/report\\?samples=${first.sampleIdentifier}$`));
  await expect(comparison).toBeHidden();
});

test('/report/:kitId opens that kit’s report', async ({ page, request }) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await importResults(request, kit, 'edge/metaphlan4-sgb.txt', '2025-06-10');
  await login(page, user);
  await page.goto(`/report/${kit.id}`);
  await expect(page.getByRole('heading', { level: 2, name: `KIT-${kit.id}, 10 June 2025` })).toBeVisible();
  // GMWI2 needs a MetaPhlAn 3 profile.
  const gmwi2Card = page.getByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' });
  await expect(gmwi2Card.getByText('not available for this sample')).toBeVisible();
  await expect(page.getByText('There is no later report to compare with yet.')).toBeVisible();
});

test('a reload of /report/:kitId draws the report again from one refresh and one read of each; signed out in another tab, it leads to sign-in', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await importResults(request, kit, 'edge/metaphlan4-sgb.txt', '2025-06-10');
  await login(page, user);
  await page.goto(`/report/${kit.id}`);
  const heading = page.getByRole('heading', { level: 2, name: `KIT-${kit.id}, 10 June 2025` });
  await expect(heading).toBeVisible();
  // The heading shows as soon as the server has drawn it (decision 073): the first load's own reads are
  // over only once the network is quiet.
  await page.waitForLoadState('networkidle');

  // The page load refreshes the session once and reads each thing once (decision 068's early reads are
  // taken over by the page, not asked for again).
  const asked: string[] = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) asked.push(`${req.method()} ${pathname}`);
  });
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your report at a glance' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const count = (call: string) => asked.filter((seen) => seen === call).length;
  expect(count('POST /api/auth/refresh')).toBe(1);
  expect(count('GET /api/users/me')).toBe(1);
  expect(count('GET /api/reports')).toBe(1);
  expect(count(`GET /api/reports/${kit.sampleIdentifier}`)).toBe(1);

  // Signed out in another tab: the refresh cookie no longer opens a session, and a reload here shows the
  // sign-in page, not a broken report.
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await logout(other);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('a report reload arrives drawn by the server for its owner before the app’s code runs; nobody else’s, and not once signed out (decision 073)', async ({
  page,
  request,
  browser,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await importResults(request, kit, 'edge/metaphlan4-sgb.txt', '2025-06-10');
  await login(page, user);
  await page.goto(`/report/${kit.id}`);
  const glance = page.getByRole('heading', { level: 2, name: 'Your report at a glance' });
  const reportHeading = page.getByRole('heading', { level: 2, name: `KIT-${kit.id}, 10 June 2025` });
  await expect(glance).toBeVisible();

  // With the app's code held back, what the person sees on a reload is what the server drew.
  const noCode = (route: { abort: () => Promise<void> }) => route.abort();
  await page.route('**/assets/**/*.js', noCode);
  await page.reload();
  await expect(reportHeading).toBeVisible();
  await expect(glance).toBeVisible();
  await expect(page.getByText(`Sample ${kit.sampleIdentifier}`)).toBeVisible();
  await expectAccessible(page);
  // The sections under the summary are the app's to draw.
  await expect(page.getByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' })).toHaveCount(0);

  // The app takes the page over, the summary still in its place, then draws the sections.
  await page.unroute('**/assets/**/*.js', noCode);
  await page.reload();
  await expect(glance).toBeVisible();
  await expect(page.getByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' })).toBeVisible();
  await expectAccessible(page);

  // Another person, signed in in their own browser, asks for this kit's page: nothing of it is drawn.
  const otherBrowser = await browser.newContext();
  try {
    const intruder = await otherBrowser.newPage();
    await login(intruder, await createUser(request));
    await intruder.route('**/assets/**/*.js', noCode);
    await intruder.goto(`/report/${kit.id}`);
    await expect(intruder.getByText('Loading…')).toBeVisible();
    await expect(intruder.getByText(kit.sampleIdentifier)).toHaveCount(0);
    await expect(intruder.getByRole('heading', { name: 'Your report at a glance' })).toHaveCount(0);
  } finally {
    await otherBrowser.close();
  }

  // Signed out in another tab: the page cookie goes with the session, and a reload draws no report.
  const tab = await page.context().newPage();
  await tab.goto('/dashboard');
  await logout(tab);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('page_session');
  await page.route('**/assets/**/*.js', noCode);
  await page.reload();
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByText(kit.sampleIdentifier)).toHaveCount(0);
});

test('someone without reports is told so and can order a kit or a subscription', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/reports');
  await expect(page.getByText('Sorry, you have no reports to display at this time.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Order another kit' }).click();
  await expect(page.getByRole('dialog', { name: 'Buy a kit' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Activate subscription' }).click();
  await expect(page.getByRole('dialog', { name: 'Start a subscription' })).toBeVisible();
});

test('a minor without parental consent is sent to the kits page with the permission text', async ({
  page,
  request,
}) => {
  const user = await createUser(request, { underAge: true, parentConsented: false });
  await login(page, user);
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/kits\/notAllowed$/);
  await expect(page.getByRole('alert').filter({ hasText: REPORT_NOT_PERMITTED })).toBeVisible();
});

test('the report opens at a glance: findings, their evidence and definitions by keyboard (issue 37)', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await importResults(request, kit, 'gmwi2/SRR1761667_metaphlan.txt', '2025-06-10');
  await login(page, user);
  await page.goto(`/report?samples=${kit.sampleIdentifier}`);

  const glance = page.getByRole('region', { name: 'Your report at a glance' });
  await expect(glance).toBeVisible();
  const { report } = await apiAsUser<{ report: { summary: { findings: { found: string }[] } } }>(
    page,
    `/api/reports/${kit.sampleIdentifier}`,
  );
  expect(report.summary.findings).toHaveLength(4);
  // innerText: the definitions' tooltips are hidden until asked for.
  const inner = { useInnerText: true };
  await expect(glance.getByRole('listitem').first()).toContainText(
    'We found 54 species in your sample.',
    inner,
  );
  await expect(glance).toContainText('Your GMWI2 score is 1.40, above zero.', inner);
  await expect(glance).toContainText(
    'What it means: The microbes this index links with health outweigh those it links with disease.',
    inner,
  );

  // A definition by keyboard: focus shows it, Escape hides it, Enter keeps it open (as a tap does).
  const term = glance.getByRole('button', { name: 'GMWI2', exact: true });
  await term.focus();
  const tip = glance.getByRole('tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Gut Microbiome Wellness Index 2');
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(tip).toBeVisible();

  // A citation by keyboard: the evidence opens with Enter and links the source by its DOI.
  const evidence = glance.getByText('Evidence: grade C, sources and limits').first();
  await evidence.focus();
  await page.keyboard.press('Enter');
  const citation = glance
    .getByRole('link', { name: /Gut Microbiome Wellness Index 2. Nat Commun 2024/ })
    .first();
  await expect(citation).toBeVisible();
  await expect(citation).toHaveAttribute('href', 'https://doi.org/10.1038/s41467-024-51651-9');
  await expect(glance.locator('details[open]').getByText('What this does not mean:')).toBeVisible();

  await expect(page.getByRole('region', { name: 'How your sample was analysed' })).toContainText(
    'mpa_v30_CHOCOPhlAn_201901',
  );
  await expectAccessible(page);

  await glance.locator('details[open]').getByRole('link', { name: 'How we grade evidence' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How we grade evidence' })).toBeVisible();
  await expectAccessible(page);
});

test('on a phone the report opens on its summary and first score, with the actions in one menu', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await importResults(request, kit, 'gmwi2/kefir/Subj001_time1_S1_metaphlan.txt', '2025-01-10');
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, user);
  await page.goto(`/report/${kit.id}`);
  const glance = page.getByRole('region', { name: 'Your report at a glance' });
  const firstFinding = glance.getByRole('listitem').first();
  // The summary's first finding (a score and what it means) is on the first screen, above the picker.
  await expect(firstFinding).toBeInViewport();
  const picker = page.getByRole('combobox', { name: 'Report', exact: true });
  const [findingBox, pickerBox] = [await firstFinding.boundingBox(), await picker.boundingBox()];
  expect(findingBox?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(pickerBox?.y ?? 0);

  // Five actions become one menu, closed until opened.
  const menu = page.getByRole('button', { name: 'Report actions' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expectAccessible(page);
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order another kit' })).toBeVisible();
  await expectAccessible(page);

  // On a wide screen the actions stay buttons of their own.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Report actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
});
