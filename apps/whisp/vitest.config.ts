import { defineProject } from 'vitest/config';

// The app's plain modules (the boot script's pieces), tested in Node; screens and flows are tested
// end to end in Chromium (e2e/).
export default defineProject({
  resolve: { conditions: ['@whisp/source'] },
  ssr: { resolve: { conditions: ['@whisp/source'] } },
  test: {
    name: 'app-unit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
