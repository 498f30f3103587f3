import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One fixed fast-check seed for every property (npm run test:props searches with fresh ones).
    setupFiles: ['test/support/property-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two forks on the 2-core CI machine (the default leaves one core idle): ~190 s → ~145 s.
    maxWorkers: 2,
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
