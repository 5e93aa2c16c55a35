import { defineConfig } from 'vitest/config';

// Every vitest suite of the repository, run together by `pnpm test`.
export default defineConfig({
  test: {
    projects: [
      'packages/api-client/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'packages/ui/vitest.config.ts',
      'packages/ui/vitest.desktop.config.ts',
      'packages/ui/vitest.unit.config.ts',
      'apps/whisp/vitest.config.ts',
    ],
  },
});
