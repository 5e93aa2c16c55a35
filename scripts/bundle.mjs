// `pnpm bundle [dir]`: a folder holding only what a production server runs (the built server, the
// built web app, production dependencies), started with `node server.js` and no workspace around
// it. The Dockerfile runs this, and scripts/check-bundle.mjs proves the result.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log(
    'Usage: pnpm bundle [dir] [--skip-build]\n\n' +
      'Builds everything (unless --skip-build) and writes the server, the web app and production\n' +
      'dependencies to dir (default: ./bundle). Run it there with `node server.js`.',
  );
  process.exit(0);
}
const skipBuild = args.includes('--skip-build');
/** The oldest Node the bundle runs on: the server's `engines` (">=24.11"), read from it. */
const NODE_MAJOR = Number(
  JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')).engines.node.match(
    /\d+/,
  )[0],
);
const target = path.resolve(
  process.env.INIT_CWD ?? process.cwd(),
  args.find((arg) => !arg.startsWith('--')) ?? 'bundle',
);

const run = (command, commandArgs) =>
  execFileSync(command, commandArgs, { cwd: root, stdio: 'inherit' });

if (!skipBuild) run('pnpm', ['build']);
for (const file of ['apps/server/dist/server.js', 'apps/whisp/dist/index.html']) {
  if (!existsSync(path.join(root, file))) {
    console.error(`${file} is missing: run \`pnpm build\` first (or leave out --skip-build).`);
    process.exit(1);
  }
}

rmSync(target, { recursive: true, force: true });
// The server package with its production dependencies, workspace packages copied in as built
// (their package.json "files"), not linked: the folder works wherever it is moved.
run('pnpm', ['--filter', '@whisp/server', 'deploy', '--prod', target]);
// Where the server looks for the web app when it runs from a bundle (see src/config.ts).
cpSync(path.join(root, 'apps/whisp/dist'), path.join(target, 'web'), { recursive: true });
writeFileSync(
  path.join(target, 'server.js'),
  [
    "// Whisp's server: `node server.js` (settings: environment variables, see README.md).",
    '// Checked before the server is loaded, so an older Node says what it lacks rather than failing',
    '// somewhere inside: the bundle carries no Node of its own.',
    `if (Number(process.versions.node.split('.')[0]) < ${NODE_MAJOR}) {`,
    `  console.error(\`Whisp needs Node.js ${NODE_MAJOR} or newer; this is \${process.version}.\`);`,
    '  process.exit(1);',
    '}',
    "await import('./dist/server.js');",
    '',
  ].join('\n'),
);
for (const leftover of ['pnpm-lock.yaml', 'pnpm-workspace.yaml']) {
  rmSync(path.join(target, leftover), { force: true });
}
console.log(`Whisp bundled in ${target}: run it with \`node server.js\` there.`);
