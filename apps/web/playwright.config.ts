import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;
/** A second server, APP_TYPE=RESEARCH, for the research portal's journeys (*.research.spec.ts). */
const RESEARCH_PORT = Number(process.env.E2E_RESEARCH_PORT ?? PORT + 50);
const researchURL = `http://localhost:${RESEARCH_PORT}`;

// A fresh database per run. Workers load this file too; they inherit the runner's directory.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
process.env.E2E_RESEARCH_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-research-'));

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL,
    headless: true,
    // A failed journey keeps its trace: every action with the page's DOM before and after it, and the
    // screenshot at the failure. Not the trace's screencast (a JPEG of every frame the page paints, for
    // every journey, passed or not): that made a sign-in-and-two-pages loop take 45-56 s against 28-32 s
    // with DOM snapshots only and 21-34 s without a trace (load average 30, docs/decisions).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium; Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium's full headless mode builds a browser window's own web UI for every page a journey
        // opens: the address bar's suggestion popups, preloaded in a renderer of their own. A journey never
        // sees them; measured, they cost 0.5 s of CPU per new page (15.4 s against 4.7 s for 20 pages).
        '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: '**/*.research.spec.ts', use: { ...devices['Desktop Chrome'] } },
    {
      name: 'research',
      testMatch: '**/*.research.spec.ts',
      use: { ...devices['Desktop Chrome'], baseURL: researchURL },
    },
  ],
  webServer: [
    {
      // Serves the API and the built web app (run `npm run build -w apps/web` first).
      command: 'node --import tsx apps/api/src/server.ts',
      cwd: repoRoot,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        OPS_KEY: 'e2e-ops-key',
        AUTH_RATE_LIMIT: '1000',
        VOUCHER_RATE_LIMIT: '1000',
        PAYMENT_RATE_LIMIT: '1000',
        NODE_ENV: 'test',
        PUBLIC_URL: baseURL,
        LOG_LEVEL: 'warn',
      },
    },
    {
      // Serves the API and the built web app (run `npm run build -w apps/web` first).
      command: 'node --import tsx apps/api/src/server.ts',
      cwd: repoRoot,
      url: `${researchURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(RESEARCH_PORT),
        APP_TYPE: 'RESEARCH',
        DATA_DIR: process.env.E2E_RESEARCH_DATA_DIR,
        OPS_KEY: 'e2e-ops-key',
        AUTH_RATE_LIMIT: '1000',
        VOUCHER_RATE_LIMIT: '1000',
        PAYMENT_RATE_LIMIT: '1000',
        NODE_ENV: 'test',
        PUBLIC_URL: researchURL,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
