// pnpm bench: starts the built server on the network made by `pnpm bench:data` and drives it over
// loopback with autocannon, endpoint after endpoint, bounded in time. Writes bench/results/<time>.json.
// With BENCH_TOKENS naming the tokens of `pnpm bench:data --embedded`, the server runs embedded
// (PGlite) on that data directory instead, and the results go to bench/results/embedded/, apart
// from PostgreSQL's (`pnpm bench:chart bench/results/embedded <out.svg>` charts them).
// Each case also reports CPU milliseconds per request, of the server process and of PostgreSQL's
// backends on the database, and with BENCH_STATEMENTS=1 statements per request
// (bench/lib/bench-database.mjs, cpuMeter).
// BENCH_SERVER=<checkout>/apps/server/dist/server.js measures another checkout's build.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  cpuMeter,
  EMBEDDED_LABEL,
  embeddedDatabase,
  postgresDatabase,
  startServer,
} from './lib/bench-database.mjs';
import { describeMachine } from './lib/machine-info.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const generated = JSON.parse(
  readFileSync(resolve(root, process.env.BENCH_TOKENS ?? 'bench/results/tokens.json'), 'utf8'),
);
const url = generated.embedded ? undefined : (process.env.BENCH_DATABASE_URL ?? generated.url);
const database = generated.embedded
  ? embeddedDatabase(root, generated.dataDir)
  : postgresDatabase(url);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// BENCH_ACCEPT_ENCODING="br, gzip": sent with every request, as browsers do, so that JSON answers
// come compressed; unset, none is sent and answers come as they are.
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const { tokens, whisps } = generated;
const hex = (n) => n.toString(16).padStart(12, '0');
const uid = (n) => `00000000-0000-4000-8000-${hex(n)}`;
const pid = (n) => `00000000-0000-4000-9000-${hex(n)}`;

// Safety (contract 1.1): the last benchmark members each block 1,000 members and mute 1,000
// (set up below, before the server starts), and a few more also mute words; their feeds are
// measured beside the plain ones, which go round the other members.
const SAFETY_MEMBERS = 20;
const MUTED_WORDS_MEMBERS = 10;
const safetyTokens = tokens.slice(-SAFETY_MEMBERS);
const mutedWordsTokens = tokens.slice(-SAFETY_MEMBERS - MUTED_WORDS_MEMBERS, -SAFETY_MEMBERS);
const plainTokens = tokens.slice(0, -SAFETY_MEMBERS - MUTED_WORDS_MEMBERS);

// Requests go round the benchmark members' tokens, as many members reading at once would.
let next = 0;
const member = () => plainTokens[next++ % plainTokens.length].token;
const random = (n) => 1 + Math.floor(Math.random() * n);
let counter = 0;
const BENCH_TEXT_PREFIX = 'Benchmark';
const text = (what) =>
  JSON.stringify({ content: `${BENCH_TEXT_PREFIX} ${what} ${++counter} #bench` });
