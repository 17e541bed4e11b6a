import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  type TestUser,
  test,
} from './fixtures.ts';
import { createStaff, fillReceipt, portalDaysAgo, scan, signInToConsole } from './staff-fixtures.ts';

// The kit workflows of the staff console (issue 24), from packing to the customer's report: logistics
// dispatches three kits by typing their ids and prints the slips; the lab receives the samples, moves
// them to SEQUENCING, uploads three profiles (one malformed, refused with its reason) and releases the
// results; the customer sees their report.

const profiles = new URL('../../../packages/domain/test-data/report/', import.meta.url);
const readProfile = (path: string) => fs.readFileSync(new URL(path, profiles));

async function pdfOf(download: Download) {
  return fs.readFileSync(await download.path()).toString('latin1');
}

/** Moves the batch of the Lab steps page (ticked in "Select from a step") to `target`. */
async function moveFromList(page: Page, kits: CreatedKit[], from: string, target: string) {
  await page.getByLabel('Samples at').selectOption(from);
  for (const kit of kits)
    await page.getByRole('checkbox', { name: `Add KIT-${kit.id} to the batch` }).check();
  await page.getByLabel('Move the batch to').selectOption(target);
  await page.getByRole('button', { name: `Move 3 kits to ${target}` }).click();
  await expect(page.getByText(`3 kits moved to ${target}.`)).toBeVisible();
}

// One story in three journeys, in order (serial): each starts where the one before left the kits.
test.describe.configure({ mode: 'serial' });

let customer: TestUser;
let kits: CreatedKit[] = [];
/** The later journeys start where the dispatch left the kits: run alone (`-g`), they would have none. */
const continuesTheStory = () =>
  expect(
    kits,
    'this journey continues the one before it: run the whole file, not this test alone',
  ).toHaveLength(3);

test('logistics dispatches three kits by typing their ids and prints the slips', async ({
  page,
  request,
}) => {
  customer = await createUser(request, { firstName: 'Casey', lastName: 'Customer' });
  kits = await createKits(request, { ownerEmail: customer.email, count: 3 });
  const token = (
    (await (
      await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })
    ).json()) as { access_token: string }
  ).access_token;
  for (const kit of kits) {
    const sent = await request.post(`/api/kits/${kit.id}/activate`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        addressLine1: '12 Parcel Lane',
        addressLine2: null,
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }

  // Logistics: three kits typed one after another, a wrong scan refused, then the slips and labels.
  const logistics = await createStaff(request, ['LOGISTICS'], 'Lee');
  await signInToConsole(page, logistics);
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: 'Dispatch', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
  for (const kit of kits) await scan(page, 'Kit to dispatch', `KIT-${kit.id}`, `KIT-${kit.id} dispatched`);
  await scan(
    page,
    'Kit to dispatch',
    `KIT-${kits[0]?.id}`,
    /is already DISPATCHED_BY_LAB \(Sent\)\. Nothing was changed\.$/,
  );
  await scan(
    page,
    'Kit to dispatch',
    'NOT-A-KIT',
    'NOT-A-KIT: No kit or sample matches "NOT-A-KIT". Check the label and scan again. Nothing was changed.',
  );
  await expect(page.getByText('3 done · 2 refused')).toBeVisible();
  await expectAccessible(page);
  const slips = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print packing slips' }).click();
  const slip = await slips;
  expect(slip.suggestedFilename()).toBe('packing-slips.pdf');
  expect((await pdfOf(slip)).startsWith('%PDF-')).toBe(true);
  const labels = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print address labels' }).click();
  expect((await labels).suggestedFilename()).toBe('address-labels.pdf');
});

