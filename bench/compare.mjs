// pnpm bench:compare: the same reads against two variants of a network at once, slice by slice in
// turns, for a before and after that a drift of the machine cannot decide. `pnpm bench` measures
// one variant per run, and on a shared machine runs of the same variant differed by up to 40%
// in requests/s (30 November: search 370–512), more than the 10% a variant's cost is held to.
// Here one built server runs on each database, both warm, and each case is driven at A, then at
// B, round after round: whatever the machine does meanwhile falls on both alike.
//
//   BENCH_A_DATABASE_URL, BENCH_B_DATABASE_URL: the two databases (B a copy of A made with
//     `create database … template …`, then changed: `BENCH_DATABASE_URL=<B> node bench/private.mjs on`;
//     for privacy, A is best a copy put through the same writes: `node bench/private.mjs churn`).
//   BENCH_TOKENS: the network's tokens, valid in both (a copy keeps its sessions).
//   BENCH_ONLY, BENCH_ROUNDS (6), BENCH_SECONDS (4 a slice), BENCH_CONNECTIONS (20),
//   BENCH_WARMUP_SECONDS (3, once per case and variant).
// Writes bench/results/compare-<time>.json: per case and variant the median slice's requests/s
// and p99, CPU per request over all slices (server + PostgreSQL, and each), and B against A.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuMeter, postgresDatabase, startServer } from './lib/bench-database.mjs';
import { describeMachine } from './lib/machine-info.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const generated = JSON.parse(
  readFileSync(resolve(root, process.env.BENCH_TOKENS ?? 'bench/results/tokens.json'), 'utf8'),
);
const urls = { A: process.env.BENCH_A_DATABASE_URL, B: process.env.BENCH_B_DATABASE_URL };
if (!urls.A || !urls.B)
  throw new Error('BENCH_A_DATABASE_URL and BENCH_B_DATABASE_URL are both needed');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

// The members of `pnpm bench`'s plain cases (its last 30 are its safety and muted-words members).
const tokens = generated.tokens.slice(0, -30).map((entry) => entry.token);
const hex = (n) => n.toString(16).padStart(12, '0');
const CASES = {
  health: '/health',
  'following p1': '/api/posts/following',
  'for you': '/api/posts/timeline',
  public: '/api/posts/public',
  'profile whisps': `/api/users/00000000-0000-4000-8000-${hex(1)}/posts`,
  search: '/api/search?q=coffee',
  hashtag: '/api/search/hashtag/tag1',
  notifications: '/api/notifications',
};
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const unknown = (only ?? []).filter((name) => !(name in CASES));
if (unknown.length) throw new Error(`BENCH_ONLY names no case: ${unknown.join(', ')}`);
const cases = Object.entries(CASES).filter(([name]) => !only || only.includes(name));

const variants = {};
for (const label of ['A', 'B']) {
  const database = postgresDatabase(urls[label]);
  // As `pnpm bench` starts it: no per-member limit may answer a benchmark's requests.
  const server = await startServer(database, {
    env: { WHISP_RATE_LIMIT_REQUESTS: '100000000/5m' },
    echo: false,
  });
  variants[label] = { database, server, meter: cpuMeter(database, server.pid) };
}

let next = 0;
const drive = (base, path, duration) =>
  autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => ({
          ...req,
          path,
          headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
        }),
      },
    ],
  });

const slices = new Map(cases.map(([name]) => [name, { A: [], B: [] }]));
try {
  // Unmeasured first, on both: V8 compiles the routes, the pools prepare their statements.
  for (const [, path] of cases) {
    for (const { server } of Object.values(variants)) await drive(server.url, path, WARMUP);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, path] of cases) {
      for (const label of ['A', 'B']) {
        const { server, meter } = variants[label];
        const started = await meter.start();
        const result = await drive(server.url, path, SECONDS);
        const cost = await meter.stop(started, result.requests.total);
        slices.get(name)[label].push({
          rps: result.requests.average,
          p99_ms: result.latency.p99,
          requests: result.requests.total,
          cpu_ms: cost.server_cpu_ms + cost.postgres_cpu_ms,
          server_cpu_ms: cost.server_cpu_ms,
          postgres_cpu_ms: cost.postgres_cpu_ms,
          errors: result.errors + result.timeouts + result.non2xx,
        });
      }
    }
    console.log(`round ${round + 1} of ${ROUNDS} done`);
  }
} finally {
  await Promise.all(Object.values(variants).map(({ server }) => server.stop()));
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
// CPU per request over all slices: each slice weighed by the requests it served.
const perRequest = (list, key) =>
  +(
    list.reduce((sum, slice) => sum + slice[key] * slice.requests, 0) /
    list.reduce((sum, slice) => sum + slice.requests, 0)
  ).toFixed(3);
const summary = (list) => ({
  rps: Math.round(median(list.map((slice) => slice.rps))),
  p99_ms: median(list.map((slice) => slice.p99_ms)),
  cpu_ms: perRequest(list, 'cpu_ms'),
  server_cpu_ms: perRequest(list, 'server_cpu_ms'),
  postgres_cpu_ms: perRequest(list, 'postgres_cpu_ms'),
  errors: list.reduce((sum, slice) => sum + slice.errors, 0),
});
const percent = (b, a) => `${b >= a ? '+' : ''}${((100 * (b - a)) / a).toFixed(1)}%`;
const rows = cases.map(([name]) => {
  const { A, B } = slices.get(name);
  const a = summary(A);
  const b = summary(B);
  return {
    case: name,
    A: a,
    B: b,
    // B against A in each round: how far one round's comparison strays from the others.
    rounds_rps_b_vs_a: A.map((slice, i) => +(B[i].rps / slice.rps).toFixed(3)),
  };
});
console.table(
  rows.map(({ case: name, A: a, B: b, rounds_rps_b_vs_a: rounds }) => ({
    case: name,
    'A req/s': a.rps,
    'B req/s': b.rps,
    'req/s B vs A': percent(b.rps, a.rps),
    'A p99': a.p99_ms,
    'B p99': b.p99_ms,
    'p99 B vs A': percent(b.p99_ms, a.p99_ms),
    'CPU B vs A': percent(b.cpu_ms, a.cpu_ms),
    'server CPU B vs A': percent(b.server_cpu_ms, a.server_cpu_ms),
    'PostgreSQL CPU B vs A': percent(b.postgres_cpu_ms, a.postgres_cpu_ms),
    'rounds req/s B/A': `${Math.min(...rounds)}–${Math.max(...rounds)}`,
    errors: a.errors + b.errors,
  })),
);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(root, `bench/results/compare-${stamp}.json`);
const withoutPassword = (url) => url.replace(/\/\/[^@]*@/, '//');
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: describeMachine(),
      A: withoutPassword(urls.A),
      B: withoutPassword(urls.B),
      rounds: ROUNDS,
      slice_s: SECONDS,
      connections: CONNECTIONS,
      results: rows,
    },
    null,
    2,
  ),
);
console.log(`written ${out}`);
