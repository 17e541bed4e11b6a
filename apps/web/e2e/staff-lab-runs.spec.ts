import fs from 'node:fs';
import type { Page } from '@playwright/test';
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

// The lab's day with runs and plates (issue 34 items 7 and 9, with 6 and 8): Lou receives two samples
// (a third never arrives), starts a run, scans the tubes into a plate (the third is refused, never
// "placed"), places the extraction blank and the positive control in wells of the plate, moves the plate, undoes it, moves the whole run through the required steps (a second move
// names each refused tube), uploads the controls: a blank with reads fails and holds the run, so Lin
// (a second LAB member) cannot approve; a clean blank is the re-check; Lin approves, Lou releases, the
// customer reads the report and Lou retracts it.

const profiles = new URL('../../../packages/domain/test-data/report/', import.meta.url);
const readProfile = (path: string) => fs.readFileSync(new URL(path, profiles), 'utf8');
/** Real MetaPhlAn 3 profiles (the kefir cohort, copied from /work/shared/data). */
const REFERENCE = readProfile('gmwi2/kefir/Subj001_time1_S1_metaphlan.txt');
const SAMPLE = readProfile('gmwi2/kefir/Subj011_time2_S9_metaphlan.txt');
/** Abundances no other journey stores: one value's last digits changed. */
const unique = (text: string, salt: string) =>
  text.replace(/\nk__Bacteria\t2\t([0-9.]+)/, (_, v: string) => `\nk__Bacteria\t2\t${v}${salt}`);
const file = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
const CLEAN_BLANK = [
  '#mpa_v30_CHOCOPhlAn_201901',
  '#120 reads processed',
  '#SampleID\tBLANK-1',
  '#clade_name\tNCBI_tax_id\trelative_abundance\tadditional_species',
  'UNKNOWN\t-1\t100.0\t',
].join('\n');

