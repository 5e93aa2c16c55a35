import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
// The design system's raw values (plain modules, no vanilla-extract), so the boot screen has the
// themes' own colours and type before the stylesheets load.
import { darkPalette, lightPalette } from '../../../packages/ui/src/theme/palettes';
import { fontFamily, fontSize, space } from '../../../packages/ui/src/theme/tokens';
import { AUTH_SCREEN_MODULE, SCREEN_MODULES } from '../src/app/screens';
import type { ScreenAssets } from '../src/boot/boot';
import { CONNECTING_LABEL } from '../src/boot/labels';

/**
 * Puts these in the built index.html so a phone on a slow network is not left with a blank page
 * while the app's code downloads:
 * - the boot screen: the start-up screen ("Connecting to Whisp...") as plain HTML and CSS, shown
 *   from the first paint until the app renders over it;
 * - the boot script (src/boot/boot.ts), inline: it starts the first screen's requests and the
 *   download of its code alongside the app's entry instead of after it;
 * - the app's stylesheets after the boot screen, so they do not hold its first paint;
 * - a preload of the app's code, which the entry imports only once React is evaluated
 *   (src/main.tsx), so that it downloads alongside the entry.
 * The server allows the inline script by its hash in the Content-Security-Policy.
 */
export function boot(): Plugin {
  let root = process.cwd();
  return {
    name: 'whisp:boot',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        if (!context.bundle) return html;
        const graph = chunkGraph(context.bundle);
        // The code the entry imports once React is evaluated (src/main.tsx), fetched from the start
        // alongside the entry rather than after it.
        const started = startedChunks(graph);
        const script = await buildBootScript(root, screenAssets(root, graph, started));
        const preloads = started.map(
          (chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`,
        );
        // Right after the title: its requests start before anything else in the page is parsed.
        const head = `<script>${script}</script>\n    <style>${BOOT_SCREEN_CSS}</style>\n`;
        if (!html.includes('</title>') || !html.includes(EMPTY_ROOT) || !html.includes('</head>')) {
          throw new Error(
            'index.html needs a <title>, a </head> and an empty <div id="root"></div>.',
          );
        }
        // The app's stylesheets go after the boot screen, which paints without them (it has its
        // own styles above). The app's code still runs only once they have loaded: a deferred
        // script waits for every stylesheet the parser has met.
        const stylesheets = [
          ...(html.match(STYLESHEET_LINK) ?? []),
          ...started
            .flatMap(importedCss)
            .map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
        ];
        return (
          html
            .replace(STYLESHEET_LINK, '')
            .replace('</title>', `</title>\n    ${head}`)
            // After the entry's own script tag, which Vite puts at the end of the head.
            .replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`)
            .replace(
              EMPTY_ROOT,
              `<div id="root">${BOOT_SCREEN_HTML}</div>\n    ${stylesheets.map((link) => link.trim()).join('\n    ')}`,
            )
        );
      },
    },
  };
}

const EMPTY_ROOT = '<div id="root"></div>';
const STYLESHEET_LINK = /\s*<link rel="stylesheet"[^>]*>/g;

// The same markup and roles as the app's <LoadingScreen>, which replaces it.
const BOOT_SCREEN_HTML = `<div class="boot" role="status" aria-live="polite"><span class="boot-spinner" aria-hidden="true"></span><p>${CONNECTING_LABEL}</p></div>`;

// light-dark() follows the page's color-scheme: the system's, or the stored theme's once the boot
// script has applied it.
const colour = (key: 'background' | 'text' | 'textMuted' | 'accent') =>
  `light-dark(${lightPalette[key]},${darkPalette[key]})`;
const BOOT_SCREEN_CSS = [
  `.boot{min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:${space[4]};padding:${space[6]};box-sizing:border-box;text-align:center;background:${colour('background')};color:${colour('text')};font-family:${fontFamily.body}}`,
  `.boot p{margin:0;color:${colour('textMuted')};font-size:${fontSize.md}}`,
  `.boot-spinner{width:40px;height:40px;box-sizing:border-box;border:3px solid ${colour('accent')};border-right-color:transparent;border-radius:50%;animation:boot-spin .7s linear infinite}`,
  '@keyframes boot-spin{to{transform:rotate(1turn)}}',
  '@media (prefers-reduced-motion:reduce){.boot-spinner{animation:none}}',
  'body{margin:0}',
].join('');

