import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on two cores (vitest would run one): most tests wait on a child process, a
    // browser, PostgreSQL or a socket, and no test asserts a duration (docs/contributing.md).
    maxWorkers: 2,
  },
});
