import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['@whisp/source'] },
  ssr: { resolve: { conditions: ['@whisp/source'] } },
  test: {
    name: 'api-client',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
