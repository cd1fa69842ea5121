import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A CLI query answered in-process leaves a daemon starting: no test does that unless it asks
    // for daemons (test/daemon/helpers.ts cliEnv), and stops them when it ends.
    env: { TLDR_NO_DAEMON: '1' },
  },
});
