import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: pure rules (node), web components (jsdom) and API tests through app.inject on a
// real database (PGlite by default, the PostgreSQL server of TEST_DATABASE_URL with `npm run test:pg`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.unit.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/server/**/*.unit.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
