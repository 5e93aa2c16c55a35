// `pnpm test`: every check of the repository, in the order a failure is cheapest to find,
// ending with one plain summary line: "tests: N passed, N failed, N skipped".
//
// The steps run one after another, but for lint, type checks and build, which run side by side
// (see there). The build alongside the vitest step was tried (vitest tests the source, not the
// build, and leaves part of the two cores idle): in the one CI run with it, on a loaded machine,
// the heaviest server file (query-plans, 20,000 whisps in the embedded database) ran past its time
// limit while the build took the CPU, so the saving is not worth the risk.
import { spawn } from 'node:child_process';
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

function finish(name, started, code) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = code === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

/** Runs a step with its output on this terminal; resolves with whether it passed. */
async function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const code = await new Promise((resolve) => child.on('close', (status) => resolve(status)));
  return finish(name, started, code);
}

/**
 * Runs a step beside others: its output is held and printed whole when it ends, so the steps'
 * lines do not interleave. Resolves with whether it passed.
 */
async function quietStep(name, command, args) {
  const started = Date.now();
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const code = await new Promise((resolve) => child.on('close', (status) => resolve(status)));
  console.log(`\n▶ ${name}`);
  process.stdout.write(Buffer.concat(output));
  return finish(name, started, code);
}

for (const report of [vitestReport, e2eReport]) rmSync(report, { force: true });

// Lint, type checks and the build side by side: each is a few single-threaded processes (biome,
// one tsc per package, the packages' builds in dependency order) that leave a core idle in
// turns. They read the source only (type checks resolve the packages to their source through
// the @whisp/source condition), so none sees another's output half written.
const [, , built] = await Promise.all([
  quietStep('lint and format (biome)', 'pnpm', ['exec', 'biome', 'check', '.']),
  quietStep('typecheck', 'pnpm', ['typecheck']),
  quietStep('build', 'pnpm', ['build']),
]);
await step('unit, server and story tests (vitest)', 'pnpm', [
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (built) {
  await step(
    'published packages (pnpm pack, publint, React 18/19 and examples/embed apps)',
    'node',
    ['scripts/check-packages.mjs'],
  );
  await step('web app weight budget', 'node', ['scripts/check-bundle-size.mjs']);
  await step('production bundle (pnpm bundle, started outside the workspace)', 'node', [
    'scripts/check-bundle.mjs',
    '--skip-build',
  ]);
  await step('end-to-end tests (Playwright, built app on the real server)', 'pnpm', [
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
