import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  setKitStatus,
  type TestUser,
  test,
} from './fixtures.ts';

const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const profiles = new URL('../../../packages/domain/test-data/report/', import.meta.url);

/** The person's own answer, given while the kit is out with them (before the lab has it). */
async function answerAntibiotics(request: Page['request'], user: TestUser, kit: CreatedKit) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const response = await request.put(`/api/kits/${kit.id}/surveys/day-of-sampling`, {
    headers: { authorization: `Bearer ${token}` },
    data: { questionId: 'DOS_ANTIBIOTICS', answers: [], answerString: 'true' },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The kit goes out and comes back, then the lab imports its real MetaPhlAn profile. */
async function importResults(
  request: Page['request'],
  kit: CreatedKit,
  profile: string,
  displayDate: string,
  alreadyRequested = false,
) {
  if (!alreadyRequested) await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
  await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });
  const response = await request.post('/api/admin/results', {
    headers: OPS_HEADERS,
    data: {
      sampleIdentifier: kit.sampleIdentifier,
      profile: fs.readFileSync(new URL(profile, profiles), 'utf8'),
      displayDate,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The first page's text, as a reader (or a screen reader) gets it from the PDF. */
async function firstPageText(path: string): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(path)), verbosity: 0 }).promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  await pdf.destroy();
  return content.items
    .map((item) => ('str' in item ? item.str : ''))
    .join(' ')
    .replace(/\s+/g, ' ');
}

