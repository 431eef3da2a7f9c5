import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core (vitest's own default leaves one core free: on this 2-core machine, one file at a
    // time). Most of the long files wait on a browser, a socket or a child process, so two at once on two cores
    // took npm test from 438 s to 307 s here; files share nothing (each has its own database, ports and Redis
    // prefix: tests/server/support).
    maxWorkers: availableParallelism(),
  },
});
