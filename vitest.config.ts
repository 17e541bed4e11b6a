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
          // One module registry per worker for all its files (as the web project): importing the app's
          // module graph again for each of 106 files was a third of the step's time. Every file builds its
          // own app on its own database and closes both, so files share only modules' caches.
          isolate: false,
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