const get = (path) => ({ method: 'GET', next: () => ({ path, token: member() }) });
const post = (path, token = member, body = () => '{}') => ({
  method: 'POST',
  next: () => ({ path: typeof path === 'function' ? path() : path, token: token(), body: body() }),
});
// Page 50 as the app reaches it: by the cursor of page 49 (filled in below, once the server runs).
const deepPages = [];
let deep = 0;
const cases = [
  ['health', { method: 'GET', next: () => ({ path: '/health' }) }],
  ['following p1', get('/api/posts/following')],
  ['following p50', { method: 'GET', next: () => deepPages[deep++ % deepPages.length] }],
  ['for you', get('/api/posts/timeline')],
  ['public', get('/api/posts/public')],
  ['profile', get('/api/users/profile/m1')],
  ['profile whisps', get(`/api/users/${uid(1)}/posts`)],
  ['search', get('/api/search?q=coffee')],
  ['hashtag', get('/api/search/hashtag/tag1')],
  ['notifications', get('/api/notifications')],
  ['conversations', get('/api/messages/conversations')],
  ['write: post', post('/api/posts', member, () => text('whisp'))],
  ['write: like', post(() => `/api/posts/${pid(random(whisps))}/like`)],
  [
    'write: reply',
    post(
      () => `/api/posts/${pid(random(whisps))}/reply`,
      member,
      () => text('reply'),
    ),
  ],
  [
    'write: follow',
    post(() => `/api/users/${uid(random(generated.members - tokens.length))}/follow`),
  ],
];
// The same reads by members who block 1,000 and mute 1,000, and by members who also mute words.
const readsAs = (group) => {
  let nextInGroup = 0;
  return (path) => ({
    method: 'GET',
    next: () => ({ path, token: group[nextInGroup++ % group.length].token }),
  });
};
const asSafety = readsAs(safetyTokens);
// The same pages through the Mastodon client API, each member through an app they authorized
// (tokens got by the consent flow once the server runs, below). Issue 34 wants their CPU per
// request within 1.2x of Whisp's own Following, public and notifications pages; 20 a page both.
const mastodonTokens = [];
let nextMastodon = 0;
const asMastodonApp = (path) => ({
  method: 'GET',
  next: () => ({ path, token: mastodonTokens[nextMastodon++ % mastodonTokens.length] }),
});
const asMutingWords = readsAs(mutedWordsTokens);
// Before the writes, as every read: run after them, these read pages the writes had just changed
// (new rows, visibility map bits cleared until the vacuum at the end of the run) and measured
// that instead (at 1M whisps, a safety member's Following: 298 requests/s after the run's writes,
// 663 after five seconds of each write, 940 with no write before it).
cases.splice(
  cases.findIndex(([name]) => name.startsWith('write:')),
  0,
  ['safety: following p1', asSafety('/api/posts/following')],
  ['safety: for you', asSafety('/api/posts/timeline')],
  ['safety: public', asSafety('/api/posts/public')],
  ['safety: search', asSafety('/api/search?q=coffee')],
  ['safety: hashtag', asSafety('/api/search/hashtag/tag1')],
  ['safety: notifications', asSafety('/api/notifications')],
  ['muted words: following p1', asMutingWords('/api/posts/following')],
  ['muted words: for you', asMutingWords('/api/posts/timeline')],
  ['mastodon: home', asMastodonApp('/api/v1/timelines/home?limit=20')],
  ['mastodon: public', asMastodonApp('/api/v1/timelines/public?limit=20')],
  ['mastodon: notifications', asMastodonApp('/api/v1/notifications?limit=20')],
);

// A newcomer's feeds (following two quiet members), read right after the same feeds of the
// benchmark members, who follow 300 and the three celebrities.
if (generated.newcomers) {
  let nextNewcomer = 0;
  const asNewcomer = (path) => ({
    method: 'GET',
    next: () => ({
      path,
      token: generated.newcomers[nextNewcomer++ % generated.newcomers.length].token,
    }),
  });
  const afterForYou = cases.findIndex(([name]) => name === 'for you') + 1;
  cases.splice(
    afterForYou,
    0,
    ['newcomer: following', asNewcomer('/api/posts/following')],
    ['newcomer: for you', asNewcomer('/api/posts/timeline')],
  );
}
// Posting as the most followed member against posting as a quiet one: whisps are read from the
// authors' side (no fan-out on write), so the two should cost the same.
if (generated.posters) {
  const { celebrity, quiet } = generated.posters;
  const { celebrity_followers, quiet_followers } = generated.counts;
  const asPoster = (poster, followers) => ({
    ...post(
      '/api/posts',
      () => poster.token,
      () => text('whisp'),
    ),
    followers,
  });
  cases.push(
    ['write: post, most followed', asPoster(celebrity, celebrity_followers)],
    ['write: post, few followers', asPoster(quiet, quiet_followers)],
  );
}

// BENCH_ONLY="following p1,for you" runs just those cases (after /health, the baseline).
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
if (only) {
  const unknown = only.filter((name) => !cases.some(([known]) => known === name));
  if (unknown.length) throw new Error(`BENCH_ONLY names no case: ${unknown.join(', ')}`);
  cases.splice(
    0,
    cases.length,
    ...cases.filter(([name]) => name === 'health' || only.includes(name)),
  );
}
// BENCH_CPU_PROFILE=<dir>: the server writes a V8 CPU profile there when it stops (open it in
// Chrome's DevTools, Performance panel).
const profileDir = process.env.BENCH_CPU_PROFILE;

