// pnpm bench:federation: what a whisp to 1,000 remote followers on 50 servers costs (issue 35).
// Posting must answer as fast for a member with those followers as for one with none, because
// delivery is off the request (api.md, "Federation (1.2)"); and the delivery itself must complete
// at a rate worth knowing.
//
// The 50 servers are HTTP servers on loopback ports of this process (bench/lib/inbox-sink.mjs),
// each taking any POST to its shared inbox with 202. Whisp (the built server, as `pnpm bench`
// starts it) runs federated on a fresh database, with WHISP_PUBLIC_URL on loopback and
// WHISP_FEDERATION_ALLOW_PRIVATE=true. Member A has 1,000 remote followers (20 on each server,
// rows of `users` and `follows` written in SQL, as their servers' actors would have been stored),
// member B none. Phases, one request at a time:
//   1. warm-up: a few whisps each (A's first one makes its signing keys);
//   2. one by one: A posts and waits until all 50 servers have the whisp (delivery time with an
//      idle queue), then B posts, BENCH_FEDERATION_SINGLE times;
//   3. in a row: BENCH_FEDERATION_ROUNDS rounds of A and B posting in turns (AB, BA, …), with no
//      pause: posting latency of A against B while deliveries pile up, then the time until the
//      last of A's deliveries arrives (deliveries per second sustained).
// Server CPU per whisp or delivery comes from /proc (bench/lib/bench-database.mjs, cpuMeter), and
// on PostgreSQL with BENCH_STATEMENTS=1 the statements per delivery.
//
// Embedded (PGlite) in a temporary data directory by default; BENCH_FEDERATION_DATABASE_URL runs
// it on that PostgreSQL database instead (dropped and created again: never the network of
// `pnpm bench:data`). Environment: BENCH_FEDERATION_SERVERS (50), BENCH_FEDERATION_FOLLOWERS
// (1000), BENCH_FEDERATION_SINGLE (20), BENCH_FEDERATION_ROUNDS (100), BENCH_FEDERATION_REMOTE_MS
// (0: how long each remote server takes to answer a delivery). BENCH_SERVER as for `pnpm bench`;
// BENCH_CPU_PROFILE=<dir> profiles the federated server. Writes bench/results/federation-<time>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../apps/server/test-support/server-process.mjs';
import {
  cpuMeter,
  EMBEDDED_LABEL,
  embeddedDatabase,
  postgresDatabase,
  startServer,
} from './lib/bench-database.mjs';
import { printFederationResult, spread, steadyRate } from './lib/federation-report.mjs';
import { startInboxSink } from './lib/inbox-sink.mjs';
import { describeMachine } from './lib/machine-info.mjs';
import { median } from './lib/summary.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERVERS = Number(process.env.BENCH_FEDERATION_SERVERS ?? 50);
const FOLLOWERS = Number(process.env.BENCH_FEDERATION_FOLLOWERS ?? 1000);
const SINGLE = Number(process.env.BENCH_FEDERATION_SINGLE ?? 20);
const ROUNDS = Number(process.env.BENCH_FEDERATION_ROUNDS ?? 100);
const REMOTE_MS = Number(process.env.BENCH_FEDERATION_REMOTE_MS ?? 0);
const WARMUP = 5;
const SETTLE_MS = 100;
// Far beyond what the deliveries of one run should take: past it the run reports what arrived.
const DELIVERY_TIMEOUT_MS = 300_000;
if (FOLLOWERS % SERVERS !== 0)
  throw new Error('BENCH_FEDERATION_FOLLOWERS must be a multiple of BENCH_FEDERATION_SERVERS');
const profileDir = process.env.BENCH_CPU_PROFILE;

const postgresUrl = process.env.BENCH_FEDERATION_DATABASE_URL;
const dataDir = postgresUrl ? undefined : mkdtempSync(join(tmpdir(), 'whisp-bench-federation-'));
const database = postgresUrl ? postgresDatabase(postgresUrl) : embeddedDatabase(root, dataDir);

