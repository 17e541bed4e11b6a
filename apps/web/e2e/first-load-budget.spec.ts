import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test } from './fixtures.ts';

/**
 * /login's first load stays under 120 KB of JavaScript, gzipped (issue 26's budget, decision 034), counted
 * as `npm run bench` counts it (bench/web.ts): every script the browser fetched for the page, each file of
 * the build gzipped at level 9. A size, not a time: it does not depend on the machine.
 */
const BUDGET_KB = 120;
const DIST = fileURLToPath(new URL('../dist', import.meta.url));

test('the sign-in page’s first load stays within its JavaScript budget', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto('/login');
  // The app has taken the page over (the drawn button is disabled until then), and fetched all it asked for.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await context.close();

  const sizes = [...scripts].map((script) => {
    const file = `${DIST}${script}`;
    expect(fs.existsSync(file), `${script} is not in apps/web/dist`).toBe(true);
    return { script, kb: zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024 };
  });
  const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
  const listing = sizes
    .sort((a, b) => b.kb - a.kb)
    .map(({ script, kb }) => `${kb.toFixed(2).padStart(7)} KB  ${script}`)
    .join('\n');
  expect(scripts.size).toBeGreaterThan(0);
  expect(
    total,
    `/login's first load is ${total.toFixed(1)} KB of JavaScript (gzip):\n${listing}`,
  ).toBeLessThan(BUDGET_KB);
});
