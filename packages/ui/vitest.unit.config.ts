import { defineProject } from 'vitest/config';

// The library's pure helpers (format/), tested in Node: no browser needed to check a count.
export default defineProject({
  resolve: { conditions: ['@whisp/source'] },
  ssr: { resolve: { conditions: ['@whisp/source'] } },
  test: {
    name: 'ui-unit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    sequence: { groupOrder: 3 },
  },
});
