// `pnpm test`: every check of the repository, in the order a failure is cheapest to find,
// ending with one plain summary line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitestReport = join(root, 'test-results/vitest.json');
const e2eReport = join(root, 'apps/whisp/test-results/e2e-results.json');

const chromePath = findChromium();
const env = { ...process.env, CHROME_PATH: chromePath };
const failedSteps = [];

function step(name, command, args, options = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

for (const report of [vitestReport, e2eReport]) rmSync(report, { force: true });

step('lint and format (biome)', 'pnpm', ['exec', 'biome', 'check', '.']);
step('typecheck', 'pnpm', ['typecheck']);
const built = step('build', 'pnpm', ['build']);
step('unit, server and story tests (vitest)', 'pnpm', [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (built) {
  step('published packages (pnpm pack + publint)', 'node', ['scripts/check-packages.mjs']);
  step('web app weight budget', 'node', ['scripts/check-bundle-size.mjs']);
  step('end-to-end tests (Playwright, built app on the real server)', 'pnpm', [
    '--filter',
    '@whisp/app',
    'exec',
    'playwright',
    'test',
  ]);
} else {
  failedSteps.push('package checks and end-to-end tests (skipped: the build failed)');
}

const counts = { passed: 0, failed: 0, skipped: 0 };
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests;
  counts.skipped += report.numPendingTests + report.numTodoTests;
}
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  counts.passed += stats.expected + stats.flaky;
  counts.failed += stats.unexpected;
  counts.skipped += stats.skipped;
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
mkdirSync(join(root, 'test-results'), { recursive: true });
writeFileSync(
  join(root, 'test-results/summary.json'),
  `${JSON.stringify({ ...counts, failedSteps })}\n`,
);
process.exit(failedSteps.length || counts.failed ? 1 : 0);
