import { defineConfig } from 'vitest/config';

/**
 * Three projects: unit (pure, fast), integration (real Postgres + Redis, one database per
 * file cloned from a migrated template) and e2e (built app + Debian chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          // scripts/*.test.mjs: the repository itself (lockfile, engines, docker-compose.yml).
          include: ['packages/**/src/**/*.test.ts', 'apps/**/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['packages/**/src/**/*.int.test.ts', 'apps/**/src/**/*.int.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['./packages/db/src/testing.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // Runs after the unit project when one command selects both (their maxWorkers differ).
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits 1 s by default; a loaded 2-core CI machine needs longer for a browser to settle.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
