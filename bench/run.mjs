// pnpm bench: starts the built server on the network made by `pnpm bench:data` and drives it over
// loopback with autocannon, endpoint after endpoint, bounded in time. Writes bench/results/<time>.json.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const generated = JSON.parse(
  readFileSync(join(root, process.env.BENCH_TOKENS ?? 'bench/results/tokens.json'), 'utf8'),
);
const url = process.env.BENCH_DATABASE_URL ?? generated.url;
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = String(Number(process.env.BENCH_PORT ?? 38000 + Math.floor(Math.random() * 1000)));
const base = `http://127.0.0.1:${port}`;
const { tokens, whisps } = generated;
const hex = (n) => n.toString(16).padStart(12, '0');
const uid = (n) => `00000000-0000-4000-8000-${hex(n)}`;
const pid = (n) => `00000000-0000-4000-9000-${hex(n)}`;

// Requests go round the benchmark members' tokens, so the per-member rate limit (600 per 5
// minutes) is not what is measured.
let next = 0;
const auth = () => `Bearer ${tokens[next++ % tokens.length].token}`;
let counter = 0;
const get = (path) => ({ method: 'GET', path, auth: true });
const cases = [
  ['health', { method: 'GET', path: '/health' }],
  ['following p1', get('/api/posts/following')],
  ['following p50', get('/api/posts/following?page=50')],
  ['for you', get('/api/posts/timeline')],
  ['public', get('/api/posts/public')],
  ['profile', get('/api/users/profile/m1')],
  ['profile whisps', get(`/api/users/${uid(1)}/posts`)],
  ['search', get('/api/search?q=coffee')],
  ['hashtag', get('/api/search/hashtag/tag1')],
  ['notifications', get('/api/notifications')],
  ['conversations', get('/api/messages/conversations')],
  [
    'write: post',
    {
      method: 'POST',
      auth: true,
      path: '/api/posts',
      body: () => JSON.stringify({ content: `Benchmark whisp ${++counter} #bench` }),
    },
  ],
  [
    'write: like',
    {
      method: 'POST',
      auth: true,
      path: () => `/api/posts/${pid(1 + Math.floor(Math.random() * whisps))}/like`,
    },
  ],
];

const server = spawn('node', [join(root, 'apps/server/dist/server.js')], {
  env: { ...process.env, DATABASE_URL: url, PORT: port, WHISP_DEMO: 'off', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {}
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const results = [];
try {
  for (const [name, spec] of cases) {
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: spec.method,
          setupRequest: (req) => {
            const headers = { ...req.headers };
            if (spec.auth) headers.authorization = auth();
            const out = {
              ...req,
              headers,
              path: typeof spec.path === 'function' ? spec.path() : spec.path,
            };
            if (spec.method === 'POST') {
              headers['content-type'] = 'application/json';
              out.body = spec.body ? spec.body() : '{}';
            }
            return out;
          },
        },
      ],
    });
    const row = {
      endpoint: name,
      path: typeof spec.path === 'function' ? spec.path() : spec.path,
      rps: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
    results.push(row);
    console.log(`${name}: ${row.rps} req/s, p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms`);
  }
} finally {
  // Let the last in-flight requests finish before the server stops.
  await new Promise((r) => setTimeout(r, 1000));
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
}

const health = results[0].rps;
for (const row of results) row.ratio_to_health = +(row.rps / health).toFixed(3);
console.table(
  results.map(({ endpoint, rps, p50_ms, p99_ms, ratio_to_health, non2xx, errors }) => ({
    endpoint,
    'req/s': rps,
    'p50 ms': p50_ms,
    'p99 ms': p99_ms,
    'vs /health': ratio_to_health,
    non2xx,
    errors,
  })),
);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = join(root, `bench/results/${stamp}.json`);
writeFileSync(
  out,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpu: os.cpus()[0]?.model,
        memory_gb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      database: url.replace(/\/\/[^@]*@/, '//'),
      network: { whisps, members: generated.members, counts: generated.counts },
      duration_s: DURATION,
      connections: CONNECTIONS,
      results,
    },
    null,
    1,
  ),
);
console.log(`written ${out}`);
