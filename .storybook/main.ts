import { join } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, mergeConfig, type UserConfig } from 'vite';

const repositoryRoot = join(import.meta.dirname, '..');

const storybookViteConfig: UserConfig = {
  // Registered here once: the stories-as-tests run reuses this file's viteFinal.
  plugins: [vanillaExtractPlugin()],
  resolve: {
    // Workspace packages resolve to their TypeScript source, as in the app.
    conditions: ['@whisp/source', ...defaultClientConditions],
  },
  optimizeDeps: {
    // Icons are imported one file each (lucide-react/icons/<name>) and are plain ESM, so they are
    // served as they are. Pre-bundled, every newly used icon would make Vite re-optimise and
    // reload the test browser in the middle of a run.
    exclude: ['lucide-react'],
  },
  build: {
    rolldownOptions: {
      // Radix marks its modules "use client" for React Server Components; a client-only
      // Storybook bundle has no use for it, and dozens of such notices hide real warnings.
      onwarn(warning, defaultHandler) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        defaultHandler(warning);
      },
    },
  },
};

const config: StorybookConfig = {
  stories: ['../packages/ui/src/**/*.mdx', '../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: [
    '@storybook/addon-docs',
    '@storybook/addon-a11y',
    '@storybook/addon-vitest',
    'msw-storybook-addon',
  ],
  framework: { name: '@storybook/react-vite', options: {} },
  // Serves MSW's mockServiceWorker.js (written by `msw init .storybook/public`).
  staticDirs: ['./public'],
  typescript: {
    // Storybook's default docgen cannot follow cva's variant props; the TypeScript-based one can.
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      tsconfigPath: join(repositoryRoot, 'packages/ui/tsconfig.json'),
      // Only the library's components: stories and this folder have no props to document.
      include: [join(repositoryRoot, 'packages/ui/src/**/*.tsx')],
      exclude: ['**/*.stories.tsx', '**/node_modules/**'],
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      // Document our props, not the hundreds every <button> inherits from React's DOM types.
      propFilter: (prop) => !prop.parent?.fileName.includes('node_modules'),
    },
  },
  // The vitest addon reuses this, so the stories-as-tests run gets the same plugins and resolution.
  viteFinal: (viteConfig) => mergeConfig(viteConfig, storybookViteConfig),
};

export default config;
