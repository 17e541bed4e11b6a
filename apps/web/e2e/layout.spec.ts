import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
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

/** Issue 33 item 19: wide content stays inside its card, and a dialog inside the window. */
const OPS_HEADERS = { 'x-ops-key': 'e2e-ops-key' };
const profiles = new URL('../../../packages/domain/test-data/report/', import.meta.url);

async function importResults(
  request: APIRequestContext,
  kit: CreatedKit,
  profile: string,
  displayDate: string,
) {
  await setKitStatus(request, kit.id, { kitStatus: 'REQUESTED' });
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

test.use({ viewport: { width: 1280, height: 800 } });

test("at 1280 px the journey's scores table stays in its card, scrolling in a focusable named region", async ({
  page,
  request,
}) => {
  test.slow();
  const user = await createUser(request);
  const [first, second] = await createKits(request, { ownerEmail: user.email, count: 2 });
  if (!first || !second) throw new Error('two kits expected');
  await importResults(request, first, 'gmwi2/kefir/Subj030_time1_S18_metaphlan.txt', '2025-01-10');
  await importResults(request, second, 'gmwi2/kefir/Subj030_time2_S19_metaphlan.txt', '2025-04-10');
  await login(page, user);
  await page.goto('/journey');
  const table = page.getByRole('table', { name: 'Your scores over time' });
  await expect(table).toBeVisible();
  const region = page.getByRole('region', { name: 'Your scores over time' });
  await expect(region).toHaveAttribute('tabindex', '0');
  const fits = await region.evaluate((box) => {
    const card = box.parentElement?.closest('section, .card') ?? document.body;
    const outer = card.getBoundingClientRect();
    const inner = box.getBoundingClientRect();
    return {
      inside: inner.left >= outer.left - 1 && inner.right <= outer.right + 1,
      page: document.documentElement.scrollWidth <= window.innerWidth,
    };
  });
  expect(fits).toEqual({ inside: true, page: true });
  await region.focus();
  await expect(region).toBeFocused();
  await expectAccessible(page);
});

test('at 1280×800 the payment dialog fits the window; after an error its title and Pay stay in view', async ({
  page,
  request,
}) => {
  const user = await createUser(request);
  await login(page, user);
  await page.goto('/kits');
  await page.getByRole('button', { name: 'Buy a kit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy a kit' });
  await dialog.getByRole('button', { name: 'Continue to payment' }).click();
  const pay = dialog.getByRole('button', { name: /^Pay / });
  await pay.click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.y >= 0 && box.y + box.height <= 800).toBe(true);
  await expect(dialog.getByRole('heading', { name: 'Buy a kit' })).toBeInViewport();
  await expect(pay).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeInViewport();
  await expectAccessible(page);
});
