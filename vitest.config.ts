import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    globalSetup: ['test/setup/temp-root.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Browser and build tests start real servers and Chromium; two cores do not gain from more forks.
    pool: 'forks',
    maxWorkers: 2,
    env: { NODE_ENV: 'production' },
  },
});
