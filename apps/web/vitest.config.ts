import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Files that replace a module with vi.mock: they need a module registry of their own. */
const MOCKING_MODULES = 'src/**/*.module-mock.test.{ts,tsx}';

const webProject = (name: string, isolate: boolean, include: string[], exclude: string[] = []) =>
  defineConfig({
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      include,
      exclude: ['**/node_modules/**', ...exclude],
      setupFiles: ['./src/test/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
      // Typing with user-event is slow on a busy 2-core CI machine; a hung test still fails.
      testTimeout: 20_000,
      isolate,
    },
  });

/**
 * The web component tests. Each worker keeps one jsdom and one module registry for all its files
 * (`isolate: false`): starting a jsdom and importing React, the router and the page again for each of
 * 80 files took most of the step (182 s with isolation, 54 s without, session 15). The setup file
 * unmounts, clears storage and restores mocks and globals after every test, so files do not see each
 * other's state. A file that mocks a module runs isolated, in the second project.
 */
export default webProject('web', false, ['src/**/*.test.{ts,tsx}'], [MOCKING_MODULES]);
export const webModuleMocks = webProject('web-module-mocks', true, [MOCKING_MODULES]);