// The blocks and mutes of the safety members, made anew on each run (set-based). Blocked members
// are ones they do not follow (a block ends follows); of the muted, 30 are members they follow
// (a tenth: whisps the feeds must then step over), the rest others. The words are ones the
// generated whisps use, so the muted-words members' feeds really leave whisps out.
const memberNumber = ({ username }) => Number(username.slice(1));
const safetyNumbers = safetyTokens.map(memberNumber);
const mutedWordsNumbers = mutedWordsTokens.map(memberNumber);
const uidSql = (expr) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
await database.open();
try {
  await database.exec(`
    delete from blocks where blocker_id in (select ${uidSql('m')} from unnest(array[${safetyNumbers}]::int[]) m);
    delete from mutes where muter_id in (select ${uidSql('m')} from unnest(array[${safetyNumbers}]::int[]) m);
    insert into blocks (blocker_id, blocked_id)
    select ${uidSql('m')}, candidate.id from unnest(array[${safetyNumbers}]::int[]) m
    cross join lateral (
      select u.id from users u
      where u.id <> ${uidSql('m')}
        and not exists (select 1 from follows f where f.follower_id = ${uidSql('m')} and f.followed_id = u.id)
        and not exists (select 1 from follows f where f.follower_id = u.id and f.followed_id = ${uidSql('m')})
      order by md5(u.id::text || m) limit 1000
    ) candidate
    on conflict do nothing;
    insert into mutes (muter_id, muted_id)
    select ${uidSql('m')}, followed.followed_id from unnest(array[${safetyNumbers}]::int[]) m
    cross join lateral (
      select f.followed_id from follows f where f.follower_id = ${uidSql('m')}
      order by md5(f.followed_id::text || m) limit 30
    ) followed
    on conflict do nothing;
    insert into mutes (muter_id, muted_id)
    select ${uidSql('m')}, candidate.id from unnest(array[${safetyNumbers}]::int[]) m
    cross join lateral (
      select u.id from users u
      where u.id <> ${uidSql('m')}
        and not exists (select 1 from blocks b where b.blocker_id = ${uidSql('m')} and b.blocked_id = u.id)
        and not exists (select 1 from follows f where f.follower_id = ${uidSql('m')} and f.followed_id = u.id)
      order by md5(u.id::text || m) limit 970
    ) candidate
    on conflict do nothing;
    insert into muted_words (user_id, word)
    select ${uidSql('m')}, word from unnest(array[${mutedWordsNumbers}]::int[]) m,
      unnest(array['rain', 'trains', 'football', '#tag7', '#tag12']) word
    where not exists (select 1 from muted_words w where w.user_id = ${uidSql('m')} and lower(w.word) = word);
    analyze blocks, mutes, muted_words;
  `);
} finally {
  await database.close();
}

// BENCH_PORT: a port of your choice; by default a free one.
const server = await startServer(database, {
  port: process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined,
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] : [],
  // One member posts for 5 s in the celebrity cases: the per-member limit must not answer.
  env: { WHISP_RATE_LIMIT_REQUESTS: '100000000/5m' },
});
const base = server.url;
const meter = cpuMeter(database, server.pid);

