// pnpm bench:account: a member with 10,000 whisps and ~500 MB of media exports their account
// (GET /api/users/me/export) and imports it into another account (POST /api/users/me/import),
// while the server process's memory is sampled every 50 ms (RSS, and the V8 heap from inside the
// process). Shows that neither the archive nor all the media are ever held in memory.
//
// Data is made quickly and directly: the whisps by one INSERT … generate_series, the media as
// real JPEGs written by sharp into the media directory (a few noise pictures of ~5 MB, each copy
// made distinct by a JPEG comment segment, so every file has its own content-hash key).
//
// On PostgreSQL (BENCH_ACCOUNT_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
// whisp_bench_account, dropped and created again), the server from source through tsx.
// Environment: BENCH_ACCOUNT_WHISPS (10000), BENCH_ACCOUNT_FILES (100), BENCH_ACCOUNT_FILE_MB (4.9).
// Writes bench/results/account-transfer-<time>.json.
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { startServerProcess } from '../apps/server/test-support/server-process.mjs';
import { postgresDatabase } from './lib/bench-database.mjs';
import { describeMachine } from './lib/machine-info.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WHISPS = Number(process.env.BENCH_ACCOUNT_WHISPS ?? 10_000);
const FILES = Number(process.env.BENCH_ACCOUNT_FILES ?? 100);
// Under 500 MiB in all (ACCOUNT_ARCHIVE_MAX_BYTES), JSON files included.
const FILE_BYTES = Math.round(Number(process.env.BENCH_ACCOUNT_FILE_MB ?? 4.9) * 1_000_000);
const SAMPLE_MS = 50;
const databaseUrl =
  process.env.BENCH_ACCOUNT_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/whisp_bench_account';

// sharp is the server's own dependency.
const sharp = createRequire(join(root, 'apps/server/package.json'))('sharp');

const work = mkdtempSync(join(tmpdir(), 'whisp-bench-account-'));
const mediaDir = join(work, 'media');
const probe = join(work, 'memory-probe.mjs');
writeFileSync(
  probe,
  `setInterval(() => {
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    process.stdout.write(JSON.stringify({ bench_memory: { at: Date.now(), rss, heapUsed, external, arrayBuffers } }) + '\\n');
  }, ${SAMPLE_MS}).unref();\n`,
);

const database = postgresDatabase(databaseUrl);
database.reset();
const server = await startServerProcess({
  entry: 'source',
  nodeArgs: ['--import', probe],
  timeoutMs: 120_000,
  env: {
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    WHISP_DATA_DIR: join(work, 'data'),
    WHISP_MEDIA_DIR: mediaDir,
    WHISP_DEMO: 'off',
    WHISP_PASSWORD_HASH_MEMORY: '1',
  },
});
const samples = [];
server.onLine((line) => {
  if (line.startsWith('{"bench_memory"')) samples.push(JSON.parse(line).bench_memory);
});

