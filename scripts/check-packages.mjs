// The published packages as an outside team gets them: packed the way `pnpm publish` packs,
// then checked by publint (exports, types, files) and imported from Node without a bundler, and
// at the end installed into throw-away React 18 and 19 apps (scripts/check-consumers.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layerOrder, unlayeredRules } from './css-layers.mjs';
import { bareImports, packageName } from './import-graph.mjs';

const packages = ['packages/ui', 'packages/api-client'];
let failed = false;

// @whisp/ui's CSS stays in its cascade layers, so a host page's own rules always win: no rule of
// the built stylesheets may sit outside a layer, and the opt-in reset's layer comes first.
function checkCascadeLayers(dir) {
  // The walker itself must see an unlayered rule, or an empty result proves nothing.
  if (unlayeredRules('@layer whisp { .a { color: red } } .b { color: red }').length !== 1) {
    throw new Error('scripts/css-layers.mjs no longer finds an unlayered rule');
  }
  for (const file of ['dist/styles.css', 'dist/reset.css']) {
    const css = readFileSync(join(dir, file), 'utf8');
    const outside = unlayeredRules(css);
    if (outside.length) {
      throw new Error(`${file} has rules outside a cascade layer: ${outside.join(', ')}`);
    }
    const [first, second] = layerOrder(css);
    if (first !== 'whisp-reset' || second !== 'whisp') {
      throw new Error(`${file} must declare @layer whisp-reset, then whisp, before anything else`);
    }
  }
}

// Next.js App Router pages render @whisp/ui's components without a wrapper only if each built
// component module starts with "use client"; index.js, the format helpers and the theme must not,
// or a server component could no longer call formatCount or themeClass.
function checkClientDirectives(dir) {
  const startsWithDirective = (file) =>
    readFileSync(join(dir, file), 'utf8').startsWith('"use client";');
  const componentModules = readdirSync(join(dir, 'dist/components'), { recursive: true })
    .map((file) => join('dist/components', file))
    .filter((file) => file.endsWith('.js') && !file.endsWith('.css.js'));
  const clientModules = [
    ...componentModules,
    'dist/utilities/link.js',
    'dist/utilities/WhispUiProvider.js',
  ];
  const missing = clientModules.filter((file) => !startsWithDirective(file));
  if (componentModules.length === 0 || missing.length) {
    throw new Error(
      `built client modules without "use client": ${missing.join(', ') || 'none found'}`,
    );
  }
  const serverSafe = ['dist/index.js', 'dist/format/count.js', 'dist/theme/themeClass.js'];
  const marked = serverSafe.filter(startsWithDirective);
  if (marked.length) throw new Error(`"use client" on server-safe modules: ${marked.join(', ')}`);
}

// @whisp/api-client's root entry is for any team, React or not: what it runs must reach neither
// React nor TanStack Query (they are optional peers, for `/react`) nor zod (the schemas are types
// there; zod is for `/contract`). The `/react` entry must reach the first two, or the walk is blind.
function checkRootImports(dir) {
  const forbidden = new Set(['react', 'react-dom', '@tanstack/react-query', 'zod']);
  const reached = [...bareImports(join(dir, 'dist/index.js'), dir)].filter(([specifier]) =>
    forbidden.has(packageName(specifier)),
  );
  if (reached.length) {
    const where = reached.map(([specifier, file]) => `${specifier} (from ${file})`).join(', ');
    throw new Error(`dist/index.js reaches ${where}: move it behind a subpath`);
  }
  const react = [...bareImports(join(dir, 'dist/react/index.js'), dir).keys()].map(packageName);
  if (!react.includes('react') || !react.includes('@tanstack/react-query')) {
    throw new Error('scripts/import-graph.mjs no longer finds the imports of dist/react/index.js');
  }
}

