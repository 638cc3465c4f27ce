import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Tests sit next to the code they test; apps/api/test holds their support and fakes, not tests.
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores here: argon2 and the databases need them more than extra workers do.
    maxWorkers: 2,
  },
});
