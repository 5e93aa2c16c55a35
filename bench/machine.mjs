// pnpm bench:machine: what this machine does with no Whisp code in the way, so figures from
// machines of different sessions can be told apart from changes of the code (`/health` alone
// moved from 7,000 to 22,000 requests/s between machines with the same code). Three probes:
// a fixed JavaScript loop on one core, a hello-world node:http server driven by autocannon as
// `pnpm bench` drives Whisp, and `select 1` round trips through pg's pool to PostgreSQL
// (BENCH_DATABASE_URL, default the `postgres` database; skipped when none answers).
// Writes bench/results/machine-<time>.json.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { describeMachine } from './lib/machine-info.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function cpuLoop() {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (let i = 0; i < 300_000_000; i++) sum += i % 7;
  if (sum < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function helloWorldHttp() {
  const port = 39000 + Math.floor(Math.random() * 900);
  // Its own process, as Whisp's server is in `pnpm bench`: autocannon keeps this one busy.
  const server = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1', () => console.log('up'))`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve) => server.stdout.once('data', resolve));
  try {
    const drive = (duration) =>
      autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration });
    await drive(2);
    const result = await drive(SECONDS);
    return { rps: Math.round(result.requests.average), p99_ms: result.latency.p99 };
  } finally {
    server.kill();
  }
}

async function postgresRoundTrips() {
  // The server's own pg, pooled as apps/server/src/db/postgres.ts pools it (10 connections).
  const pg = createRequire(join(root, 'apps/server/package.json'))('pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    return { skipped: `no PostgreSQL at ${databaseUrl}: ${error.message}` };
  }
  const run = async (seconds) => {
    let done = 0;
    const end = Date.now() + seconds * 1000;
    const inFlight = async () => {
      while (Date.now() < end) {
        await pool.query('select 1');
        done++;
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, inFlight));
    return Math.round(done / seconds);
  };
  try {
    await run(2);
    return { per_second: await run(SECONDS) };
  } finally {
    await pool.end();
  }
}

const probes = {
  cpu_loop_ms: Math.round(cpuLoop()),
  hello_world_http: await helloWorldHttp(),
  postgres_select_1: await postgresRoundTrips(),
};
console.log(`JavaScript loop (3·10⁸ steps, one core): ${probes.cpu_loop_ms} ms`);
const http = probes.hello_world_http;
console.log(
  `hello-world node:http, ${CONNECTIONS} connections: ${http.rps} req/s, p99 ${http.p99_ms} ms`,
);
const sql = probes.postgres_select_1;
console.log(
  sql.skipped ?? `pg pool of 10, ${CONNECTIONS} in flight: ${sql.per_second} select 1 a second`,
);

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = join(root, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const out = join(resultsDir, `machine-${stamp}.json`);
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: describeMachine(),
      seconds: SECONDS,
      connections: CONNECTIONS,
      ...probes,
    },
    null,
    1,
  ),
);
console.log(`written ${out}`);
