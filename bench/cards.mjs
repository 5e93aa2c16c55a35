// pnpm bench:cards [--ui name=path]... [--runs N] [--cards 20,100] [--slowdown X]: what one
// WhispCard costs to draw, in headless Chromium, per card: the mount's React Profiler
// actualDuration and its synchronous commit (median of N runs), the layout after it and any
// layout forced during it, DOM elements, event listeners added (addEventListener calls by event,
// and CDP's JSEventListeners), React components, Radix parts, context providers and event-handler
// props; then what liking one whisp in a list of 20 costs to re-render. Counts come from one
// mount of 20. Each time is also a ratio to a plain <article> with the same text mounted in the
// same run (the baseline), so machines of different speed compare; with several --ui, each is
// also divided by the first, run by run.
//
// Each --ui is a @whisp/ui package directory whose dist/ is built (default: this checkout's);
// before → after in one run: --ui before=/tmp/before/packages/ui --ui after=packages/ui.
// Variants are measured in turns, run by run, so a burst of load hits all of them alike.
// Writes every run to bench/results/cards-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';
import { buildCardsPage } from './lib/cards-build.mjs';
import { cardFixtures } from './lib/cards-fixtures.mjs';
import { serveDirectory } from './lib/cards-server.mjs';
import { describeMachine } from './lib/machine-info.mjs';
import { median } from './lib/summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    ui: { type: 'string', multiple: true, default: [`current=${join(root, 'packages/ui')}`] },
    runs: { type: 'string', default: '9' },
    cards: { type: 'string', default: '20,100' },
    slowdown: { type: 'string', default: '1' },
  },
});
const runs = Number(values.runs);
const sizes = values.cards.split(',').map(Number);
const slowdown = Number(values.slowdown);
const WARMUP_RUNS = 3;
const variants = values.ui.map((entry) => {
  const [name, path] = entry.includes('=') ? entry.split('=') : [entry, entry];
  return { name, uiDir: resolve(root, path) };
});

const fixtures = await cardFixtures(root, Math.max(...sizes));
const outRoot = join(root, 'bench/results/cards-build');
for (const variant of variants) {
  console.log(`Building the page for ${variant.name} (${variant.uiDir})...`);
  variant.server = await serveDirectory(
    await buildCardsPage({ ...variant, outRoot, fixtures, repoRoot: root }),
  );
}

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: [
    ...CHROMIUM_FLAGS,
    // Timings taken in a page that is never in front: Chromium must not slow its timers.
    '--disable-renderer-backgrounding',
    '--disable-background-timer-throttling',
  ],
});
for (const variant of variants) {
  variant.page = await browser.newPage({ viewport: { width: 600, height: 900 } });
  variant.cdp = await variant.page.context().newCDPSession(variant.page);
  await variant.cdp.send('Performance.enable');
  if (slowdown > 1) await variant.cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await variant.page.goto(variant.server.url);
  await variant.page.waitForFunction(() => window.bench);
  if (!(await variant.page.evaluate(() => window.crossOriginIsolated)))
    throw new Error('The bench page is not cross-origin isolated: its clock would be too coarse.');
}

const metricsOf = async (cdp) =>
  Object.fromEntries(
    (await cdp.send('Performance.getMetrics')).metrics.map(({ name, value }) => [name, value]),
  );
async function measureMount(variant, kind, n) {
  const before = await metricsOf(variant.cdp);
  const timing = await variant.page.evaluate(
    ([k, count]) => window.bench.mount(k, count),
    [kind, n],
  );
  const after = await metricsOf(variant.cdp);
  const delta = (name) => after[name] - before[name];
  // The page forces one layout after the commit; any more means something measured layout
  // while mounting (a getBoundingClientRect in render or in a layout effect).
  return {
    ...timing,
    jsListeners: delta('JSEventListeners'),
    layoutsDuringMount: delta('LayoutCount') - 1,
  };
}

const rows = [];
for (let run = -WARMUP_RUNS; run < runs; run++) {
  if (run === 0) console.log(`Warmed up; measuring ${runs} runs...`);
  for (const n of sizes) {
    for (const variant of variants) {
      for (const kind of ['plain', 'cards']) {
        const row = await measureMount(variant, kind, n);
        if (run >= 0) rows.push({ run, variant: variant.name, kind, n, ...row });
      }
      if (n === Math.min(...sizes)) {
        // The list stays mounted from the 'cards' mount above: one like, two cards apart.
        const like = await variant.page.evaluate(() => window.bench.like(1));
        if (run >= 0) rows.push({ run, variant: variant.name, kind: 'like', n, ...like });
      }
    }
  }
}

