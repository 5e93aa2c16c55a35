// pnpm bench:load-trace [--runs N] [--app-dir name=dir,...]: the main thread's work while the feed
// loads on a phone-sized page, from a Chromium trace at full speed, counted in thread CPU time
// (the trace's `tdur`), which a busy machine disturbs far less than the wall-clock times Lighthouse
// works from. Per load: the CPU of every task, the CPU of the tasks of 10 ms or more (the ones
// Lighthouse's simulation keeps and multiplies; shorter ones it drops from its graph), the CPU
// of the largest module evaluation (React's, since the entry evaluates the app's code in a task
// of its own), and each task of 10 ms or more with its longest inner events. Several
// --app-dir builds (as for bench:web) are loaded in turns, run by run; the first load of each is a
// warm-up and is left out of the medians. Writes every run to bench/results/load-trace-<time>.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { CHROMIUM_FLAGS, findChromium } from '../scripts/chromium.mjs';
import { requireBuild, signIn, startBuiltServer } from './lib/built-server.mjs';
import { describeMachine } from './lib/machine-info.mjs';
import { median } from './lib/summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '6' }, 'app-dir': { type: 'string' } },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 2) throw new Error('--runs must be a whole number ≥ 2');
requireBuild(root);
const { DEFAULT_TOKEN_STORAGE_KEY } = await import(
  join(root, 'packages/api-client/dist/http/tokenStore.js')
);
const { DEMO_SIGN_IN } = await import(join(root, 'apps/server/dist/demo/sign-in.js'));

/** A task of at least this much CPU is kept in Lighthouse's simulation (shorter ones are pruned). */
const KEPT_TASK_MS = 10;
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
];

const apps = (values['app-dir'] ?? 'current=apps/whisp/dist').split(',').map((entry) => {
  const [label, dir] = entry.includes('=') ? entry.split('=') : [entry, entry];
  return { label, dir: resolve(root, dir) };
});
console.log('Starting the built server with the demo network...');
const servers = await Promise.all(
  apps.map((app) => startBuiltServer({ demo: true, staticDir: app.dir })),
);
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_FLAGS });
const results = [];
try {
  const tokens = await Promise.all(servers.map((server) => signIn(server.base, DEMO_SIGN_IN)));
  for (let run = 1; run <= runs; run++) {
    for (const [index, app] of apps.entries()) {
      const measured = await traceLoad(servers[index].base, tokens[index]);
      results.push({ run, app: app.label, ...measured });
      console.log(
        `run ${run}/${runs} ${app.label}: all tasks ${measured.taskCpuMs} ms, ` +
          `tasks of ${KEPT_TASK_MS} ms+ ${measured.longTaskCpuMs} ms, entry evaluation ${measured.entryEvaluationMs} ms`,
      );
      for (const task of measured.longTasks) console.log(`  long task ${task}`);
    }
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}

const medians = apps.map(({ label }) => {
  const measured = results.filter((result) => result.app === label && result.run > 1);
  const of = (key) => +median(measured.map((result) => result[key])).toFixed(1);
  return {
    app: label,
    taskCpuMs: of('taskCpuMs'),
    longTaskCpuMs: of('longTaskCpuMs'),
    entryEvaluationMs: of('entryEvaluationMs'),
  };
});
console.table(medians);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = join(root, `bench/results/load-trace-${stamp}.json`);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(
  file,
  `${JSON.stringify({ date: new Date().toISOString(), machine: describeMachine(), apps, medians, results }, null, 2)}\n`,
);
console.log(`written ${file}`);

/** One signed-in load of the feed, traced until its cards are in and the page has settled. */
async function traceLoad(base, token) {
  const context = await browser.newContext(PHONE);
  try {
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key, value),
      [DEFAULT_TOKEN_STORAGE_KEY, token],
    );
    const page = await context.newPage();
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.locator('article').first().waitFor();
    // The cards after the first three come one per idle moment.
    await page.waitForTimeout(3000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    return mainThreadWork(traceEvents);
  } finally {
    await context.close();
  }
}

function mainThreadWork(traceEvents) {
  // The page's renderer is the one with the most tasks (about:blank has a renderer of its own).
  const renderers = traceEvents.filter(
    (event) => event.name === 'thread_name' && event.args.name === 'CrRendererMain',
  );
  const onThread = (thread) => (event) => event.pid === thread.pid && event.tid === thread.tid;
  const tasksOf = (thread) =>
    traceEvents.filter((event) => onThread(thread)(event) && event.name === 'RunTask');
  const main = renderers.sort((a, b) => tasksOf(b).length - tasksOf(a).length)[0];
  const cpuMs = (event) => (event.tdur ?? event.dur ?? 0) / 1000;
  const tasks = tasksOf(main).map(cpuMs);
  const evaluations = traceEvents
    .filter((event) => onThread(main)(event) && event.name === 'v8.evaluateModule')
    .map(cpuMs);
  const sum = (list) => list.reduce((total, value) => total + value, 0);
  // What each long task did: its longest inner events (wall time), to tell evaluation, rendering
  // and layout apart.
  const threadEvents = traceEvents.filter(
    (event) => onThread(main)(event) && event.ph === 'X' && event.name !== 'RunTask',
  );
  const longTasks = tasksOf(main)
    .filter((task) => cpuMs(task) >= KEPT_TASK_MS)
    .map((task) => {
      const inner = threadEvents
        .filter((event) => event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur)
        .sort((a, b) => b.dur - a.dur)
        .slice(0, 4)
        .map((event) => {
          const url = event.args?.data?.url;
          const source = url ? ` (${url.split('/').pop() || 'page'})` : '';
          return `${event.name}${source} ${(event.dur / 1000).toFixed(1)}`;
        });
      return `${cpuMs(task).toFixed(1)} ms CPU: ${inner.join(', ')}`;
    });
  return {
    longTasks,
    taskCpuMs: +sum(tasks).toFixed(1),
    longTaskCpuMs: +sum(tasks.filter((ms) => ms >= KEPT_TASK_MS)).toFixed(1),
    // The largest module evaluation: the entry's (React's; the whole app's before 26 November).
    entryEvaluationMs: +Math.max(0, ...evaluations).toFixed(1),
  };
}
