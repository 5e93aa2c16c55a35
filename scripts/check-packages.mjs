// The published packages as an outside team gets them: packed the way `pnpm publish` packs,
// then checked by publint (exports, types, files) and imported from Node without a bundler.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const packages = ['packages/ui', 'packages/api-client'];
let failed = false;

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
    console.log(`✔ ${dir}: packs, passes publint and imports in Node`);
  } catch (error) {
    failed = true;
    console.error(`✘ ${dir}: ${error.message}`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
process.exit(failed ? 1 : 0);