try {
  const ada = await register('ada');
  const cleo = await register('cleo');

  const started = Date.now();
  const { keys, total: mediaBytes } = await writePictures(FILES, FILE_BYTES);
  await database.exec(`
    insert into post_media (user_id, key, kind)
    select '${ada.id}', key, 'image' from unnest(array[${keys.map((k) => `'${k}'`).join(',')}]::text[]) as key;
    insert into posts (author_id, content, media_keys, hashtags, created_at)
    select '${ada.id}', 'Whisp number ' || n || ' #bench', 
           case when n <= ${keys.length} then array[(array[${keys.map((k) => `'${k}'`).join(',')}]::text[])[n]] else '{}' end,
           array['bench'], now() - (n || ' minutes')::interval
    from generate_series(1, ${WHISPS}) as n;
  `);
  console.log(
    `data: ${WHISPS} whisps, ${keys.length} JPEGs of ${(mediaBytes / Math.max(1, keys.length) / 1e6).toFixed(2)} MB ` +
      `(${(mediaBytes / 1e6).toFixed(0)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  await settle();
  const archive = join(work, 'export.zip');
  const exported = await measure('export', async () => {
    const response = await fetch(`${server.url}/api/users/me/export`, {
      headers: { authorization: `Bearer ${ada.token}` },
    });
    if (!response.ok) throw new Error(`export: ${response.status} ${await response.text()}`);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(archive));
    return {
      archive_bytes: statSync(archive).size,
      content_length: response.headers.get('content-length'),
    };
  });

  await settle();
  const imported = await measure('import', async () => {
    const form = new FormData();
    form.append('archive', await openAsBlob(archive, { type: 'application/zip' }), 'export.zip');
    const response = await fetch(`${server.url}/api/users/me/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${cleo.token}` },
      body: form,
    });
    const body = await response.json();
    if (!response.ok) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
    return { summary: body.data };
  });

  const result = {
    date: new Date().toISOString(),
    machine: describeMachine(),
    database: 'PostgreSQL',
    whisps: WHISPS,
    media_files: keys.length,
    media_bytes: mediaBytes,
    sample_ms: SAMPLE_MS,
    export: exported,
    import: imported,
  };
  const out = join(
    root,
    'bench/results',
    `account-transfer-${result.date.replace(/[:.]/g, '-')}.json`,
  );
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nwritten to ${out}`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}

async function register(name) {
  const username = `${name}_${Date.now().toString(36)}`;
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${username}@example.com`,
      password: 'correct horse battery',
      username,
      display_name: name,
    }),
  });
  const body = await response.json();
  if (response.status !== 201) throw new Error(`register: ${JSON.stringify(body)}`);
  return { id: body.data.user.id, token: body.data.token };
}

/**
 * `count` JPEGs of about `bytes` each, in the media directory's layout, named by the SHA-256 of
 * their bytes as the server names files. A few noise pictures are encoded; each copy gets a
 * comment segment (FF FE) of its own right after the start marker, which keeps it a valid JPEG.
 */
async function writePictures(count, bytes) {
  const bases = [];
  for (let seed = 0; seed < 4; seed += 1) {
    // Noise compresses badly: about 0.66 bytes a pixel at quality 90.
    const side = Math.round(Math.sqrt(bytes / 0.66));
    const jpeg = await sharp({
      create: {
        width: side,
        height: side,
        channels: 3,
        noise: { type: 'gaussian', mean: 120 + seed, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    bases.push(jpeg);
  }
  const keys = [];
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    const base = bases[index % bases.length];
    const comment = Buffer.from(`whisp bench picture ${index}`);
    const segment = Buffer.alloc(4 + comment.length);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(comment.length + 2, 2);
    comment.copy(segment, 4);
    const file = Buffer.concat([base.subarray(0, 2), segment, base.subarray(2)]);
    const key = `${createHash('sha256').update(file).digest('hex')}.jpg`;
    mkdirSync(join(mediaDir, key.slice(0, 2)), { recursive: true });
    writeFileSync(join(mediaDir, key.slice(0, 2), key), file);
    keys.push(key);
    total += file.length;
  }
  return { keys, total };
}

/** Lets the server's memory come to rest between phases. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 3_000));
}

async function measure(name, run) {
  const before = samples.at(-1);
  const from = Date.now();
  const details = await run();
  const seconds = (Date.now() - from) / 1000;
  await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS * 3));
  const during = samples.filter((sample) => sample.at >= from);
  const peak = (field) => Math.max(...during.map((sample) => sample[field]));
  const mb = (value) => Math.round((value / 1024 / 1024) * 10) / 10;
  const figures = {
    seconds,
    samples: during.length,
    rss_before_mb: mb(before.rss),
    rss_peak_mb: mb(peak('rss')),
    heap_before_mb: mb(before.heapUsed),
    heap_peak_mb: mb(peak('heapUsed')),
    array_buffers_peak_mb: mb(peak('arrayBuffers')),
    ...details,
  };
  console.log(`${name}: ${JSON.stringify(figures)}`);
  return figures;
}
