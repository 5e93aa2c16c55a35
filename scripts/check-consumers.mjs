// The published packages in other teams' apps: packs @whisp/ui and @whisp/api-client (after
// `pnpm build`), installs the tarballs with npm from the registry (`--strict-peer-deps`, so a peer
// range that does not fit fails the install) into throw-away apps, and runs each:
//   react18: React 18.3 without @tanstack/react-query or msw renders a WhispCard on the server;
//   react19: React 19 with @tanstack/react-query renders a feed through @whisp/api-client/react;
//   embed: examples/embed is type-checked, built with Vite and opened in headless Chromium
//   (scripts/consumers/embed.mjs).
// Run: `node scripts/check-consumers.mjs` (scripts/check-packages.mjs runs it in `pnpm test`).
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { checkEmbed } from './consumers/embed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const work = mkdtempSync(join(tmpdir(), 'whisp-consumers-'));
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Runs a command; resolves with its output, rejects with it (and the command) when it fails. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trim();
      if (code === 0) resolve(text);
      else reject(new Error(`\`${command} ${args.join(' ')}\` failed in ${cwd}:\n${text}`));
    });
  });
}

const npmInstall = [
  'install',
  '--strict-peer-deps',
  '--prefer-offline',
  '--no-audit',
  '--no-fund',
  '--ignore-scripts',
  '--loglevel=error',
];

async function pack(dir) {
  if (!existsSync(join(root, dir, 'dist/index.js'))) {
    throw new Error(`${dir} is not built: run \`pnpm build\` (or its package's build) first`);
  }
  const destination = join(work, 'packs', dir.replace('/', '-'));
  mkdirSync(destination, { recursive: true });
  await run('pnpm', ['pack', '--pack-destination', destination], join(root, dir));
  const [tarball] = readdirSync(destination).filter((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
  return join(destination, tarball);
}

/** Creates the app, installs it and runs its check; resolves with the check's own report. */
async function consumer(name, { dependencies, script, post, tarballs }) {
  const app = join(work, name);
  mkdirSync(app);
  const manifest = {
    name: `whisp-consumer-${name}`,
    private: true,
    type: 'module',
    dependencies: {
      '@whisp/api-client': `file:${tarballs.client}`,
      '@whisp/ui': `file:${tarballs.ui}`,
      ...dependencies,
    },
  };
  await writeFile(join(app, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(app, 'post.json'), JSON.stringify(post));
  copyFileSync(join(root, 'scripts/consumers', script), join(app, 'check.mjs'));
  const installing = Date.now();
  await run('npm', npmInstall, app);
  const installed = seconds(installing);
  const report = await run('node', ['check.mjs'], app);
  return `${name}: ${report} (npm install ${installed})`;
}

let failed = false;
try {
  const [ui, client] = await Promise.all([pack('packages/ui'), pack('packages/api-client')]);
  const tarballs = { ui, client };
  console.log(`packed both packages (${seconds(started)})`);

  // A complete post as the contract shapes it; plain words, so the HTML holds them verbatim.
  const { buildPost } = await import(
    pathToFileURL(join(root, 'packages/api-client/dist/mocks/index.js')).href
  );
  const post = buildPost({
    author: {
      id: 'user-ada',
      username: 'ada',
      acct: 'ada',
      url: 'https://whisp.example/user/ada',
      display_name: 'Ada Lovelace',
      avatar: null,
      is_verified: false,
    },
    content: 'Rendered by another team from the packed packages',
  });

  const results = await Promise.allSettled([
    consumer('react18', {
      dependencies: { react: '~18.3.1', 'react-dom': '~18.3.1' },
      script: 'react18-components-only.mjs',
      post,
      tarballs,
    }),
    consumer('react19', {
      dependencies: {
        react: '^19.0.0',
        'react-dom': '^19.0.0',
        '@tanstack/react-query': '^5.108.0',
      },
      script: 'react19-query-layer.mjs',
      post,
      tarballs,
    }),
    checkEmbed({ root, work, tarballs, run, npmInstall, seconds }),
  ]);
  for (const result of results) {
    if (result.status === 'fulfilled') console.log(`✔ ${result.value}`);
    else {
      failed = true;
      console.error(`✘ ${result.reason.message}`);
    }
  }
} catch (error) {
  failed = true;
  console.error(`✘ ${error.message}`);
}

if (failed) {
  console.error(`The apps are kept in ${work} to look into.`);
} else {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${failed ? '✘' : '✔'} consumer apps (${seconds(started)})`);
process.exit(failed ? 1 : 0);