type ChunkGraph = ReturnType<typeof chunkGraph>;

function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = Object.values(bundle).filter(
    (file): file is Rolldown.OutputChunk => file.type === 'chunk',
  );
  const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** A chunk and every chunk it imports statically, recursively. */
  const closure = (chunk: Rolldown.OutputChunk, seen = new Set<Rolldown.OutputChunk>()) => {
    if (seen.has(chunk)) return seen;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const imported = byFileName.get(name);
      if (imported) closure(imported, seen);
    }
    return seen;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The build has no entry chunk.');
  return { chunks, byFileName, closure, entry };
}

/** What the entry imports dynamically as it starts (src/main.tsx), beyond its own chunks. */
function startedChunks({ byFileName, closure, entry }: ChunkGraph) {
  const loadedByEntry = closure(entry);
  const started = new Set<Rolldown.OutputChunk>();
  for (const name of [...loadedByEntry].flatMap((chunk) => chunk.dynamicImports)) {
    const chunk = byFileName.get(name);
    if (chunk) closure(chunk, started);
  }
  return [...started].filter((chunk) => !loadedByEntry.has(chunk));
}

/**
 * For each screen the router can open at a fixed path, the files it needs beyond what the app
 * starts with: its chunk, the chunks that chunk imports, and their stylesheets.
 */
function screenAssets(
  root: string,
  { chunks, closure, entry }: ChunkGraph,
  started: Rolldown.OutputChunk[],
): ScreenAssets {
  const loadedByEntry = new Set([...closure(entry), ...started]);
  const loadedByEntryCss = new Set([...loadedByEntry].flatMap(importedCss));

  const assetsOf = (file: string) => {
    const modulePath = path.join(root, 'src', file);
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === modulePath);
    if (!chunk) throw new Error(`No chunk was built for src/${file}.`);
    const needed = [...closure(chunk)].filter((c) => !loadedByEntry.has(c));
    const styles = [...new Set(needed.flatMap(importedCss))].filter(
      (css) => !loadedByEntryCss.has(css),
    );
    return [...needed.map((c) => c.fileName), ...styles].map((name) => `/${name}`);
  };

  const files: string[] = [];
  const indexesOf = (file: string) =>
    assetsOf(file).map((name) => {
      if (!files.includes(name)) files.push(name);
      return files.indexOf(name);
    });
  const screens: Record<string, number[]> = {};
  for (const [pathname, file] of Object.entries(SCREEN_MODULES)) {
    // Paths with parameters (/user/:username) are not looked up by the boot script.
    if (!pathname.includes(':')) screens[pathname] = indexesOf(file);
  }
  return { files, screens, auth: indexesOf(AUTH_SCREEN_MODULE) };
}

function importedCss(chunk: Rolldown.OutputChunk): string[] {
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}

/** src/boot/boot.ts and what it imports, as one minified classic script. */
async function buildBootScript(root: string, assets: ScreenAssets): Promise<string> {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    // The workspace packages' TypeScript sources, as the app itself resolves them.
    resolve: { conditions: ['@whisp/source'] },
    define: { __WHISP_SCREEN_ASSETS__: JSON.stringify(assets) },
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      copyPublicDir: false,
      rolldownOptions: {
        onLog(level, log, handler) {
          // The client's index also exports its React hooks, so TanStack Query's modules are
          // read (then dropped): their "use client" marks a boundary for React Server
          // Components, which a browser script has none of. (The code is only in the message.)
          if (/MODULE_LEVEL_DIRECTIVE\b.*"use client"/.test(log.message)) return;
          handler(level, log);
        },
      },
      lib: {
        entry: path.join(root, 'src/boot/boot.ts'),
        formats: ['iife'],
        name: 'whispBoot',
      },
    },
  });
  const outputs = Array.isArray(output) ? output : [output];
  const chunk = outputs
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The boot script did not build.');
  // Inside <script>, "</script" would end the element early.
  return chunk.code.trim().replaceAll('</script', '<\\/script');
}