// An app authorized by each of 40 benchmark members, as a person does it: registered, consented
// to through Whisp's own API, the form's ticket posted, the code exchanged.
const mastodonWanted = cases.some(([name]) => name.startsWith('mastodon:'));
if (mastodonWanted) {
  const json = { 'content-type': 'application/json' };
  const redirect = 'urn:ietf:wg:oauth:2.0:oob';
  const registered = await (
    await fetch(`${base}/api/v1/apps`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ client_name: 'Benchmark', redirect_uris: redirect, scopes: 'read' }),
    })
  ).json();
  for (const { token } of plainTokens.slice(0, 40)) {
    const decided = await fetch(`${base}/api/oauth/authorization`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({
        response_type: 'code',
        client_id: registered.client_id,
        scope: 'read',
        decision: 'approve',
      }),
    });
    const { ticket } = (await decided.json()).data;
    const answer = await fetch(`${base}/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ ticket }),
      redirect: 'manual',
    });
    const code = new URL(answer.headers.get('location'), base).searchParams.get('code');
    const exchanged = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code,
        client_id: registered.client_id,
        client_secret: registered.client_secret,
        redirect_uri: redirect,
      }),
    });
    mastodonTokens.push((await exchanged.json()).access_token);
  }
}

// Walks 49 pages of the Following feed for some members, keeping where page 50 starts.
const deepPagesWanted = cases.some(([name]) => name === 'following p50');
for (const { token } of deepPagesWanted ? tokens.slice(0, 40) : []) {
  let cursor;
  for (let page = 1; page < 50; page++) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await fetch(`${base}/api/posts/following${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    cursor = (await response.json()).next_cursor;
    if (!cursor) break;
  }
  if (cursor)
    deepPages.push({ path: `/api/posts/following?cursor=${encodeURIComponent(cursor)}`, token });
}
if (deepPagesWanted && deepPages.length === 0)
  throw new Error('no member has 50 pages in the Following feed');

const drive = (spec, duration) =>
  autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: spec.method,
        setupRequest: (req) => {
          const { path, token, body } = spec.next();
          const headers = { ...req.headers };
          if (token) headers.authorization = `Bearer ${token}`;
          if (ACCEPT_ENCODING) headers['accept-encoding'] = ACCEPT_ENCODING;
          if (body !== undefined) headers['content-type'] = 'application/json';
          return { ...req, headers, path, ...(body !== undefined ? { body } : {}) };
        },
      },
    ],
  });

