import type { Page } from '@playwright/test';
import { LAB_RUN_MESSAGES } from '@portal/domain';
import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  setKitStatus,
  test,
} from './fixtures.ts';
import { createStaff, scan, signInToConsole } from './staff-fixtures.ts';

// Undo on the Lab steps page (issue 34 item 9): Lou scans two received tubes into a batch (a third,
// never received, is refused at the scan and never announced as added), moves them to ACCESSIONING,
// and undoes the move: the tubes are back at RECEIVED_BY_LAB and the page says so. A second undo is
// refused in the spec's words, and the next move replaces the refusal. The undo after the minute is
// refused by the app's clock in lab-runs.routes.test.ts (no journey waits a minute).

/** The rows of "Select from a step" for these kits, once the list shows the samples at `step`. */
async function listedAt(page: Page, step: string) {
  await page.getByLabel('Samples at').selectOption(step);
  return page.getByRole('table', { name: `Samples at ${step}, oldest first` });
}

test('a LAB member undoes their last move on the Lab steps page; a second undo is refused', async ({
  browser,
  request,
}) => {
  test.slow();
  const customer = await createUser(request, { firstName: 'Uma', lastName: 'Undo' });
  const kits = await createKits(request, { ownerEmail: customer.email, count: 3 });
  for (const kit of kits) {
    await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
    await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  }
  const [first, second, missing] = kits as [CreatedKit, CreatedKit, CreatedKit];
  for (const kit of [first, second]) await setKitStatus(request, kit.id, { sampleStatus: 'RECEIVED_BY_LAB' });

  const lou = await createStaff(request, ['LAB'], 'Lou');
  const bench = await (await browser.newContext()).newPage();
  await signInToConsole(bench, lou);
  await bench.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Lab steps' }).click();
  await expect(bench.getByRole('heading', { level: 1, name: 'Lab steps' })).toBeVisible();

  // Two tubes join the batch; the one never received is refused at the scan, in red, never "added".
  for (const kit of [first, second])
    await scan(
      bench,
      'Add a sample to the batch',
      kit.sampleIdentifier,
      `KIT-${kit.id} added to the batch (sample RECEIVED_BY_LAB)`,
    );
  await scan(
    bench,
    'Add a sample to the batch',
    missing.sampleIdentifier,
    new RegExp(
      `^${missing.sampleIdentifier}: KIT-${missing.id} cannot move to ACCESSIONING: its sample is .+ Nothing was changed\\.$`,
    ),
  );
  await expect(bench.getByTestId('scan-result')).not.toContainText('added');
  const log = bench.getByRole('list', { name: 'Scanned this session, newest first' });
  const refused = log.getByRole('listitem').first();
  await expect(refused).toContainText(`Refused ${missing.sampleIdentifier}`);
  await expect(refused).not.toContainText('added');
  await expect(refused.locator('.badge-error')).toHaveText('Refused');
  await expect(refused.locator('.badge-success')).toHaveCount(0);
  await expect(log.locator('.badge-success')).toHaveCount(2);
  await expect(bench.getByText('2 done · 1 refused')).toBeVisible();
  const batch = bench.getByRole('region', { name: /^Batch: / });
  await expect(batch.getByRole('heading', { level: 2 })).toHaveText('Batch: 2 kits');
  await expect(batch).not.toContainText(`KIT-${missing.id}`);

  // The move; the list at ACCESSIONING shows both tubes.
  await batch.getByRole('button', { name: 'Move 2 kits to ACCESSIONING' }).click();
  await expect(batch.getByRole('status')).toHaveText('2 kits moved to ACCESSIONING.');
  const atAccessioning = await listedAt(bench, 'ACCESSIONING');
  for (const kit of [first, second])
    await expect(atAccessioning.getByRole('row', { name: new RegExp(`KIT-${kit.id}\\b`) })).toContainText(
      'sample ACCESSIONING',
    );

  // Undo within the minute: the page says so, the move's message goes, the tubes leave ACCESSIONING.
  const undo = batch.getByRole('button', { name: 'Undo my last move' });
  await undo.click();
  await expect(batch.getByRole('status').filter({ hasText: /\S/ })).toHaveText(
    LAB_RUN_MESSAGES.undone(2, 'ACCESSIONING'),
  );
  await expect(batch.getByText('2 kits moved to ACCESSIONING.')).toHaveCount(0);
  await expect(batch.getByRole('alert')).toHaveCount(0);
  for (const kit of [first, second])
    await expect(atAccessioning.getByRole('row', { name: new RegExp(`KIT-${kit.id}\\b`) })).toHaveCount(0);
  // Back at their earlier step: listed at RECEIVED_BY_LAB again.
  const atLab = await listedAt(bench, 'RECEIVED_BY_LAB');
  for (const kit of [first, second])
    await expect(atLab.getByRole('row', { name: new RegExp(`KIT-${kit.id}\\b`) })).toContainText(
      'sample RECEIVED_BY_LAB',
    );
  await expectAccessible(bench);

  // A second undo: nothing left to undo, said in the spec's words, in place of the last message.
  await undo.click();
  await expect(batch.getByRole('alert')).toHaveText(LAB_RUN_MESSAGES.noMove);
  await expect(batch.getByText(LAB_RUN_MESSAGES.undone(2, 'ACCESSIONING'))).toHaveCount(0);
  await expectAccessible(bench);

  // Moved again, ticked in the list: the refusal of the second undo does not stay beside the new outcome.
  for (const kit of [first, second])
    await atLab.getByRole('checkbox', { name: `Add KIT-${kit.id} to the batch` }).check();
  await batch.getByRole('button', { name: 'Move 2 kits to ACCESSIONING' }).click();
  await expect(batch.getByRole('status')).toHaveText('2 kits moved to ACCESSIONING.');
  await expect(batch.getByRole('alert')).toHaveCount(0);
  await expect(batch.getByText(LAB_RUN_MESSAGES.noMove)).toHaveCount(0);

  // Undone once more; the kit's own page shows it back at RECEIVED_BY_LAB, the step gone from its timeline.
  await undo.click();
  await expect(batch.getByRole('status').filter({ hasText: /\S/ })).toHaveText(
    LAB_RUN_MESSAGES.undone(2, 'ACCESSIONING'),
  );
  await bench.goto(`/staff/kits/${first.id}`);
  await expect(bench.getByRole('heading', { level: 1, name: `KIT-${first.id}` })).toBeVisible();
  await expect(bench.getByRole('region', { name: 'Kit', exact: true })).toContainText(
    'sample RECEIVED_BY_LAB',
  );
  await expect(bench.getByRole('region', { name: 'Timeline' })).not.toContainText('ACCESSIONING');
});