const census = {};
for (const variant of variants) {
  const listeners = await variant.page.evaluate(() => window.bench.countListeners('cards', 20));
  const fibers = await variant.page.evaluate(() => window.bench.countFibers());
  await variant.page.evaluate(() => window.bench.mount('plain', 20));
  const plain = await variant.page.evaluate(() => window.bench.countFibers());
  census[variant.name] = { cards: fibers, plain, listeners };
}
await browser.close();
for (const variant of variants) await variant.server.close();

const select = (variant, kind, n) =>
  rows.filter((row) => row.variant === variant && row.kind === kind && row.n === n);
const med = (variant, kind, n, key) => median(select(variant, kind, n).map((row) => row[key]));
const fixed = (value, digits = 3) => +value.toFixed(digits);
const largest = Math.max(...sizes);
/**
 * A card's mount ÷ a plain article's, run by run (the baseline from the largest list, where the
 * clock's grain matters least), then the median: a figure that travels between machines.
 */
const timesPlain = (variant, n, key) =>
  median(
    select(variant, 'cards', n).map((row) => {
      const plain = select(variant, 'plain', largest).find(({ run }) => run === row.run);
      return row[key] / n / (plain[key] / largest);
    }),
  );
const summary = [];
for (const n of sizes) {
  for (const { name } of variants) {
    const cards = (key) => med(name, 'cards', n, key);
    const { cards: fibers, plain, listeners } = census[name];
    const added = Object.values(listeners).reduce((total, count) => total + count, 0);
    const perCard = (key) => fixed((fibers[key] - plain[key]) / 20, 1);
    summary.push({
      ui: name,
      cards: n,
      'profiler ms/card': fixed(cards('actualDuration') / n),
      'commit ms/card': fixed(cards('commitMs') / n),
      '× plain (profiler)': fixed(timesPlain(name, n, 'actualDuration'), 1),
      '× plain (commit)': fixed(timesPlain(name, n, 'commitMs'), 1),
      'layout ms/card': fixed(cards('layoutMs') / n),
      'forced layouts in the mount': cards('layoutsDuringMount'),
      'elements/card': fixed(cards('elements') / n, 1),
      'addEventListener calls/card': fixed(added / 20, 2),
      'JS listeners/card (CDP)': fixed(cards('jsListeners') / n, 2),
      'components/card': perCard('components'),
      'Radix parts/card': perCard('radix'),
      'providers/card': perCard('providers'),
      'handler props/card': perCard('handlers'),
      ...(n === Math.min(...sizes)
        ? {
            'like of 1 in 20, ms': fixed(med(name, 'like', n, 'actualDuration')),
            'like ÷ one card mount': fixed(
              med(name, 'like', n, 'actualDuration') / (cards('actualDuration') / n),
              1,
            ),
          }
        : {}),
    });
  }
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = join(root, `bench/results/cards-${stamp}.json`);
mkdirSync(dirname(file), { recursive: true });
const record = {
  date: new Date().toISOString(),
  machine: describeMachine(),
  slowdown,
  runs,
  variants: variants.map(({ name, uiDir }) => ({ name, uiDir })),
  summary,
  census,
  rows,
};
writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
for (const { name } of variants) {
  const byEvent = Object.entries(census[name].listeners)
    .map(([event, count]) => `${event} ${count / 20}`)
    .join(', ');
  console.log(`\n${name}: addEventListener calls per card by event: ${byEvent || 'none'}`);
}
for (const line of summary) {
  console.log(`\n${line.ui}, ${line.cards} cards:`);
  for (const [key, value] of Object.entries(line))
    if (key !== 'ui' && key !== 'cards') console.log(`  ${key}: ${value}`);
}
if (variants.length > 1) {
  // Each variant against the first, run by run: the before → after figure of this machine.
  const [first, ...others] = variants;
  for (const { name } of others) {
    for (const n of sizes) {
      const ratio = (key) =>
        median(
          select(name, 'cards', n).map(
            (row) =>
              row[key] / select(first.name, 'cards', n).find(({ run }) => run === row.run)[key],
          ),
        );
      console.log(
        `\n${name} ÷ ${first.name}, ${n} cards: profiler ${fixed(ratio('actualDuration'), 2)}, ` +
          `commit ${fixed(ratio('commitMs'), 2)}`,
      );
    }
  }
}
console.log(`\nMachine load ${record.machine.load_average.join(' ')}; every run in ${file}`);
