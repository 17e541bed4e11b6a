import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: crashes, graceful stop, database outage and two instances, each against the
 * real server started as a child process. Not part of `npm test`. One run of Vitest takes its files one
 * after another; `scripts/reliability.sh` runs two such lanes at once (decision 076).
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
