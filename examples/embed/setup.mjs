// Packs the workspace's @whisp/ui and @whisp/api-client (built with `pnpm build` at the
// repository's root) into .packs/, where package.json's `file:` dependencies point, so this app
// installs them exactly as a team outside the repository installs the published packages.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const packs = join(here, '.packs');
rmSync(packs, { recursive: true, force: true });
mkdirSync(packs);

for (const dir of ['ui', 'api-client']) {
  const source = join(here, '../../packages', dir);
  if (!existsSync(join(source, 'dist/index.js'))) {
    console.error(
      `packages/${dir} is not built: run \`pnpm build\` at the repository's root first`,
    );
    process.exit(1);
  }
  execFileSync('pnpm', ['pack', '--pack-destination', packs], { cwd: source });
  // `whisp-ui-0.1.0.tgz` → `whisp-ui.tgz`: the name package.json points at, whatever the version.
  const tarball = readdirSync(packs).find((file) => new RegExp(`^whisp-${dir}-\\d`).test(file));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball for packages/${dir}`);
  renameSync(join(packs, tarball), join(packs, `whisp-${dir}.tgz`));
  console.log(`packages/${dir} → .packs/whisp-${dir}.tgz`);
}
