import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Fixture projects hold test files of their own (a test callback's classes): they are read, not run.
    exclude: ['test/fixtures/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A CLI query answered in-process leaves a daemon starting: no test does that unless it asks
    // for daemons (test/daemon/helpers.ts cliEnv), and stops them when it ends.
    env: { TLDR_NO_DAEMON: '1' },
  },
});
