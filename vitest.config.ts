import { defineConfig } from 'vitest/config';

// expect.poll's own default gives up after 1 s: on two busy cores a page that draws its first
// rows, then the rest a frame later, can take longer. A poll still ends as soon as it holds.
const POLL = { timeout: 15_000, interval: 50 };

export default defineConfig({
  test: {
    reporters: ['default'],
    // Two cores: more forks only make the integration tests contend for PostgreSQL.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/src/**/*.test.ts', 'tools/**/*.test.ts', 'services/src/config/**/*.test.ts', 'web/src/**/*.test.ts'],
          // CI runs these twice (Node 24, then the machine's Node) on two cores: vitest's 5 s default
          // failed the 100,000-item catalogue test on a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['services/src/**/*.test.ts', 'projections/src/**/*.test.ts', 'bench/**/*.test.ts', 'services/scripts/**/*.test.ts'],
          exclude: ['services/src/config/**'],
          globalSetup: ['services/src/testing/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: POLL },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.test.ts'],
          globalSetup: ['web/e2e/globalSetup.ts'],
          setupFiles: ['web/e2e/shopLogOnFailure.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          expect: { poll: POLL },
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
