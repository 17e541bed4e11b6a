import {
  type CreatedKit,
  createKits,
  createUser,
  expect,
  expectAccessible,
  setKitStatus,
  test,
} from './fixtures.ts';
import { createStaff, fillReceipt, portalDaysAgo, scan, signInToConsole } from './staff-fixtures.ts';

// Receipt details and quarantine (issue 34 item 11), then the work queues (item 17). Lou (LAB) receives
// three tubes: one intact, stored at a place and dated from its label; one that leaked, which goes into
// quarantine (the lab steps refuse it at the scan) and is then released back to the flow; one
// unlabelled, failed from quarantine with its reason. The kit's page shows what was recorded. Sue
// (SUPPORT) opens the work queues: the leaked and unlabelled tubes are customers to call, and the
// customer's name opens the person.

test('the lab records each receipt, quarantines a tube not intact, and support calls its customer', async ({
  browser,
  request,
}) => {
  test.slow();
  const customer = await createUser(request, { firstName: 'Rhea', lastName: 'Receipt' });
  const kits = await createKits(request, { ownerEmail: customer.email, count: 3 });
  for (const kit of kits) {
    await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
    await setKitStatus(request, kit.id, { kitStatus: 'DISPATCHED_BY_LAB' });
  }
  const [intact, leaked, unlabelled] = kits as [CreatedKit, CreatedKit, CreatedKit];
  const box = `R${Date.now().toString(36)}`.toUpperCase();

  const lou = await createStaff(request, ['LAB'], 'Lou');
  const bench = await (await browser.newContext()).newPage();
  await signInToConsole(bench, lou);
  const nav = bench.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Receive samples' }).click();

  // A place in the wrong format is refused with what to type, and nothing is received.
  await fillReceipt(bench, { freezer: 'F2', box, position: 'K1', collectionDate: portalDaysAgo(4) });
  await scan(
    bench,
    'Sample received',
    intact.sampleIdentifier,
    `${intact.sampleIdentifier}: Give the position in the box as a row A–J and a column 1–10, like A1 or J10.`,
  );
  await fillReceipt(bench, { position: 'A1', collectionDate: portalDaysAgo(4) });
  await scan(
    bench,
    'Sample received',
    intact.sampleIdentifier,
    `KIT-${intact.id}: sample ${intact.sampleIdentifier} received, intact, 4 days in transit, stored at Freezer F2, box ${box}, position A1.`,
  );
  // The position moved on to the next one; the tube's own details went back to the usual.
  await expect(bench.getByRole('textbox', { name: 'Position in the box' })).toHaveValue('A2');
  await expect(bench.getByLabel('Condition of the tube')).toHaveValue('INTACT');

  await fillReceipt(bench, { condition: 'Leaked', collectionDate: portalDaysAgo(2) });
  await expect(bench.getByRole('checkbox', { name: 'Put this tube in quarantine' })).toBeChecked();
  await scan(
    bench,
    'Sample received',
    leaked.sampleIdentifier,
    `KIT-${leaked.id}: sample ${leaked.sampleIdentifier} received, leaked, 2 days in transit, stored at Freezer F2, box ${box}, position A2. In quarantine: release it or fail it below.`,
  );
  await fillReceipt(bench, { condition: 'Unlabelled', collectionDate: portalDaysAgo(5) });
  await scan(
    bench,
    'Sample received',
    unlabelled.sampleIdentifier,
    new RegExp(`^KIT-${unlabelled.id}: .* received, unlabelled, .* In quarantine`),
  );
  const quarantine = bench.getByRole('table', { name: 'Samples in quarantine, oldest first' });
  await expect(quarantine.getByRole('row', { name: new RegExp(`KIT-${leaked.id}`) })).toBeVisible();
  await expect(quarantine.getByRole('row', { name: new RegExp(`KIT-${unlabelled.id}`) })).toBeVisible();
  await expectAccessible(bench);

  // A quarantined tube cannot join a lab step's batch: refused at the scan, never "added".
  await nav.getByRole('link', { name: 'Lab steps' }).click();
  await bench.getByRole('textbox', { name: 'Add a sample to the batch' }).focus();
  await scan(
    bench,
    'Add a sample to the batch',
    leaked.sampleIdentifier,
    `${leaked.sampleIdentifier}: KIT-${leaked.id} is in quarantine: release it or fail it on the Receive samples page first. Nothing was changed.`,
  );
  await expect(bench.getByRole('heading', { name: 'Batch: 0 kits' })).toBeVisible();

  // Released back to the flow; the unlabelled one failed with its reason.
  await nav.getByRole('link', { name: 'Receive samples' }).click();
  await bench.getByRole('button', { name: `Release KIT-${leaked.id}` }).click();
  await expect(
    bench.getByRole('status').getByText(`KIT-${leaked.id} released from quarantine`),
  ).toBeVisible();
  await expect(quarantine.getByRole('row', { name: new RegExp(`KIT-${leaked.id}`) })).toHaveCount(0);
  await bench.getByRole('button', { name: `Fail KIT-${unlabelled.id}…` }).click();
  await bench.getByRole('button', { name: 'Fail the sample' }).click();
  await bench
    .getByRole('textbox', { name: 'Reason for the failure' })
    .fill('No name on the tube; the customer was asked for a new sample');
  await bench.getByRole('button', { name: 'Fail the sample' }).click();
  await expect(
    bench.getByRole('status').getByText(`KIT-${unlabelled.id} failed as FAILED_TUBE_NOT_INTACT`),
  ).toBeVisible();
  await expect(bench.getByText('No sample is in quarantine.')).toBeVisible();

  // The released sample now takes its step; its kit page shows the receipt.
  await nav.getByRole('link', { name: 'Lab steps' }).click();
  await bench.getByRole('textbox', { name: 'Add a sample to the batch' }).focus();
  await scan(
    bench,
    'Add a sample to the batch',
    leaked.sampleIdentifier,
    new RegExp(`^KIT-${leaked.id} added`),
  );
  await bench.goto(`/staff/kits/${leaked.id}`);
  const receipt = bench.getByRole('region', { name: 'Receipt at the lab' });
  await expect(receipt.getByText('Leaked')).toBeVisible();
  await expect(receipt.getByText(`Freezer F2, box ${box}, position A2`)).toBeVisible();
  await expect(receipt.getByText('2 days')).toBeVisible();
  await expect(receipt.getByText(/^Released from quarantine \(by Lou Lab\)/)).toBeVisible();
  await expectAccessible(bench);

  // Support: the work queues list the tubes not intact, the customer to call opens the person.
  const sue = await createStaff(request, ['SUPPORT'], 'Sue');
  const desk = await (await browser.newContext()).newPage();
  await signInToConsole(desk, sue);
  await expect(desk.getByRole('heading', { name: 'Work queues' })).toBeVisible();
  await desk.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Work queues' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Work queues' })).toBeVisible();
  const toCall = desk.getByRole('table', { name: 'Tubes not intact: the customers to call, oldest first' });
  const leakedRow = toCall.getByRole('row', { name: new RegExp(`KIT-${leaked.id}`) });
  await expect(leakedRow).toContainText('Leaked');
  await expect(leakedRow).toContainText('Released');
  await expect(toCall.getByRole('row', { name: new RegExp(`KIT-${unlabelled.id}`) })).toContainText('Failed');
  await expect(toCall.getByRole('row', { name: new RegExp(`KIT-${intact.id}`) })).toHaveCount(0);
  await expect(desk.getByRole('table', { name: /^Turnaround per step/ })).toBeVisible();
  await expectAccessible(desk);

  // N is the page's: a bad one is refused with what to type; a good one goes into the address.
  await desk.getByRole('textbox', { name: 'Days at a step' }).fill('0');
  await desk.getByRole('button', { name: 'Show the queues' }).click();
  await expect(desk.getByText('Give the days at a step as a whole number from 1 to 365.')).toBeVisible();
  await desk.getByRole('textbox', { name: 'Days at a step' }).fill('3');
  await desk.getByRole('button', { name: 'Show the queues' }).click();
  await expect(desk).toHaveURL(/stepDays=3/);
  await expect(
    desk.getByRole('heading', { name: /^Samples waiting more than 3 days at a step/ }),
  ).toBeVisible();

  await leakedRow.getByRole('link', { name: 'Rhea Receipt' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'Rhea Receipt' })).toBeVisible();
});
