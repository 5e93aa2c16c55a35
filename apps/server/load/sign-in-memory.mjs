// The server's resident memory (RSS) at rest and through a burst of sign-ins at once, as BENCHMARKS.md
// ("Memory") reports it: a 1 GB server must stay well under 512 MB.
//
//   pnpm --filter @whisp/server build && node apps/server/load/sign-in-memory.mjs [--burst 16]
//
// Starts the built server (dist/server.js, as `pnpm serve` runs it) on the embedded database in a
// new data directory with the demo network (the quick start), waits for it to settle, then sends
// the sign-ins of the demo member all at once, three times, reading /proc/<pid>/status every 20 ms.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../test-support/server-process.mjs';

const burstArg = process.argv.indexOf('--burst');
const BURST = burstArg === -1 ? 16 : Number(process.argv[burstArg + 1]);
const ROUNDS = 3;

const rssMiB = (pid) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(tmpdir(), 'whisp-memory-'));
// The repository's one server-process helper: dist/server.js on a free loopback port, the embedded
// database (DATABASE_URL and REDIS_URL left out), ready once /health answers 200.
const start = () =>
  startServerProcess({
    entry: 'built',
    // Loading the demo network hashes its members' passwords: minutes on a loaded machine.
    timeoutMs: 600_000,
    env: { WHISP_DATA_DIR: dataDir, WHISP_DEMO: 'on', LOG_LEVEL: 'warn' },
  });

// The first start loads the demo network (a one-off); a server at rest is one started again.
const first = await start();
const rssAfterFirstStart = rssMiB(first.pid);
await first.stop();
const child = await start();

try {
  await sleep(5_000);
  const atRest = rssMiB(child.pid);

  let peak = atRest;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(child.pid));
  }, 20);
  const durations = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BURST }, () =>
        fetch(`${child.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@example.com', password: 'whisp-demo' }),
        }).then((response) => response.status),
      ),
    );
    durations.push(performance.now() - started);
    if (answers.some((status) => status !== 200)) throw new Error(`sign-ins answered ${answers}`);
  }
  clearInterval(sampler);
  await sleep(2_000);
  const after = rssMiB(child.pid);

  console.log(
    JSON.stringify({
      burst: BURST,
      rounds: ROUNDS,
      rssAfterDemoLoadMiB: Math.round(rssAfterFirstStart),
      rssAtRestMiB: Math.round(atRest),
      rssPeakMiB: Math.round(peak),
      rssAfterMiB: Math.round(after),
      burstMs: durations.map(Math.round),
      loadAverage: loadavg().map((load) => load.toFixed(2)),
    }),
  );
} finally {
  await child.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
