import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Download, Page } from '@playwright/test';
import { createKits, createUser, expect, expectAccessible, login, test } from './fixtures.ts';
import { createStaff, scan, signInToConsole } from './staff-fixtures.ts';

// LOGISTICS's day (issue 34): scan kits into today's dispatch batch, print the slips (the focus comes
// back to the scan field), verify the packing by scanning the barcodes the printed slip and tube label
// carry (read from the PDFs with pdftoppm, zbarimg and dmtxread, as a scanner would), a mismatch refused,
// then leave and come back: the batch is still there, and reprints from "Dispatch batches" and a kit page.

const run = promisify(execFile);

/** The barcodes on the first page of a downloaded PDF, printed at 203 dpi and scanned. */
async function barcodesOf(download: Download, reader: 'code128' | 'datamatrix'): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-scan-'));
  try {
    await run('pdftoppm', ['-r', '203', '-gray', '-png', await download.path(), join(dir, 'p')]);
    // Every page: today's batch is the lab's whole day, so other kits dispatched today print too.
    const codes: string[] = [];
    for (const image of (await readdir(dir)).sort()) {
      const path = join(dir, image);
      const out =
        reader === 'code128'
          ? await run('zbarimg', ['--quiet', '--raw', path])
          : await run('dmtxread', ['--newline', '--stop-after=1', path]);
      codes.push(...out.stdout.split('\n').filter(Boolean));
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function download(page: Page, button: string) {
  const waiting = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  return waiting;
}

test('logistics: scan, print, pack-verify with the printed barcodes, and reprint; the customer sees the tracking number', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const customer = await createUser(request, { firstName: '芳', lastName: 'Nguyễn' });
  const kits = await createKits(request, { ownerEmail: customer.email, count: 2 });
  const token = (
    (await (
      await request.post('/api/auth/login', { data: { email: customer.email, password: customer.password } })
    ).json()) as { access_token: string }
  ).access_token;
  for (const kit of kits) {
    const sent = await request.post(`/api/kits/${kit.id}/activate`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        addressLine1: '12 Trần Street',
        addressLine2: null,
        suburb: 'Cabramatta',
        state: 'NSW',
        postcode: '2166',
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const [first, second] = kits;
  if (!first || !second) throw new Error('two kits');

  const logistics = await createStaff(request, ['LOGISTICS'], 'Lane');
  await signInToConsole(page, logistics);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Dispatch', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch' })).toBeVisible();
  for (const kit of kits) await scan(page, 'Kit to dispatch', `KIT-${kit.id}`, `KIT-${kit.id} dispatched`);
  await expect(
    page.getByText(new RegExp(`dispatched today: .*KIT-${first.id}, KIT-${second.id}\\.`)),
  ).toBeVisible();
  await expectAccessible(page);

  // Print: the slips download, and the focus is back in the scan field for the next kit.
  const slips = await download(page, 'Print packing slips');
  expect(slips.suggestedFilename()).toBe('packing-slips.pdf');
  await expect(page.getByRole('textbox', { name: 'Kit to dispatch' })).toBeFocused();
  const tubes = await download(page, 'Print tube labels');
  await expect(page.getByRole('textbox', { name: 'Kit to dispatch' })).toBeFocused();

  // What a scanner reads off the first slip and the first tube label.
  const slipCodes = await barcodesOf(slips, 'code128');
  const tubeCodes = await barcodesOf(tubes, 'datamatrix');
  expect(slipCodes).toContain(`KIT-${first.id}`);
  expect(tubeCodes).toContain(first.sampleIdentifier);
  const slipCode = `KIT-${first.id}`;
  const tubeCode = first.sampleIdentifier;

  // Pack verification: the slip, then the wrong kit (refused), then the right one.
  const slipField = page.getByRole('textbox', { name: 'Packing slip barcode' });
  const kitField = page.getByRole('textbox', { name: 'Kit barcode (address label or tube)' });
  await slipField.click();
  await slipField.pressSequentially(slipCode);
  await slipField.press('Enter');
  await expect(kitField).toBeFocused();
  await kitField.pressSequentially(second.sampleIdentifier);
  await kitField.press('Enter');
  await expect(page.getByTestId('pack-result')).toHaveText(
    `This slip is for KIT-${first.id} but the kit scanned is KIT-${second.id}: put KIT-${second.id} aside and find its own slip. Nothing was recorded.`,
  );
  await expect(slipField).toBeFocused();
  await slipField.pressSequentially(slipCode);
  await slipField.press('Enter');
  await kitField.pressSequentially(tubeCode);
  await kitField.press('Enter');
  await expect(page.getByTestId('pack-result')).toHaveText(
    `KIT-${first.id}: slip and kit match. Packing verified.`,
  );
  await expect(slipField).toBeFocused();
  await expectAccessible(page);

  // Leave Dispatch and come back: today's batch is still there to print.
  await nav.getByRole('link', { name: 'Kits', exact: true }).click();
  await nav.getByRole('link', { name: 'Dispatch', exact: true }).click();
  await expect(
    page.getByText(new RegExp(`\\d+ kits dispatched today: .*KIT-${first.id}, KIT-${second.id}\\.`)),
  ).toBeVisible();
  const manifest = await download(page, 'Download manifest (CSV)');
  expect(manifest.suggestedFilename()).toMatch(/^dispatch-manifest-\d{4}-\d{2}-\d{2}\.csv$/);

  // Reprint from "Dispatch batches": today's row, 1 of its 2 kits pack-verified.
  await nav.getByRole('link', { name: 'Dispatch batches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dispatch batches' })).toBeVisible();
  const today = page.getByRole('row').nth(1);
  await expect(today.getByRole('cell').nth(1)).toHaveText(/^1 of \d+$/);
  await expectAccessible(page);
  const waiting = page.waitForEvent('download');
  await today.getByRole('button', { name: /^Address labels of / }).click();
  const labels = await waiting;
  expect(labels.suggestedFilename()).toBe('address-labels.pdf');
  expect(await barcodesOf(labels, 'code128')).toEqual(
    expect.arrayContaining([`KIT-${first.id}`, `KIT-${second.id}`]),
  );

  // Reprint one kit's slip from its page.
  await page.goto(`/staff/kits/${second.id}`);
  const reprint = await download(page, 'Reprint packing slip');
  expect(await barcodesOf(reprint, 'code128')).toEqual([`KIT-${second.id}`]);
  await expectAccessible(page);

  // The customer's kit timeline: the carrier's tracking number and where to follow the parcel.
  const home = await (await browser.newContext()).newPage();
  await login(home, customer);
  await home.goto(`/kits?scrollingPosition=kit-${first.id}`);
  const card = home.getByRole('article', { name: `KIT-${first.id}` });
  await expect(card.getByText(/^Tracking number \(Embedded carrier\): MBP\d{10}AU\./)).toBeVisible();
  await expect(card.getByRole('link', { name: 'Track your parcel (opens in a new tab)' })).toHaveAttribute(
    'href',
    /\/kits$/,
  );
  await expectAccessible(home);
});