test('the lab batches samples through a plate, checks the run controls, signs off and retracts', async ({
  browser,
  request,
}) => {
  // A long day: two LAB members and a customer across ten pages, with six axe scans.
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const customer = await createUser(request, { firstName: 'Pia', lastName: 'Plate' });
  const kits = await createKits(request, { ownerEmail: customer.email, count: 3 });
  for (const kit of kits) {
    await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
    await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  }
  const [first, second, missing] = kits as [CreatedKit, CreatedKit, CreatedKit];

  const lou = await createStaff(request, ['LAB'], 'Lou');
  const bench = await (await browser.newContext()).newPage();
  await signInToConsole(bench, lou);
  const nav = bench.getByRole('navigation', { name: 'Console' });

  await nav.getByRole('link', { name: 'Receive samples' }).click();
  // Each tube's receipt (issue 34 item 11): a box of this run's, intact, its collection date typed.
  await fillReceipt(bench, { freezer: 'F1', box: `R${stamp}` });
  for (const kit of [first, second]) {
    await fillReceipt(bench, { collectionDate: portalDaysAgo(3) });
    await scan(
      bench,
      'Sample received',
      kit.sampleIdentifier,
      new RegExp(`^KIT-${kit.id}: sample ${kit.sampleIdentifier} received`),
    );
  }

  // A run, held until its controls pass.
  const runName = `RUN-${stamp}`;
  const plateName = `PL-${stamp}`;
  await nav.getByRole('link', { name: 'Runs and plates' }).click();
  await bench.getByLabel('Sequencing run id').fill(runName);
  await bench.getByRole('button', { name: 'Start the run' }).click();
  await expect(bench.getByRole('heading', { level: 1, name: `Run ${runName}` })).toBeVisible();
  await expect(bench.getByText(/^This run holds its samples: upload the extraction blank/)).toBeVisible();
  await bench.getByLabel('New plate barcode').fill(plateName);
  await bench.getByRole('button', { name: 'Add the plate' }).click();

  // Tubes scanned into the plate's wells in order; the sample that never arrived is refused.
  const field = `Scan a tube into plate ${plateName}`;
  await bench.getByRole('textbox', { name: field }).focus();
  await scan(
    bench,
    field,
    first.sampleIdentifier,
    `KIT-${first.id} placed in well A1 of plate ${plateName}.`,
  );
  await scan(
    bench,
    field,
    second.sampleIdentifier,
    `KIT-${second.id} placed in well B1 of plate ${plateName}.`,
  );
  await scan(
    bench,
    field,
    missing.sampleIdentifier,
    new RegExp(`^${missing.sampleIdentifier}: KIT-${missing.id} cannot go on a plate`),
  );
  const log = bench.getByRole('list', { name: 'Scanned this session, newest first' });
  await expect(log.getByRole('listitem').first()).toContainText('Refused');
  await expect(log.getByRole('listitem').first()).not.toContainText('Done');
  const map = bench.getByRole('table', { name: `Plate ${plateName}: 2 of 96 wells filled` });
  await expect(map.getByRole('row', { name: /^A / })).toContainText(`KIT-${first.id}`);

  // The controls go into wells of the plate too. Until they do, the plate says so (allowed, but told);
  // a taken well is refused by what is in it, and nothing is announced as placed.
  const plateBlock = bench.getByRole('region', { name: `Plate ${plateName}`, exact: true });
  await expect(
    plateBlock.getByText(
      `Plate ${plateName} has no extraction blank and no positive control in a well. That is allowed, but if they were extracted with this plate's samples, place them in free wells so the map records them.`,
    ),
  ).toBeVisible();
  await expect(plateBlock.getByText('Controls in wells: none.')).toBeVisible();
  const placeControl = async (kind: 'BLANK' | 'POSITIVE', well: string) => {
    await plateBlock.getByLabel('Control', { exact: true }).selectOption(kind);
    await plateBlock.getByLabel('Well', { exact: true }).fill(well);
    await plateBlock.getByRole('button', { name: 'Place the control' }).click();
  };
  await placeControl('BLANK', 'A1');
  await expect(plateBlock.getByRole('alert')).toHaveText(
    `Well A1 of plate ${plateName} already holds KIT-${first.id}: choose an empty well. Nothing was placed.`,
  );
  await expect(plateBlock.getByText(/placed in well/)).toHaveCount(0);
  await placeControl('BLANK', 'h12');
  const placedOutcome = plateBlock
    .getByRole('status')
    .filter({ hasText: /^Extraction blank|^Positive control/ });
  await expect(placedOutcome).toHaveText(`Extraction blank placed in well H12 of plate ${plateName}.`);
  await expect(plateBlock.getByRole('alert')).toHaveCount(0);
  await expect(
    plateBlock.getByText(`Plate ${plateName} has no positive control in a well.`, { exact: false }),
  ).toBeVisible();
  // The positive control put in a wrong well is taken out again, then placed where it sits.
  await placeControl('POSITIVE', 'C1');
  await expect(placedOutcome).toHaveText(`Positive control placed in well C1 of plate ${plateName}.`);
  await plateBlock.getByRole('button', { name: 'Take the positive control out of C1' }).click();
  await expect(placedOutcome).toHaveText(`Positive control removed from well C1 of plate ${plateName}.`);
  await placeControl('POSITIVE', 'G12');
  await expect(placedOutcome).toHaveText(`Positive control placed in well G12 of plate ${plateName}.`);
  await expect(plateBlock.getByText(/ has no .* in a well\./)).toHaveCount(0);
  await expect(
    plateBlock.getByText('Controls in wells: positive control in G12; extraction blank in H12.'),
  ).toBeVisible();
  const filled = bench.getByRole('table', { name: `Plate ${plateName}: 4 of 96 wells filled` });
  // Each control's well says which it is in words (Blank, Positive), its full name read out.
  const blankWell = filled.getByRole('row', { name: /^H / }).getByRole('cell', { name: 'Extraction blank' });
  await expect(blankWell).toContainText('Blank');
  const positiveWell = filled
    .getByRole('row', { name: /^G / })
    .getByRole('cell', { name: 'Positive control' });
  await expect(positiveWell).toContainText('Positive');
  await expect(
    bench.getByRole('region', { name: 'Controls' }).getByRole('row', { name: /^Extraction blank/ }),
  ).toContainText(`${plateName} H12`);
  await expectAccessible(bench);

  // The plate to ACCESSIONING in one action; undone within the minute; then the run through every step.
  const mover = bench.getByRole('region', { name: 'Move a plate or the whole run' });
  const status = mover.getByRole('status');
  await mover.getByLabel('Move to').selectOption('ACCESSIONING');
  await mover.getByRole('button', { name: `Move plate ${plateName} to ACCESSIONING` }).click();
  await expect(status).toHaveText(`Plate ${plateName}: 2 kits moved to ACCESSIONING, 0 refused.`);
  await mover.getByRole('button', { name: 'Undo my last move' }).click();
  await expect(status).toHaveText('Undone: 2 kits back from ACCESSIONING.');
  for (const step of ['ACCESSIONING', 'DNA_EXTRACTION', 'DNA_LIBRARY_PREP', 'SEQUENCING']) {
    await mover.getByLabel('Move to').selectOption(step);
    await mover.getByRole('button', { name: `Move the whole run to ${step}` }).click();
    await expect(status).toHaveText(`Run ${runName}: 2 kits moved to ${step}, 0 refused.`);
  }
  // Again: each tube is refused in the status words, and nothing is announced as moved.
  await mover.getByRole('button', { name: 'Move the whole run to SEQUENCING' }).click();
  await expect(mover.getByRole('alert')).toHaveText(`Run ${runName}: 0 kits moved to SEQUENCING, 2 refused.`);
  const outcomes = mover.getByRole('list', { name: "Each tube's outcome" });
  await expect(outcomes.getByRole('listitem')).toHaveCount(2);
  await expect(outcomes).toContainText(`KIT-${first.id} is already SEQUENCING. Nothing was changed.`);
  await expect(outcomes).not.toContainText('Moved');
  await expectAccessible(bench);

  // Controls: the project's reference, then a blank with reads fails and holds the run.
  await bench
    .getByLabel('Reference profile (MetaPhlAn)')
    .setInputFiles(file('RM8048-reference.txt', REFERENCE));
  await bench.getByRole('button', { name: 'Save the control settings' }).click();
  await expect(bench.getByText(/^Control settings of .+ saved\.$/)).toBeVisible();
  const controls = bench.getByRole('region', { name: 'Controls' });
  await controls
    .getByLabel('Positive control profile')
    .setInputFiles(file('positive.txt', unique(REFERENCE, '7')));
  await expect(controls.getByRole('status')).toHaveText(
    /^Positive control checked\. Passed: Bray–Curtis distance 0\.0/,
  );
  await controls
    .getByLabel('Extraction blank profile')
    .setInputFiles(file('blank.txt', REFERENCE.replace(/^(#mpa_[^\n]*\n)/, '$1#8412334 reads processed\n')));
  await expect(controls.getByRole('status')).toHaveText(
    'Extraction blank checked. Failed: the blank has 8,412,334 reads, more than the 10,000 its project allows. It is not near-empty: look for contamination.',
  );
  await expect(bench.getByText(/^A control failed, so this run holds its samples/)).toBeVisible();
  await expectAccessible(bench);

  // Results stored for both; Lin cannot approve a sample of the held run.
  await nav.getByRole('link', { name: 'Results' }).click();
  await bench
    .getByLabel('MetaPhlAn profiles')
    .setInputFiles([
      file(`${first.sampleIdentifier}.txt`, unique(SAMPLE, String(Date.now() % 100000))),
      file(`${second.sampleIdentifier}.txt`, unique(SAMPLE, String((Date.now() + 1) % 100000))),
    ]);
  await expect(
    bench.getByText('Preview: 2 ready to store, 0 refused. Nothing has been stored yet.'),
  ).toBeVisible();
  await bench.getByRole('button', { name: 'Store 2 results' }).click();
  await expect(bench.getByText('2 stored, 0 refused. Release them below.')).toBeVisible();

  const lin = await createStaff(request, ['LAB'], 'Lin');
  const checker = await (await browser.newContext()).newPage();
  await signInToConsole(checker, lin);
  await checker.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
  const linWaiting = checker.getByRole('region', { name: 'Waiting for release' });
  const held = `Sample ${first.sampleIdentifier} is on run ${runName}, whose controls failed, so the whole run is held. Re-check the controls or override with a reason first. Nothing was changed.`;
  const signOff = (page: Page, kit: CreatedKit) =>
    page
      .getByRole('region', { name: 'Waiting for release' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: kit.sampleIdentifier, exact: true }) });
  await expect(signOff(checker, first)).toContainText(held);
  await linWaiting.getByRole('button', { name: `Approve ${first.sampleIdentifier}` }).click();
  await expect(linWaiting.getByRole('status')).toContainText(held);
  await expect(signOff(checker, first)).toContainText('PENDING');
  await expectAccessible(checker);

  // The re-check: a near-empty blank; the run passes and holds nothing.
  await nav.getByRole('link', { name: 'Runs and plates' }).click();
  await bench.getByRole('link', { name: runName }).click();
  await controls.getByLabel('Extraction blank profile').setInputFiles(file('blank-rerun.txt', CLEAN_BLANK));
  await expect(controls.getByRole('status')).toHaveText(
    'Extraction blank checked. Passed: 120 reads, at most 10,000 allowed.',
  );
  await expect(bench.getByText('Both controls passed: the run holds nothing.')).toBeVisible();

  // Four eyes: Lin approves, Lou releases the approved one.
  await checker.reload();
  await linWaiting.getByRole('button', { name: `Approve ${first.sampleIdentifier}` }).click();
  await expect(linWaiting.getByRole('status')).toHaveText(`${first.sampleIdentifier} approved.`);
  await nav.getByRole('link', { name: 'Results' }).click();
  const waiting = bench.getByRole('region', { name: 'Waiting for release' });
  await expect(signOff(bench, first)).toContainText('APPROVED (by Lin Lab)');
  // Its own row's Release: the list is the whole lab's (see staff-lab-qc.spec.ts).
  await waiting.getByRole('button', { name: `Release ${first.sampleIdentifier}` }).click();
  await expect(waiting.getByRole('status')).toHaveText('1 result released.');
  await expect(signOff(bench, first)).toHaveCount(0);
  await expect(signOff(bench, second)).toContainText('PENDING');

  const own = await (await browser.newContext()).newPage();
  await login(own, customer);
  await own.goto(`/report?samples=${first.sampleIdentifier}`);
  await expect(own.getByRole('heading', { level: 2, name: new RegExp(`^KIT-${first.id}, `) })).toBeVisible();

  // Lou retracts it.
  const retract = bench.getByRole('region', { name: 'Retract a released report' });
  await retract.getByLabel('Sample id').fill(first.sampleIdentifier);
  await retract.getByLabel('Reason (kept in the audit log)').fill('Plate map swap found on the run');
  await retract.getByRole('button', { name: 'Retract the report' }).click();
  await expect(retract.getByRole('status')).toHaveText(
    `The report of sample ${first.sampleIdentifier} was retracted: its owner no longer sees it and was told. Upload the corrected profile to issue an amended report.`,
  );
  await expectAccessible(bench);
  await own.reload();
  await expect(own.getByRole('alert')).toContainText(
    `We could not find a report for ${first.sampleIdentifier} in your account.`,
  );

  // Batch work on the lab-steps page: a plate whose tubes cannot take the step (their results are
  // stored) adds nothing, and says why for each tube.
  await nav.getByRole('link', { name: 'Lab steps' }).click();
  await bench.getByLabel('Move the batch to').selectOption('SEQUENCING');
  await bench.getByLabel('Plate barcode').fill(plateName);
  await bench.getByRole('button', { name: 'Add the plate' }).click();
  await expect(bench.getByText(`Plate ${plateName}: 0 kits added to the batch, 2 not added.`)).toBeVisible();
  const notAdded = bench.getByRole('list', { name: 'Not added' });
  await expect(notAdded).toContainText(
    `KIT-${second.id} cannot move to SEQUENCING: its sample is COMPLETED, and a sample reaches SEQUENCING only from`,
  );
  await expect(bench.getByRole('heading', { level: 2, name: 'Batch: 0 kits' })).toBeVisible();
  await expectAccessible(bench);
});