// @whisp/ui needs nothing but React: from @whisp/api-client it may run only the zod-free contract
// modules (types are erased), never `/react` (TanStack Query), `/mocks` (msw) or zod's schemas.
const uiMayImport = new Set([
  '@whisp/api-client/limits',
  '@whisp/api-client/validation',
  ...[
    'choices',
    'composer',
    'connected-apps',
    'errors',
    'identities',
    'instance-hosts',
    'limits',
    'media-types',
    'member-address',
    'moderation-notices',
    'muted-words',
    'rules',
    'text',
    'validation',
  ].map((part) => `@whisp/api-client/contract/${part}`),
]);
function checkUiImportsOfClient(dir) {
  const imports = [...bareImports(join(dir, 'dist/index.js'), dir)];
  const client = imports.filter(([specifier]) => packageName(specifier) === '@whisp/api-client');
  const other = client.filter(([specifier]) => !uiMayImport.has(specifier));
  if (!imports.some(([specifier]) => specifier === 'react')) {
    throw new Error('scripts/import-graph.mjs no longer finds the imports of @whisp/ui');
  }
  if (other.length) {
    const where = other.map(([specifier, file]) => `${specifier} (from ${file})`).join(', ');
    throw new Error(`@whisp/ui runs more of @whisp/api-client than its zod-free parts: ${where}`);
  }
}

// The changelog `pnpm version-packages` writes links each change to its commit on the repository
// the packages name: config.json's formatter and the packages' `repository` must agree.
async function checkChangelogLinks() {
  const config = JSON.parse(readFileSync('.changeset/config.json', 'utf8'));
  const [module, options] = Array.isArray(config.changelog) ? config.changelog : [config.changelog];
  const { getReleaseLine, getDependencyReleaseLine } = createRequire(
    join(process.cwd(), '.changeset/config.json'),
  )(module);
  const commit = '0123456789abcdef0123456789abcdef01234567';
  for (const dir of packages) {
    const { repository } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const link = `${repository.url.replace(/^git\+/, '').replace(/\.git$/, '')}/commit/${commit}`;
    const line = await getReleaseLine({ summary: 'A change', commit }, 'minor', options);
    const dependencies = await getDependencyReleaseLine(
      [{ summary: 'A change', commit }],
      [{ name: '@whisp/api-client', newVersion: '1.2.3' }],
      options,
    );
    if (line !== `- [0123456](${link}): A change` || !dependencies.includes(`(${link})`)) {
      throw new Error(`changelog lines do not link ${link}:\n${line}\n${dependencies}`);
    }
  }
}

try {
  await checkChangelogLinks();
  console.log("✔ .changeset: changelog lines link their commits on the packages' repository");
} catch (error) {
  failed = true;
  console.error(`✘ .changeset/config.json: ${error.message}`);
}

for (const dir of packages) {
  const out = mkdtempSync(join(tmpdir(), 'whisp-pack-'));
  try {
    execFileSync('pnpm', ['pack', '--pack-destination', out], { cwd: dir, stdio: 'pipe' });
    execFileSync('pnpm', ['exec', 'publint', 'run', '--strict', '--pack', 'pnpm', dir], {
      stdio: 'inherit',
    });
    // Server rendering imports the built entry in plain Node: no CSS or TypeScript may leak into it.
    execFileSync('node', ['--input-type=module', '-e', "await import('./dist/index.js')"], {
      cwd: dir,
      stdio: 'inherit',
    });
    if (dir === 'packages/ui') {
      checkCascadeLayers(dir);
      checkClientDirectives(dir);
      checkUiImportsOfClient(dir);
    }
    if (dir === 'packages/api-client') checkRootImports(dir);
    console.log(`✔ ${dir}: packs, passes publint and imports in Node`);
  } catch (error) {
    failed = true;
    console.error(`✘ ${dir}: ${error.message}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// Then as other teams get them: installed from their tarballs into a React 18 and a React 19 app.
try {
  execFileSync('node', ['scripts/check-consumers.mjs'], { stdio: 'inherit' });
} catch {
  failed = true;
}
process.exit(failed ? 1 : 0);
