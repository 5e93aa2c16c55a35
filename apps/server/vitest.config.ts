import { defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript source, as in `pnpm dev`.
const conditions = ['@whisp/source'];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // An embedded database takes seconds to open on a busy machine, more when a fresh one is created.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file holds its own embedded database (WASM PostgreSQL, CPU-bound); two at a time
    // keeps both cores of a CI machine busy without making each open slower.
    fileParallelism: true,
    maxWorkers: 2,
    // Projects with their own worker limits run as separate groups, one after another.
    sequence: { groupOrder: 1 },
  },
});