const sink = await startInboxSink(SERVERS, { answerAfterMs: REMOTE_MS });
// Arrivals per whisp, as they come: how many, the first and the last (performance.now()).
const delivered = new Map();
const waiting = new Set();
sink.onArrival(({ whispId, at }) => {
  if (!whispId) return;
  const seen = delivered.get(whispId) ?? { count: 0, first: at, last: at };
  seen.count += 1;
  seen.last = at;
  delivered.set(whispId, seen);
  for (const check of waiting) check();
});

const port = await freePort();
const start = ({ profiled = false } = {}) =>
  startServer(database, {
    port,
    env: {
      WHISP_PUBLIC_URL: `http://127.0.0.1:${port}`,
      WHISP_FEDERATION_ALLOW_PRIVATE: 'true',
      WHISP_DEMO: 'off',
      // Hundreds of whisps by one member in seconds: no rate limit may answer.
      WHISP_RATE_LIMIT_REQUESTS: '100000000/5m',
      WHISP_PASSWORD_HASH_MEMORY: '1',
    },
    nodeArgs: profiled && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [],
  });

let server;
let members;
let posted = 0;
let result;
try {
  await database.reset();
  server = await start();
  try {
    members = {
      A: await register('followed_far'),
      B: await register('followed_by_none'),
    };
  } finally {
    // Embedded, the server holds the data directory: the followers are written while it is down.
    await server.stop();
  }
  await addRemoteFollowers(members.A.id);
  server = await start({ profiled: true });
  try {
    result = await measure();
  } finally {
    await server.stop();
  }
} finally {
  await sink.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

printFederationResult(result);
const out = join(
  root,
  'bench/results',
  `federation-${result.date.replace(/[:.]/g, '-')}${postgresUrl ? '' : '-embedded'}.json`,
);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(`written ${out}`);

/** FOLLOWERS remote members, as many on each of the sink's servers, all following `memberId`. */
async function addRemoteFollowers(memberId) {
  const started = performance.now();
  await database.open();
  try {
    const origins = sink.servers.map(({ origin }) => `'${origin}'`).join(',');
    await database.exec(`
      insert into users (username, host, actor_uri, inbox_url, shared_inbox_url, profile_url,
                         display_name, email, password_hash, fetched_at)
      select 'u' || m, substr(origin, length('http://') + 1), origin || '/users/u' || m,
             origin || '/users/u' || m || '/inbox', origin || '/inbox', origin || '/@u' || m,
             'Remote ' || m, null, null, now()
      from unnest(array[${origins}]::text[]) origin, generate_series(1, ${FOLLOWERS / SERVERS}) m;
      insert into follows (follower_id, followed_id)
      select id, '${memberId}' from users where host is not null;
      analyze users, follows;
    `);
    const [[servers, followers]] = await database.rows(
      `select (select count(distinct host) from users where host is not null),
              (select followers_count from users where id = '${memberId}')`,
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`followers: ${followers} remote members of A on ${servers} servers (${seconds} s)`);
  } finally {
    await database.close();
  }
}

async function measure() {
  const meter = cpuMeter(database, server.pid);
  for (let n = 0; n < WARMUP; n++) {
    await post('A');
    await post('B');
  }
  await deliveredToAll(await post('A'));

  // 2. One by one, in turns: A posts and every server gets it, then B posts, the queue idle.
  const single = { A: [], B: [] };
  let cpu = await meter.start();
  for (let n = 0; n < SINGLE; n++) {
    const whisp = await post('A');
    await deliveredToAll(whisp);
    single.A.push(whisp);
    // The queue's last steps after the last arrival (removing the row, the circuit's success).
    await settle();
    single.B.push(await post('B'));
    await settle();
  }
  const singleCost = await meter.stop(cpu, SINGLE);

  // 3. In a row, in turns.
  const row = { A: [], B: [] };
  cpu = await meter.start();
  const firstPost = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const who of round % 2 === 0 ? ['A', 'B'] : ['B', 'A']) row[who].push(await post(who));
  }
  const postingEnded = performance.now();
  const complete = await Promise.all(row.A.map((whisp) => deliveredToAll(whisp)));
  const rowCost = await meter.stop(cpu, row.A.length * SERVERS);
  const rowWhisps = new Set(row.A.map(({ id }) => id));
  const rowArrivals = sink.arrivals.filter(({ whispId }) => rowWhisps.has(whispId));
  const lastArrival = Math.max(...rowArrivals.map(({ at }) => at));

  const latencies = (whisps) => whisps.map(({ sent, answered }) => answered - sent);
  const ratio = ({ A, B }) => +(median(latencies(A)) / median(latencies(B))).toFixed(3);
  return {
    date: new Date().toISOString(),
    machine: describeMachine(),
    database: postgresUrl ? postgresUrl.replace(/\/\/[^@]*@/, '//') : EMBEDDED_LABEL,
    server: process.env.BENCH_SERVER ?? 'apps/server/dist/server.js',
    servers: SERVERS,
    followers: FOLLOWERS,
    remote_answer_ms: REMOTE_MS,
    one_by_one: {
      whisps: SINGLE,
      post_ms: { A: spread(latencies(single.A)), B: spread(latencies(single.B)) },
      a_to_b_median: ratio(single),
      // From the POST being sent to the whisp at the first and at the last of the servers.
      delivered_first_ms: spread(single.A.map((whisp) => sinceSent(whisp, 'first'))),
      delivered_all_ms: spread(single.A.map((whisp) => sinceSent(whisp, 'last'))),
      // A whisp of A delivered to every server, and one of B (about 1% of it: a whisp alone).
      server_cpu_ms_per_turn: singleCost.server_cpu_ms,
      postgres_cpu_ms_per_turn: singleCost.postgres_cpu_ms,
    },
    in_a_row: {
      rounds: ROUNDS,
      post_ms: { A: spread(latencies(row.A)), B: spread(latencies(row.B)) },
      a_to_b_median: ratio(row),
      posting_s: seconds(postingEnded - firstPost),
      deliveries: rowArrivals.length,
      deliveries_expected: row.A.length * SERVERS,
      complete: complete.every(Boolean),
      last_delivery_s: seconds(lastArrival - firstPost),
      deliveries_per_s: Math.round(rowArrivals.length / ((lastArrival - firstPost) / 1000)),
      deliveries_per_s_steady: steadyRate(rowArrivals.map(({ at }) => at)),
      delivered_all_ms: spread(row.A.map((whisp) => sinceSent(whisp, 'last'))),
      server_cpu_ms_per_delivery: rowCost.server_cpu_ms,
      postgres_cpu_ms_per_delivery: rowCost.postgres_cpu_ms,
      // PostgreSQL with BENCH_STATEMENTS=1 (bench/lib/bench-database.mjs), else null.
      statements_per_delivery: rowCost.statements,
    },
    sink: {
      posts: sink.arrivals.length,
      unsigned: sink.arrivals.filter((arrival) => !arrival.signed).length,
      other_requests: sink.otherRequests.length,
      paths: [...new Set(sink.arrivals.map((arrival) => arrival.path))],
    },
  };
}

