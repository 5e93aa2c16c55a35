// Builds bench/lib/cards-page.mjs once per @whisp/ui being compared (this checkout's, or an older
// worktree's), as a production bundle against its built dist/: what a consumer's users get. React
// comes from this checkout for every variant (deduped), with react-dom's profiling build so the
// <Profiler> reports in production.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const PAGE = new URL('./cards-page.mjs', import.meta.url).pathname;

/**
 * @param {{ name: string, uiDir: string, outRoot: string, fixtures: object, repoRoot: string }} variant
 * @returns {Promise<string>} the directory holding index.html and its assets
 */
export async function buildCardsPage({ name, uiDir, outRoot, fixtures, repoRoot }) {
  const dist = join(uiDir, 'dist');
  if (!existsSync(join(dist, 'index.js')))
    throw new Error(
      `${dist}/index.js is missing: run "pnpm --filter @whisp/ui build" there first.`,
    );
  // Under the repository, so `react` resolves to this checkout's node_modules for every variant.
  const root = join(outRoot, name);
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'posts.json'), JSON.stringify(fixtures));
  writeFileSync(
    join(root, 'index.html'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cards ${name}</title></head>` +
      `<body><div id="root"></div><script type="module" src="${PAGE}"></script></body></html>`,
  );
  const react = (path) => join(repoRoot, 'node_modules', path);
  await build({
    root,
    configFile: false,
    // Radix's "use client" directives warn once per module when bundled; they mean nothing here.
    logLevel: 'error',
    mode: 'production',
    cacheDir: join(root, '.vite'),
    resolve: {
      alias: [
        { find: '@bench/posts', replacement: join(root, 'posts.json') },
        { find: '@bench/ui-styles', replacement: join(dist, 'styles.css') },
        { find: '@bench/ui', replacement: join(dist, 'index.js') },
        { find: /^react-dom\/client$/, replacement: react('react-dom/profiling.js') },
        { find: /^react-dom$/, replacement: react('react-dom/index.js') },
        { find: /^react\/jsx-runtime$/, replacement: react('react/jsx-runtime.js') },
        { find: /^react$/, replacement: react('react/index.js') },
      ],
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    server: { fs: { strict: false } },
    build: {
      outDir: join(root, 'out'),
      emptyOutDir: true,
      // Names kept so the fiber census can tell Radix's parts from ours; the runtime is unchanged.
      minify: false,
      modulePreload: false,
    },
  });
  return join(root, 'out');
}
