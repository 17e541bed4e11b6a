import fs from 'node:fs';
import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  login,
  setKitStatus,
  test,
} from './fixtures.ts';
import { createStaff, fillReceipt, portalDaysAgo, scan, signInToConsole } from './staff-fixtures.ts';

// The lab's quality control before release (issue 34 items 6 and 8), a short day's work: Lou receives
// two samples and takes them through the four required steps; a third sample that skipped them is
// refused in the status words; the preview shows each profile's QC and flags a copied profile; Lou
// cannot approve what Lou stored, Lin (a second LAB member) approves, and only the approved sample is
// released; the customer reads the report; Lou retracts it and it leaves the customer's portal.

const profiles = new URL('../../../packages/domain/test-data/report/', import.meta.url);
const readProfile = (path: string) => fs.readFileSync(new URL(path, profiles), 'utf8');

test('the lab checks, signs off with four eyes, releases and retracts', async ({ browser, request }) => {
  test.slow();
  const customer = await createUser(request, { firstName: 'Quinn', lastName: 'Customer' });
  const kits = await createKits(request, { ownerEmail: customer.email, count: 3 });
  for (const kit of kits) {
    await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
    await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  }
  const [first, second, skipped] = kits as [CreatedKit, CreatedKit, CreatedKit];

  const lou = await createStaff(request, ['LAB'], 'Lou');
  const bench = await (await browser.newContext()).newPage();
  await signInToConsole(bench, lou);
  const nav = bench.getByRole('navigation', { name: 'Console' });

  // Receive the three samples.
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

  // Two samples through every required step; the third jumps straight to SEQUENCING.
  await nav.getByRole('link', { name: 'Lab steps' }).click();
  const moveTo = async (batch: CreatedKit[], target: string) => {
    await bench.getByLabel('Move the batch to').selectOption(target);
    await bench.getByRole('textbox', { name: 'Add a sample to the batch' }).focus();
    for (const kit of batch)
      await scan(
        bench,
        'Add a sample to the batch',
        kit.sampleIdentifier,
        new RegExp(`^KIT-${kit.id} added`),
      );
    const label = batch.length === 1 ? '1 kit' : `${batch.length} kits`;
    await bench.getByRole('button', { name: `Move ${label} to ${target}` }).click();
    await expect(bench.getByText(`${label} moved to ${target}.`)).toBeVisible();
    await bench.getByRole('textbox', { name: 'Add a sample to the batch' }).focus();
  };
  for (const step of ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING'])
    await moveTo([first, second], step);
  // A tube already at this step cannot move: the scan says so, never "added".
  await bench.getByLabel('Move the batch to').selectOption('SEQUENCING');
  await bench.getByRole('textbox', { name: 'Add a sample to the batch' }).focus();
  await scan(
    bench,
    'Add a sample to the batch',
    first.sampleIdentifier,
    `${first.sampleIdentifier}: KIT-${first.id} is already SEQUENCING. Nothing was changed.`,
  );
  await expect(bench.getByRole('heading', { level: 2, name: 'Batch: 0 kits' })).toBeVisible();
  await moveTo([skipped], 'SEQUENCING');
  await expectAccessible(bench);

  // The upload: the first profile names its sample inside and says its reads; the second is the same
  // abundances under another sample (a copy); the third sample skipped its steps.
  const measured = readProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt')
    .replace('#SampleID\tMetaphlan_Analysis', `#SampleID\t${first.sampleIdentifier}`)
    .replace(/^(#mpa_[^\n]*\n)/, '$1#8412334 reads processed\n')
    // Abundances no other journey stores (the last digits of one value), so no earlier copy is found.
    .replace(/\nk__Bacteria\t2\t([0-9.]+)/, (_, v: string) => `\nk__Bacteria\t2\t${v}${Date.now() % 100000}`);
  await nav.getByRole('link', { name: 'Results' }).click();
  await bench.getByLabel('MetaPhlAn profiles').setInputFiles([
    { name: `${first.sampleIdentifier}.txt`, mimeType: 'text/plain', buffer: Buffer.from(measured) },
    {
      name: `${second.sampleIdentifier}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(
        measured.replace(`#SampleID\t${first.sampleIdentifier}`, '#SampleID\tMetaphlan_Analysis'),
      ),
    },
    {
      name: `${skipped.sampleIdentifier}.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(readProfile('gmwi2/kefir/Subj003_time1_S3_metaphlan.txt')),
    },
  ]);
  await expect(
    bench.getByText('Preview: 2 ready to store, 1 refused. Nothing has been stored yet.'),
  ).toBeVisible();
  const row = (kit: CreatedKit) => bench.getByRole('row', { name: new RegExp(kit.sampleIdentifier) }).first();
  await expect(row(first)).toContainText('8,412,334');
  await expect(row(first)).toContainText('mpa_v30_CHOCOPhlAn_201901');
  await expect(row(first)).toContainText('Ready');
  await expect(row(second)).toContainText(`Copy of ${first.sampleIdentifier}: it will be held`);
  await expect(row(skipped)).toContainText(
    `Refused: Sample ${skipped.sampleIdentifier} cannot have results stored yet: its project requires ACCESSIONING, DNA_EXTRACTION, DNA_LIBRARY_PREP and SEQUENCING, and it has not been through ACCESSIONING, DNA_EXTRACTION and DNA_LIBRARY_PREP.`,
  );
  await expectAccessible(bench);
  await bench.getByRole('button', { name: 'Store 2 results' }).click();
  await expect(bench.getByText('2 stored, 1 refused. Release them below.')).toBeVisible();

  // Lou stored them, so Lou cannot approve them; the copy waits HELD with its reason.
  const waiting = bench.getByRole('region', { name: 'Waiting for release' });
  const signOff = (kit: CreatedKit) =>
    waiting
      .getByRole('row')
      .filter({ has: bench.getByRole('rowheader', { name: kit.sampleIdentifier, exact: true }) });
  await expect(signOff(first)).toContainText('PENDING');
  await expect(
    signOff(first).getByRole('button', { name: `Approve ${first.sampleIdentifier}` }),
  ).toBeDisabled();
  await expect(signOff(first)).toContainText('You stored it: another LAB member approves it.');
  await expect(signOff(second)).toContainText(
    `HELD: Held: the profile is identical to the profile of sample ${first.sampleIdentifier}`,
  );
  await expectAccessible(bench);

  // Lin, a second LAB member, approves the first.
  const lin = await createStaff(request, ['LAB'], 'Lin');
  const checker = await (await browser.newContext()).newPage();
  await signInToConsole(checker, lin);
  await checker.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
  const linWaiting = checker.getByRole('region', { name: 'Waiting for release' });
  await linWaiting.getByRole('button', { name: `Approve ${first.sampleIdentifier}` }).click();
  await expect(linWaiting.getByRole('status')).toHaveText(`${first.sampleIdentifier} approved.`);
  await expect(
    linWaiting
      .getByRole('row')
      .filter({ has: checker.getByRole('rowheader', { name: first.sampleIdentifier, exact: true }) }),
  ).toContainText('APPROVED (by Lin Lab)');
  await expectAccessible(checker);

  // Lou releases the approved result; the held copy has no Release and stays. (Each journey releases its
  // own samples by their row: the list is the whole lab's, and "Release N approved results" would also
  // take what a parallel journey's Lin approved. The page's test covers that button.)
  await bench.reload();
  await expect(signOff(first)).toContainText('APPROVED');
  await expect(
    signOff(second).getByRole('button', { name: `Release ${second.sampleIdentifier}` }),
  ).toHaveCount(0);
  await signOff(first)
    .getByRole('button', { name: `Release ${first.sampleIdentifier}` })
    .click();
  await expect(waiting.getByRole('status')).toHaveText('1 result released.');
  await expect(signOff(second)).toContainText('HELD');
  await expect(signOff(first)).toHaveCount(0);

  // The customer reads the report.
  const own = await (await browser.newContext()).newPage();
  await login(own, customer);
  await own.goto(`/report?samples=${first.sampleIdentifier}`);
  await expect(own.getByRole('heading', { level: 2, name: new RegExp(`^KIT-${first.id}, `) })).toBeVisible();

  // Lou retracts it: the customer's portal no longer shows it.
  const retract = bench.getByRole('region', { name: 'Retract a released report' });
  await retract.getByLabel('Sample id').fill(first.sampleIdentifier);
  await retract.getByLabel('Reason (kept in the audit log)').fill('Plate swap found in the run');
  await retract.getByRole('button', { name: 'Retract the report' }).click();
  await expect(retract.getByRole('status')).toHaveText(
    `The report of sample ${first.sampleIdentifier} was retracted: its owner no longer sees it and was told. Upload the corrected profile to issue an amended report.`,
  );
  await expectAccessible(bench);
  // Retracting again is refused with its reason, never announced as done.
  await retract.getByLabel('Sample id').fill(first.sampleIdentifier);
  await retract.getByLabel('Reason (kept in the audit log)').fill('again');
  await retract.getByRole('button', { name: 'Retract the report' }).click();
  await expect(retract.getByRole('alert')).toHaveText(
    `The results of sample ${first.sampleIdentifier} are not released, so there is nothing to retract. Hold them instead.`,
  );

  await own.reload();
  await expect(own.getByRole('alert')).toContainText(
    `We could not find a report for ${first.sampleIdentifier} in your account.`,
  );
  await expect(own.getByText('Sorry, you have no reports to display at this time.')).toBeVisible();
  await expectAccessible(own);
});
