// pnpm bench:web [--runs N] [--reports]: Lighthouse (mobile and desktop presets) on /auth and on
// the feed of the demo network, served by the built server on a fresh embedded database. Prints
// the median of N runs (default 3) with its spread, and writes every run to
// bench/results/web-<time>.json; --reports also keeps each full Lighthouse report (JSON, open it in
// the Lighthouse viewer) under bench/results/web-<time>/ to see what cost the points.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findChromium } from '../scripts/chromium.mjs';
import { requireBuild, signIn, startBuiltServer } from './lib/built-server.mjs';
import { audit, openBrowser, PRESETS } from './lib/lighthouse.mjs';
import { describeMachine } from './lib/machine-info.mjs';
import { summarise } from './lib/summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, reports: { type: 'boolean', default: false } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);

requireBuild(root);
// Read from the build, so the key is the one the app really uses.
const { DEFAULT_TOKEN_STORAGE_KEY } = await import(
  join(root, 'packages/api-client/dist/http/tokenStore.js')
);
const { DEMO_SIGN_IN } = await import(join(root, 'apps/server/dist/demo/sign-in.js'));

const chromePath = findChromium();
const chromium = execFileSync(chromePath, ['--version'], { encoding: 'utf8' }).trim();
const lighthouseVersion = JSON.parse(
  readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;

console.log('Starting the built server with the demo network...');
const server = await startBuiltServer({ demo: true });
const browser = await openBrowser(chromePath);
const pages = [
  { page: '/auth', url: `${server.base}/auth`, token: null },
  { page: 'feed', url: `${server.base}/`, token: await signIn(server.base, DEMO_SIGN_IN) },
];

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const reportsDir = join(root, `bench/results/web-${stamp}`);
if (values.reports) mkdirSync(reportsDir, { recursive: true });
const rows = [];
try {
  for (let run = 1; run <= runs; run++) {
    for (const { page, url, token } of pages) {
      await browser.setLocalStorage(server.base, DEFAULT_TOKEN_STORAGE_KEY, token);
      for (const preset of Object.keys(PRESETS)) {
        console.log(`run ${run}/${runs}: ${page} (${preset})`);
        const { summary, report } = await audit(url, { port: browser.port, preset });
        rows.push({ run, page, preset, ...summary });
        const name = `${page.replace(/\W/g, '') || 'root'}-${preset}-${run}.json`;
        if (values.reports) writeFileSync(join(reportsDir, name), report);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

const summary = summarise(rows);
console.table(summary.table);
for (const finding of summary.findings) {
  console.log(`- ${finding.pages}: ${finding.category} "${finding.title}" (${finding.audit})`);
  for (const element of finding.elements) console.log(`    ${element}`);
}

const out = join(root, `bench/results/web-${stamp}.json`);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: describeMachine(),
      chromium,
      lighthouse: lighthouseVersion,
      runs,
      medians: summary.medians,
      results: rows,
    },
    null,
    1,
  )}\n`,
);
console.log(`written ${out}`);