test('a person with four reports follows their journey, opens why, and takes the CSV and the PDF away', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const kits = await createKits(request, { ownerEmail: user.email, count: 4 });
  const [first, second, third, fourth] = kits;
  if (!first || !second || !third || !fourth) throw new Error('four kits expected');
  await importResults(request, first, 'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt', '2025-01-10');
  await setKitStatus(request, second.id, { kitStatus: 'REQUESTED' });
  await answerAntibiotics(request, user, second);
  await importResults(request, second, 'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt', '2025-04-10', true);
  await importResults(request, third, 'gmwi2/kefir/Subj030_time3_S20_metaphlan.txt', '2025-07-10');
  await importResults(request, fourth, 'edge/metaphlan4-sgb.txt', '2025-10-10');
  await login(page, user);

  await page.goto(`/report?samples=${third.sampleIdentifier}`);
  const journey = page.getByRole('region', { name: 'Your journey' });
  await expect(journey.getByText('Your 4 samples from 10 January 2025 to 10 October 2025')).toBeVisible();
  // Six charts drawn by recharts, each with its points, each drawn as it is scrolled near (decision 047).
  // A placeholder is swapped for its chart as it comes near, so each step retries until the chart is there.
  for (let chart = 0; chart < 6; chart++)
    await expect(async () => {
      await journey.locator('.journey-charts > *').nth(chart).scrollIntoViewIfNeeded({ timeout: 1000 });
      await expect(journey.locator('.journey-chart svg.recharts-surface').nth(chart)).toBeVisible({
        timeout: 1000,
      });
    }).toPass();
  await expect(journey.locator('.journey-chart svg.recharts-surface')).toHaveCount(6);
  const table = journey.getByRole('table', { name: 'Your scores over time' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Antibiotics in the last 3 months');
  await expect(rows.nth(3)).toContainText('not directly comparable');
  await expect(table.locator('tfoot')).toContainText('Usual range of healthy people');
  await expect(journey.getByText(/repeatability coefficient/)).toBeVisible();
  await expect(journey.getByText(/kefir cohort/)).toBeVisible();
  // The latest sample is the only MetaPhlAn 4 one: its species are compared with none (issue 33 item 17).
  await expect(journey.getByText(/^Your latest sample was analysed with a newer lab database/)).toBeVisible();
  await expect(journey.getByRole('table', { name: /^Species that rose most/ })).toHaveCount(0);
  await expect(journey).not.toContainText('Phocaeicola');
  await expectAccessible(page);

  // The Journey route shows the same journey on a page of its own.
  await page.goto('/journey');
  await expect(page.getByRole('heading', { level: 1, name: 'Journey' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Your scores over time' }).locator('tbody tr')).toHaveCount(4);
  await expectAccessible(page);
  await page.goto(`/report?samples=${third.sampleIdentifier}`);

  // Why: GMWI2's weights grouped by what they are linked with.
  const why = page.getByRole('region', { name: 'Why your scores are what they are' });
  await why.getByText(/^Why is my GMWI2 -?\d+\.\d{3}\?$/).click();
  await expect(
    why.getByRole('table', { name: /^Linked with health: \d+ microbes?, together/ }),
  ).toBeVisible();
  await expect(
    why.getByRole('table', { name: /^Linked with disease: \d+ microbes?, together/ }),
  ).toBeVisible();
  await why.getByText(/^Why is my GMHI/).click();
  await expect(why.getByText(/^GMHI = log10\(/)).toBeVisible();
  await why.getByText('What do the percentiles mean?').click();
  await expect(why.getByText(/2,754 people/)).toBeVisible();
  await expectAccessible(page);

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download taxa (CSV)' }).click();
  const csvDownload = await csv;
  expect(csvDownload.suggestedFilename()).toBe(`taxa-${third.sampleIdentifier}.csv`);
  const csvText = fs.readFileSync(await csvDownload.path(), 'utf8');
  expect(csvText.split(/\r?\n/)[0]).toBe(
    'rank,name,ncbi_taxon_id,relative_abundance_percent,healthy_reference_percentile',
  );

  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdfDownload = await pdf;
  expect(pdfDownload.suggestedFilename()).toBe(`report-${third.sampleIdentifier}.pdf`);
  const cover = await firstPageText(await pdfDownload.path());
  expect(cover).toContain('Your gut microbiome report');
  expect(cover).toContain(`Prepared for ${user.firstName} ${user.lastName}`);
  expect(cover).toContain(`Kit: KIT-${third.id}`);
  expect(cover).toContain('Report date: 10 July 2025');
  expect(cover).toContain('Your journey: 4 samples, 10 January 2025 to 10 October 2025');
  expect(cover).toContain('it is not a diagnosis');

  // The two-sample comparison stays, with what moved GMWI2 between the first two samples.
  await page.goto(`/report?samples=${first.sampleIdentifier}&samples=${second.sampleIdentifier}`);
  const comparison = page.getByRole('region', { name: 'How your microbiome changed' });
  await expect(comparison.getByRole('heading', { name: 'What moved my GMWI2' })).toBeVisible();
  const movers = comparison.getByRole('table', { name: 'Microbes that changed your GMWI2' });
  await expect(movers.locator('tbody tr').first()).toContainText(/appeared|disappeared/);
  await expectAccessible(page);
});

test('the journey compares species within one lab database and says which two samples (issue 33 item 17)', async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const [first, renamed, latest] = await createKits(request, { ownerEmail: user.email, count: 3 });
  if (!first || !renamed || !latest) throw new Error('three kits expected');
  await importResults(request, first, 'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt', '2025-01-10');
  // MetaPhlAn 4 names Bacteroides vulgatus Phocaeicola vulgatus (13.25% here).
  await importResults(request, renamed, 'edge/metaphlan4-vjan21.txt', '2025-04-10');
  await importResults(request, latest, 'gmwi2/kefir/Subj030_time3_S20_metaphlan.txt', '2025-07-10');
  await login(page, user);
  await page.goto('/journey');
  const journey = page.getByRole('region', { name: 'Your journey' });
  await expect(
    journey.getByText(
      `Species compared between KIT-${first.id} (sample ${first.sampleIdentifier}, 10 January 2025) and your latest, KIT-${latest.id} (sample ${latest.sampleIdentifier}, 10 July 2025)`,
      { exact: false },
    ),
  ).toBeVisible();
  const rose = journey.getByRole('table', { name: 'Species that rose most between these two samples' });
  await expect(rose).toBeVisible();
  await expect(rose.getByRole('columnheader', { name: 'Earlier sample' })).toBeVisible();
  await expect(journey).not.toContainText('Phocaeicola');
  await expectAccessible(page);
});

test('the Journey route says when the journey starts, for a person with one report', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  const [kit] = await createKits(request, { ownerEmail: user.email });
  if (!kit) throw new Error('a kit expected');
  await importResults(request, kit, 'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt', '2025-01-10');
  await login(page, user);
  await page.goto('/journey');
  await expect(page.getByText('Your journey starts once your second report is ready')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your journey' })).toHaveCount(0);
  await expectAccessible(page);
});
