import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// findBy* waits 1 s by default; on a busy 2-core CI machine a lazy chunk or a stubbed request can take longer.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout; React Router scrolls to the top on every navigation.
window.scrollTo = () => {};

// A React warning or an unexpected error is a failing test, not noise in the log.
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // jsdom does not know HTML's <search> element (the console's search landmarks); browsers do.
    if (String(args[0]).startsWith('The tag <%s> is unrecognized') && args[1] === 'search') return;
    consoleErrors.push(args.map(String).join(' '));
  });
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called:\n${consoleErrors.join('\n')}`);
  }
});

// The files of a worker share one jsdom and one module registry (vitest.config.ts: isolate false). The
// app's own modules are evaluated again for the next file, so their state (the session, a support view)
// starts as a fresh page load's would; the libraries stay loaded.
afterAll(() => {
  vi.resetModules();
  window.localStorage.clear();
});
