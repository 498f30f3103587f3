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
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
  },
});
