import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type Plugin } from 'vite';

// dist/reset.css, the opt-in page-wide base (`@whisp/ui/reset.css`), built apart from styles.css
// so that importing the components never restyles the host page. Only the CSS is kept: the
// module that produces it has no JavaScript a consumer needs.
function cssOnly(): Plugin {
  return {
    name: 'whisp-css-only',
    // After writing: a chunk taken out of the bundle earlier takes its CSS with it.
    writeBundle(options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') rmSync(join(options.dir ?? 'dist', output.fileName));
      }
    },
  };
}

export default defineConfig({
  plugins: [vanillaExtractPlugin(), cssOnly()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    cssCodeSplit: false,
    lib: {
      entry: 'src/theme/reset.css.ts',
      formats: ['es'],
      fileName: () => 'reset-entry.js',
      cssFileName: 'reset',
    },
    rolldownOptions: { external: (id) => id.startsWith('@vanilla-extract/') },
  },
});