/** One measured slice of a case: what autocannon and the CPU meter saw. */
async function measure(spec, seconds) {
  const started = await meter.start();
  const result = await drive(spec, seconds);
  const cost = await meter.stop(started, result.requests.total);
  return { result, cost };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/** A per-request figure over slices, weighted by each slice's requests (null if none has it). */
const perRequestOver = (slices, key) =>
  slices.some(({ cost }) => cost[key] === null)
    ? null
    : +(
        slices.reduce((sum, { cost, result }) => sum + cost[key] * result.requests.total, 0) /
        Math.max(
          1,
          slices.reduce((sum, { result }) => sum + result.requests.total, 0),
        )
      ).toFixed(3);

function report(name, spec, slices) {
  const requests = slices.reduce((sum, { result }) => sum + result.requests.total, 0);
  const pick = (read) => (slices.length === 1 ? read(slices[0]) : median(slices.map(read)));
  const row = {
    endpoint: name,
    path: spec.next().path,
    ...(spec.followers !== undefined ? { followers: spec.followers } : {}),
    rps: Math.round(pick(({ result }) => result.requests.average)),
    p50_ms: pick(({ result }) => result.latency.p50),
    p99_ms: pick(({ result }) => result.latency.p99),
    requests,
    // What crossed the wire per answer, body and headers: what compression saves.
    bytes_per_answer: Math.round(
      slices.reduce((sum, { result }) => sum + result.throughput.total, 0) / Math.max(1, requests),
    ),
    non2xx: slices.reduce((sum, { result }) => sum + result.non2xx, 0),
    errors: slices.reduce((sum, { result }) => sum + result.errors + result.timeouts, 0),
    // Per request: CPU milliseconds of the server and of PostgreSQL, and statements sent.
    server_cpu_ms: perRequestOver(slices, 'server_cpu_ms'),
    server_system_cpu_ms: perRequestOver(slices, 'server_system_cpu_ms'),
    postgres_cpu_ms: perRequestOver(slices, 'postgres_cpu_ms'),
    statements: perRequestOver(slices, 'statements'),
    // BENCH_ROUNDS: each round's own figures, to show how far they spread.
    ...(slices.length > 1
      ? {
          rounds: slices.map(({ result, cost }) => ({
            rps: Math.round(result.requests.average),
            p99_ms: result.latency.p99,
            server_cpu_ms: cost.server_cpu_ms,
            postgres_cpu_ms: cost.postgres_cpu_ms,
          })),
        }
      : {}),
  };
  results.push(row);
  console.log(
    `${name}: ${row.rps} req/s, p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, ${row.bytes_per_answer} B/answer, CPU ${row.server_cpu_ms} ms server (${row.server_system_cpu_ms} in the kernel) + ${row.postgres_cpu_ms} ms PostgreSQL, ${row.statements} statements`,
  );
}

// BENCH_ROUNDS=N (reads only): each read case is measured in N slices of BENCH_SECONDS, the cases
// taking turns round after round, so that a drift of the machine over the run (other tenants, the
// clock) falls on every case alike instead of on whichever ran at the time. Requests/s, p50 and
// p99 are then the median of the slices, CPU per request over all of them. Writes run after, once.
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const results = [];
try {
  const reads = cases.filter(([name]) => !name.startsWith('write:'));
  const writes = cases.filter(([name]) => name.startsWith('write:'));
  const slices = new Map(reads.map(([name]) => [name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, spec] of reads) {
      // Unmeasured first: V8 compiles the route's code and each pooled connection prepares its
      // statements, as in a server that has been up for more than a few seconds.
      if (round === 0 && WARMUP > 0) await drive(spec, WARMUP);
      slices.get(name).push(await measure(spec, DURATION));
      if (ROUNDS === 1) report(name, spec, slices.get(name));
    }
  }
  if (ROUNDS > 1) for (const [name, spec] of reads) report(name, spec, slices.get(name));
  for (const [name, spec] of writes) {
    if (WARMUP > 0) await drive(spec, WARMUP);
    report(name, spec, [await measure(spec, DURATION)]);
  }
} finally {
  // Let the last in-flight requests finish before the server stops.
  await new Promise((r) => setTimeout(r, 1000));
  await server.stop();
  // The write cases leave thousands of whisps at the newest end, which every later run's search
  // and hashtag pages (both read newest first) would have to walk past: the network is put back
  // as generated. Their likes, bookmarks and notifications go with them; triggers keep the counts.
  await database.open();
  try {
    await database.exec(`delete from posts where content like '${BENCH_TEXT_PREFIX} %'`);
    // Until vacuumed, the deleted rows stay in the indexes for the next run to step over, and
    // each whisp, like and follow left a dead version of its members' counters: 36,000 in
    // users after one run, which made the next run's Following page 1 833 requests/s, not 1,250.
    // The safety members' blocks and mutes are made anew by every run: unvacuumed, the tables
    // grew by their whole size each time, and the generic plans that read them changed with it
    // (after some runs the sign-in check's stopped reading all of blocks and mutes, so a
    // before-and-after pair depended on how many runs the database had seen).
    await database.exec(
      'vacuum analyze posts, likes, notifications, users, follows, hashtag_counts, blocks, mutes, muted_words',
    );
  } finally {
    await database.close();
  }
}

const health = results[0].rps;
for (const row of results) row.ratio_to_health = +(row.rps / health).toFixed(3);
console.table(
  results.map((row) => ({
    endpoint: row.endpoint,
    'req/s': row.rps,
    'p50 ms': row.p50_ms,
    'p99 ms': row.p99_ms,
    'vs /health': row.ratio_to_health,
    'server CPU ms': row.server_cpu_ms,
    'PG CPU ms': row.postgres_cpu_ms,
    statements: row.statements,
    non2xx: row.non2xx,
    errors: row.errors,
  })),
);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = join(root, generated.embedded ? 'bench/results/embedded' : 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const out = join(resultsDir, `${stamp}.json`);
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: describeMachine(),
      database: generated.embedded ? EMBEDDED_LABEL : url.replace(/\/\/[^@]*@/, '//'),
      ...(generated.embedded ? { data_dir: generated.dataDir } : {}),
      network: { whisps, members: generated.members, counts: generated.counts },
      duration_s: DURATION,
      warmup_s: WARMUP,
      connections: CONNECTIONS,
      rounds: ROUNDS,
      accept_encoding: ACCEPT_ENCODING ?? null,
      // BENCH_SERVER: another checkout's build was measured (a before), not this one's.
      server: process.env.BENCH_SERVER ?? 'apps/server/dist/server.js',
      results,
    },
    null,
    1,
  ),
);
console.log(`written ${out}`);
