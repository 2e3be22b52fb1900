import { defineConfig } from 'vitest/config';

/**
 * Browser tests on their own (`npx vitest run -c e2e/vitest.config.ts`). The root config may
 * instead declare the same settings as a project named "e2e".
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // expect.poll waits 1 s by default; a loaded 2-core CI machine needs longer for a browser to settle.
    expect: { poll: { timeout: 10_000 } },
  },
});
