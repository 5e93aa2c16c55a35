import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { layerKeyframes } from './build/layerKeyframes';
import packageJson from './package.json' with { type: 'json' };

// Everything the package depends on stays an import for the consumer's bundler to resolve and
// dedupe (one React, one Radix); only our own modules are built.
const externalPackages = [
  ...Object.keys(packageJson.dependencies),
  ...Object.keys(packageJson.peerDependencies),
];
const externalScopes = ['@radix-ui/', '@vanilla-extract/'];

function isExternal(id: string): boolean {
  return (
    externalPackages.some((name) => id === name || id.startsWith(`${name}/`)) ||
    externalScopes.some((scope) => id.startsWith(scope))
  );
}

// React Server Components (Next.js App Router) need "use client" at the top of every module that
// defines a component with state, effects or context. A directive written in a source file is
// dropped when modules are bundled, so it is added to the built files here: to every .tsx module
// (the components, the link and WhispUiProvider contexts), not to index.js, the format helpers or
// the theme, which a server component can import and call as they are. A component's own helpers
// and data beside it (components/**/*.ts, .json; not the compiled .css.ts) are marked too: only
// client modules import them, and the package check expects every component module marked.
const clientModule = /\/src\/(.+\.tsx|components\/.+(?<!\.css)\.ts|components\/.+\.json)$/;

// The published build: ESM modules mirroring src/ (so bundlers tree-shake per component), the
// `.css.ts` files compiled to class-name exports, and all CSS in one dist/styles.css that the
// consumer imports once, without needing vanilla-extract's plugin.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), layerKeyframes('whisp')],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    // One stylesheet for the whole library rather than one per module.
    cssCodeSplit: false,
    lib: {
      entry: 'src/index.ts',
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: isExternal,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        banner: (chunk) =>
          chunk.facadeModuleId && clientModule.test(chunk.facadeModuleId) ? '"use client";' : '',
      },
    },
  },
});
