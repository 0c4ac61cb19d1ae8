/// <reference types="vite/client" />
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureZod } from '#shared/schemas/zod-locale.ts';

configureZod({ jitless: true });

// The app's fetchers load their schema module with the request (lib/api-client.ts, LazySchema), so
// that the public pages hydrate without zod. Loaded here once per test file, so that a test's first
// request resolves as fast as the later ones instead of waiting for the runner to transform the
// module, which a loaded machine can stretch past Testing Library's one-second waits.
await Promise.all(
  Object.values(import.meta.glob(['../src/shared/schemas/*.ts', '!**/*.test.ts', '!**/zod-*.ts'])).map((load) =>
    load(),
  ),
);

// Testing Library does not clean up between tests by itself (STACK.md).
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// A console error fails a component test (STYLE.md habit 12): React warnings are bugs.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.message : String(part))).join(' ');
    throw new Error(`console.error was called ${consoleErrors.length} time(s): ${first}`);
  }
});
