import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test } from './fixtures.ts';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

// The web bench's target (docs/benchmarks.md): /login's first load under 120 KB of gzip JavaScript, measured
// as bench/web.ts does (the scripts the browser fetched, gzip level 9 from the build). Code that only
// signed-in pages or registration need belongs in their chunks.
test('the sign-in page loads under 120 KB of JavaScript (gzip)', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const bytes = [...scripts].reduce(
    (sum, script) => sum + zlib.gzipSync(fs.readFileSync(path.join(DIST, script)), { level: 9 }).length,
    0,
  );
  expect(bytes / 1024).toBeLessThan(120);
});
