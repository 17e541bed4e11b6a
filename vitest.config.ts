import { defineConfig } from 'vitest/config';
import web, { webModuleMocks } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          // Migrates one template database per run; each test file gets a copy (src/test/test-database.ts).
          globalSetup: ['src/test/global-setup.ts'],
          // Ceilings, not performance assertions: some tests start a second app (PGlite + migrations),
          // which takes a while on a busy 2-core machine.
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      web,
      webModuleMocks,
    ],
  },
});