async function register(username) {
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${username}@bench.example`,
      password: 'correct horse battery',
      username,
      display_name: username,
    }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`register: ${JSON.stringify(body)}`);
  return { id: body.data.user.id, token: body.data.token };
}

/** One whisp by A or B: its id, when its POST was sent and when the answer had arrived. */
async function post(who) {
  const sent = performance.now();
  const response = await fetch(`${server.url}/api/posts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${members[who].token}`,
    },
    body: JSON.stringify({ content: `Federation benchmark ${who} ${++posted} #bench` }),
  });
  const body = await response.json();
  const answered = performance.now();
  if (response.status !== 201) throw new Error(`post as ${who}: ${JSON.stringify(body)}`);
  return { id: body.data.id, sent, answered };
}

/** Resolves true once every server has the whisp, false after DELIVERY_TIMEOUT_MS. */
function deliveredToAll({ id }) {
  return new Promise((resolve) => {
    const check = () => {
      if ((delivered.get(id)?.count ?? 0) < SERVERS) return;
      clearTimeout(timer);
      waiting.delete(check);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.delete(check);
      resolve(false);
    }, DELIVERY_TIMEOUT_MS);
    waiting.add(check);
    check();
  });
}

function sinceSent({ id, sent }, which) {
  const seen = delivered.get(id);
  return seen ? seen[which] - sent : Number.NaN;
}

function settle() {
  return new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
}

function seconds(ms) {
  return +(ms / 1000).toFixed(2);
}
