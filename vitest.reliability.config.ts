import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: crashes, graceful stop, database outage and two instances, each against the
 * real server started as a child process. Not part of `npm test`; files run one after another.
 */
export default defineConfig({
  test: {
    name: 'reliability',
    root: 'apps/api',
    include: ['reliability/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
