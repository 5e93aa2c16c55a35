// pnpm bench:web [--runs N] [--reports] [--only feed,/auth] [--presets phone-low,desktop]
// [--interactions like,compose|none] [--throttling simulate|devtools]: Lighthouse on /auth and on the feed of the demo network,
// served by the built server on a fresh embedded database, as seen on a mid-tier phone, a low-tier
// phone and a desktop. The phones' CPU slowdown is calibrated to this host (lib/calibration.mjs),
// so machines of different speed give the same verdict; the multipliers are printed and recorded.
// Then INP of liking a whisp and of opening the composer on the low-tier phone (lib/interactions.mjs).
// Prints the median of N runs (default 3) with its spread, and writes every run to
// bench/results/web-<time>.json; --reports also keeps each full Lighthouse report (JSON, open it in
// the Lighthouse viewer) under bench/results/web-<time>/ to see what cost the points.
// --only, --presets and --interactions narrow a run to what is being worked on (say, the feed on
// the low-tier phone and no interactions): quicker to iterate, but not the full verdict.
// --app-dir serves another build of the web app (say, one built with `vite build --outDir`);
// several, as `--app-dir before=/tmp/before/apps/whisp/dist,after=apps/whisp/dist`, are audited in
// turn in each run on the same calibration, so a before/after comparison shares the machine's load.
// --throttling devtools slows the phones' CPU and link for real instead of Lighthouse's default
// simulation (lib/lighthouse.mjs, presets, says how the two differ); the JSON records which.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findChromium } from '../scripts/chromium.mjs';
import { requireBuild, signIn, startBuiltServer } from './lib/built-server.mjs';
import { measureBenchmarkIndex, PHONE_CLASSES, phoneMultipliers } from './lib/calibration.mjs';
import { INTERACTIONS, measureInteraction } from './lib/interactions.mjs';
import { audit, openBrowser, presets } from './lib/lighthouse.mjs';
import { describeMachine } from './lib/machine-info.mjs';
import { median, summarise } from './lib/summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    reports: { type: 'boolean', default: false },
    only: { type: 'string' },
    presets: { type: 'string' },
    interactions: { type: 'string' },
    'app-dir': { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1`);
if (!['simulate', 'devtools'].includes(values.throttling)) {
  throw new Error('--throttling must be simulate or devtools');
}
const PAGE_NAMES = ['/auth', 'feed'];
const PRESET_NAMES = [...Object.keys(PHONE_CLASSES), 'desktop'];
const chosenPages = chosen('only', values.only, PAGE_NAMES);
const chosenPresets = chosen('presets', values.presets, PRESET_NAMES);
const chosenInteractions =
  values.interactions === 'none'
    ? []
    : chosen('interactions', values.interactions, Object.keys(INTERACTIONS));

/** The comma-separated names of an option, each checked against `known`; all when absent. */
function chosen(option, value, known) {
  if (value === undefined) return known;
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new Error(`--${option}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  return names;
}

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

const apps = (values['app-dir'] ?? '').split(',').map((entry, index, all) => {
  if (entry === '') return { label: null, dir: undefined };
  const [label, dir] = entry.includes('=') ? entry.split('=') : [String(index + 1), entry];
  // Absolute: the server runs in its own directory, where a relative one would name nothing.
  return { label: all.length > 1 ? label : null, dir: resolve(dir) };
});
console.log('Starting the built server with the demo network...');
const servers = await Promise.all(
  apps.map((app) => startBuiltServer({ demo: true, staticDir: app.dir })),
);
const browser = await openBrowser(chromePath);
const calibration = await measureBenchmarkIndex(browser.browser);
const multipliers = phoneMultipliers(calibration.benchmarkIndex);
const configs = Object.fromEntries(
  Object.entries(presets(multipliers, values.throttling)).filter(([name]) =>
    chosenPresets.includes(name),
  ),
);
console.log(
  `benchmarkIndex ${calibration.benchmarkIndex} (samples ${calibration.samples.join(', ')}): ` +
    Object.entries(multipliers)
      .map(([name, multiplier]) => `${PHONE_CLASSES[name].label} = CPU ×${multiplier}`)
      .join(', ') +
    `, throttling ${values.throttling}`,
);
const targets = [];
for (const [index, app] of apps.entries()) {
  const server = servers[index];
  const named = (page) => (app.label ? `${page} (${app.label})` : page);
  const feedToken = await signIn(server.base, DEMO_SIGN_IN);
  targets.push({
    app,
    server,
    feedToken,
    feedUrl: `${server.base}/`,
    pages: [
      { page: named('/auth'), url: `${server.base}/auth`, token: null, name: '/auth' },
      { page: named('feed'), url: `${server.base}/`, token: feedToken, name: 'feed' },
    ].filter(({ name }) => chosenPages.includes(name)),
  });
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const reportsDir = join(root, `bench/results/web-${stamp}`);
if (values.reports) mkdirSync(reportsDir, { recursive: true });
const rows = [];
const interactions = [];
try {
  for (let run = 1; run <= runs; run++) {
    for (const { app, server, feedToken, feedUrl, pages } of targets) {
      for (const { page, url, token } of pages) {
        await browser.setLocalStorage(server.base, DEFAULT_TOKEN_STORAGE_KEY, token);
        for (const [preset, config] of Object.entries(configs)) {
          console.log(`run ${run}/${runs}: ${page} (${preset})`);
          const { summary, report } = await audit(url, { port: browser.port, config });
          rows.push({ run, page, preset, ...summary });
          const name = `${page.replace(/\W/g, '') || 'root'}-${preset}-${run}.json`;
          if (values.reports) writeFileSync(join(reportsDir, name), report);
        }
      }
      if (chosenInteractions.length === 0) continue;
      await browser.setLocalStorage(server.base, DEFAULT_TOKEN_STORAGE_KEY, feedToken);
      for (const name of chosenInteractions) {
        console.log(`run ${run}/${runs}: INP of ${INTERACTIONS[name].title} (phone-low)`);
        const cpuSlowdownMultiplier = multipliers['phone-low'];
        interactions.push({
          run,
          app: app.label,
          preset: 'phone-low',
          ...(await measureInteraction(browser.browser, {
            url: feedUrl,
            name,
            cpuSlowdownMultiplier,
          })),
        });
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}

const summary = summarise(rows);
console.table(summary.table);
console.table(medianInteractions(interactions));
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
      apps: apps.map(({ label, dir }) => ({ label, dir: dir ?? 'apps/whisp/dist' })),
      selection: { pages: chosenPages, presets: chosenPresets, interactions: chosenInteractions },
      throttling: values.throttling,
      calibration: { ...calibration, multipliers },
      medians: summary.medians,
      interaction_medians: medianInteractions(interactions),
      results: rows,
      interactions,
    },
    null,
    1,
  )}\n`,
);
console.log(`written ${out}`);

/** Median INP and TBT per interaction (and build, when several are compared), with the range. */
function medianInteractions(measured) {
  return apps.flatMap(({ label }) =>
    chosenInteractions.map((name) => {
      const runsOf = measured.filter((row) => row.interaction === name && row.app === label);
      const inp = runsOf.map((row) => row.inp_ms);
      return {
        interaction: label ? `${name} (${label})` : name,
        preset: 'phone-low',
        inp_ms: median(inp),
        inp_range: `${Math.min(...inp)}–${Math.max(...inp)}`,
        tbt_ms: median(runsOf.map((row) => row.tbt_ms)),
      };
    }),
  );
}