test('the lab receives the samples, moves them to SEQUENCING, uploads three profiles (one malformed, refused with its reason) and releases the results', async ({
  browser,
  request,
}) => {
  test.slow();
  continuesTheStory();
  // The lab, in a browser of its own.
  const lab = await createStaff(request, ['LAB'], 'Lou');
  const bench = await (await browser.newContext()).newPage();
  await signInToConsole(bench, lab);
  const nav = bench.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Receive samples' }).click();
  // Each tube's receipt (issue 34 item 11): stored in a box of this run's, intact, its collection date
  // typed from its label (these people gave none in a questionnaire).
  await fillReceipt(bench, { freezer: 'F1', box: `E${Date.now().toString(36)}` });
  for (const kit of kits) {
    await fillReceipt(bench, { collectionDate: portalDaysAgo(3) });
    await scan(
      bench,
      'Sample received',
      kit.sampleIdentifier,
      new RegExp(`^KIT-${kit.id}: sample ${kit.sampleIdentifier} received, intact, 3 days in transit`),
    );
  }
  await expectAccessible(bench);

  // Lab steps: the batch by scanning for the first step, then ticked in the list of each step.
  await nav.getByRole('link', { name: 'Lab steps' }).click();
  for (const kit of kits)
    await scan(
      bench,
      'Add a sample to the batch',
      kit.sampleIdentifier,
      `KIT-${kit.id} added to the batch (sample RECEIVED_BY_LAB)`,
    );
  await bench.getByRole('button', { name: 'Move 3 kits to ACCESSIONING' }).click();
  await expect(bench.getByText('3 kits moved to ACCESSIONING.')).toBeVisible();
  await moveFromList(bench, kits, 'ACCESSIONING', 'DNA_EXTRACTION');
  await moveFromList(bench, kits, 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP');
  await moveFromList(bench, kits, 'DNA_LIBRARY_PREP', 'SEQUENCING');
  await expectAccessible(bench);

  // Results: three profiles, one malformed; the preview refuses it with its reason, stores nothing.
  const [first, second, third] = kits as [CreatedKit, CreatedKit, CreatedKit];
  await nav.getByRole('link', { name: 'Results' }).click();
  await bench.getByLabel('MetaPhlAn profiles').setInputFiles([
    {
      name: `${first.sampleIdentifier}_metaphlan.txt`,
      mimeType: 'text/plain',
      buffer: readProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt'),
    },
    {
      name: `${second.sampleIdentifier}.txt`,
      mimeType: 'text/plain',
      buffer: readProfile('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt'),
    },
    {
      name: `${third.sampleIdentifier}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from('k__Bacteria\t2\tlots\n'),
    },
  ]);
  await expect(
    bench.getByText('Preview: 2 ready to store, 1 refused. Nothing has been stored yet.'),
  ).toBeVisible();
  const refused = bench.getByRole('row', { name: new RegExp(third.sampleIdentifier) });
  await expect(refused).toContainText(
    'Refused: The profile was refused: Line 1: Relative abundance of k__Bacteria "lots" is not a number.',
  );
  await expect(bench.getByRole('row', { name: new RegExp(first.sampleIdentifier) })).toContainText(
    'mpa_v30_CHOCOPhlAn_201901',
  );
  await expectAccessible(bench);
  await bench.getByRole('button', { name: 'Store 2 results' }).click();
  await expect(bench.getByText('2 stored, 1 refused. Release them below.')).toBeVisible();
  const waiting = bench.getByRole('region', { name: 'Waiting for release' });
  await expect(waiting.getByText(first.sampleIdentifier)).toBeVisible();
  await expect(waiting.getByText(second.sampleIdentifier)).toBeVisible();
  // Lou stored them: Lin, a second LAB member, approves them (four eyes).
  const lin = await createStaff(request, ['LAB'], 'Lin');
  const checker = await (await browser.newContext()).newPage();
  await signInToConsole(checker, lin);
  await checker.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
  for (const kit of [first, second]) {
    await checker.getByRole('button', { name: `Approve ${kit.sampleIdentifier}` }).click();
    await expect(checker.getByText(`${kit.sampleIdentifier} approved.`)).toBeVisible();
  }
  // Each by its row: the list is the whole lab's (see staff-lab-qc.spec.ts).
  await bench.reload();
  for (const kit of [first, second]) {
    await waiting.getByRole('button', { name: `Release ${kit.sampleIdentifier}` }).click();
    await expect(waiting.getByRole('status')).toHaveText('1 result released.');
    await expect(waiting.getByRole('rowheader', { name: kit.sampleIdentifier, exact: true })).toHaveCount(0);
  }
  await expectAccessible(bench);

  // The kit page tells the story: dispatched by Lee, received and moved by Lou, the report released.
  await bench.goto(`/staff/kits/${first.id}`);
  await expect(bench.getByRole('heading', { level: 1, name: `KIT-${first.id}` })).toBeVisible();
  await expect(bench.getByText('Released to the owner')).toBeVisible();
  await expect(bench.getByRole('region', { name: 'Staff actions' })).toContainText(
    'kit.dispatch by Lee Logistics',
  );
  await expectAccessible(bench);
});

test('the customer sees their report', async ({ browser }) => {
  continuesTheStory();
  const [first] = kits as [CreatedKit];
  // The customer reads the report.
  const own = await (await browser.newContext()).newPage();
  await login(own, customer);
  await own.goto(`/report?samples=${first.sampleIdentifier}`);
  await expect(own.getByRole('heading', { level: 2, name: new RegExp(`^KIT-${first.id}, `) })).toBeVisible();
  await expect(own.getByRole('article', { name: 'GMWI2 (Gut Microbiome Wellness Index 2)' })).toBeVisible();
  await expectAccessible(own);
});
