/**
 * The bounded soak: `pnpm soak` starts the server on loopback, signs up simulated members, runs a
 * realistic mix for SOAK_SECONDS while sampling the server's memory, then checks that nothing
 * failed (no 5xx), memory stayed flat and no count drifted. Exits 1 when a check fails.
 *
 * Settings (environment): SOAK_SECONDS (180), SOAK_MEMBERS (200), SOAK_SAMPLE_SECONDS (10),
 * SOAK_STREAMS (members keeping an event stream open, default a tenth), SOAK_MAX_MEMORY_GROWTH
 * (0.2: the live heap and the RSS may grow 20 % from the first third of the run to the last), SOAK_SERVER (`source`, or `built` to
 * run dist/server.js after `pnpm build`), SOAK_DATA_DIR (an embedded data directory to use and
 * keep; by default a new one is made and deleted). With DATABASE_URL the server runs on that
 * PostgreSQL, in a new schema dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../src/db/create-database.js';
import { type Drift, RECONCILE_RULES, reconcile } from '../src/db/reconcile.js';
import {
  type ServerEntry,
  type ServerProcess,
  startServerProcess,
} from '../test-support/server-process.mjs';
import { signUp } from './client.js';
import { openEventStreams } from './event-streams.js';
import { collectMemory, memoryReportingArgs, memoryTrend } from './memory.js';
import { createMix } from './mix.js';
import { createStats } from './stats.js';
import { printSummary, type SoakResult } from './summary.js';

// Each sign-up costs the server one slow password hash (scrypt, 128 MiB): two at a time.
const SIGN_UP_CONCURRENCY = 2;
// Between two steps of one member: reading a whisp, typing a reply.
const THINK_MS = { min: 500, max: 3_500 };
// A shorter run is dominated by warm-up (JIT, caches filling): its memory is shown, not judged.
const MIN_SECONDS_TO_JUDGE_MEMORY = 60;

function setting(name: string, fallback: number) {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name}=${JSON.stringify(raw)}: expected a number of 0 or more`);
  }
  return value;
}

export interface SoakSettings {
  seconds: number;
  members: number;
  sampleSeconds: number;
  streams: number;
  maxMemoryGrowth: number;
  entry: ServerEntry;
  dataDir: string | undefined;
  postgresUrl: string | undefined;
}

function readSettings(): SoakSettings {
  const members = Math.max(2, Math.round(setting('SOAK_MEMBERS', 200)));
  const entry = process.env.SOAK_SERVER ?? 'source';
  if (entry !== 'source' && entry !== 'built') {
    throw new Error(`SOAK_SERVER=${JSON.stringify(entry)}: expected source or built`);
  }
  return {
    seconds: setting('SOAK_SECONDS', 180),
    members,
    sampleSeconds: Math.max(0.5, setting('SOAK_SAMPLE_SECONDS', 10)),
    streams: Math.min(members, Math.round(setting('SOAK_STREAMS', Math.ceil(members / 10)))),
    maxMemoryGrowth: setting('SOAK_MAX_MEMORY_GROWTH', 0.2),
    entry,
    dataDir: process.env.SOAK_DATA_DIR || undefined,
    postgresUrl: process.env.DATABASE_URL || undefined,
  };
}

/** A client address per member (10.x.y.z), so sign-ups are not all one address's quota. */
function addressFor(index: number) {
  const salt = randomBytes(1)[0] ?? 0;
  return `10.${salt}.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function inSchema(serverUrl: string, schema: string) {
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

/** Where the server keeps its data for this run, and how to clean it up. */
async function prepareStorage(settings: SoakSettings) {
  const ownDataDir = settings.dataDir === undefined;
  const dataDir = settings.dataDir ?? mkdtempSync(path.join(tmpdir(), 'whisp-soak-'));
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (settings.postgresUrl) {
    schema = `soak_${randomBytes(6).toString('hex')}`;
    await adminQuery(settings.postgresUrl, `create schema ${schema}`);
    databaseUrl = inSchema(settings.postgresUrl, schema);
  }
  return {
    dataDir,
    databaseUrl,
    description: schema ? `PostgreSQL (schema ${schema})` : `the embedded database in ${dataDir}`,
    async cleanUp() {
      if (schema && settings.postgresUrl) {
        await adminQuery(settings.postgresUrl, `drop schema ${schema} cascade`);
      }
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function signUpMembers(url: string, count: number) {
  const members: Awaited<ReturnType<typeof signUp>>[] = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const index = next;
      next += 1;
      members[index] = await signUp(url, `soak${index}`, addressFor(index));
    }
  }
  await Promise.all(Array.from({ length: SIGN_UP_CONCURRENCY }, worker));
  return members;
}

async function runMix(
  server: ServerProcess,
  settings: SoakSettings,
  stats: ReturnType<typeof createStats>,
) {
  const signUpStarted = performance.now();
  const members = await signUpMembers(server.url, settings.members);
  const signUpSeconds = (performance.now() - signUpStarted) / 1000;
  console.log(
    `Signed up ${members.length} members in ${signUpSeconds.toFixed(1)} s; the mix starts`,
  );

  const streams = openEventStreams(
    server.url,
    members.slice(0, settings.streams).map((member) => member.token),
  );
  const memory = collectMemory(server, (sample) => {
    const { requests, serverErrorCount } = stats.summary();
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `  ${sample.atSeconds.toFixed(0).padStart(4)} s: ${requests} requests, ${serverErrorCount} 5xx, RSS ${mb(sample.rssBytes)}, live heap ${mb(sample.heapBytes)}`,
    );
  });
  const mix = createMix(server.url, members, stats);
  const started = performance.now();
  const deadline = started + settings.seconds * 1000;
  const think = () =>
    new Promise((resolve) =>
      setTimeout(resolve, THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min)),
    );
  await Promise.all(
    members.map(async (member) => {
      // Members arrive over the first think time rather than all in the same millisecond.
      await think();
      while (performance.now() < deadline && !server.hasExited()) {
        await mix.act(member);
        await think();
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  memory.stop();
  const streamStats = streams.stats();
  await streams.close();
  return { signUpSeconds, elapsedSeconds, memorySamples: memory.samples, streams: streamStats };
}

async function main() {
  const settings = readSettings();
  const storage = await prepareStorage(settings);
  const stats = createStats();
  let server: ServerProcess | undefined;
  try {
    server = await startServerProcess({
      entry: settings.entry,
      nodeArgs: memoryReportingArgs(),
      env: {
        SOAK_MEMORY_SAMPLE_MS: String(settings.sampleSeconds * 1000),
        WHISP_DATA_DIR: storage.dataDir,
        DATABASE_URL: storage.databaseUrl,
        // Honoured when set: shared rate limits are part of what a deployment runs.
        REDIS_URL: process.env.REDIS_URL || undefined,
        // Each member sends its own X-Forwarded-For, as members behind a load balancer would.
        TRUST_PROXY: 'true',
      },
    });
    console.log(
      `Soak: ${settings.members} members for ${settings.seconds} s against the ${settings.entry} server (pid ${server.pid}) on ${storage.description}`,
    );
    const run = await runMix(server, settings, stats);
    const serverDied = server.hasExited();

    const stopStarted = performance.now();
    server.kill('SIGTERM');
    const exit = await server.exited;
    const stopSeconds = (performance.now() - stopStarted) / 1000;

    let drifts: Drift[] = [];
    const database = await createDatabase(
      { dataDir: storage.dataDir, databaseUrl: storage.databaseUrl },
      { warn: () => {} },
    );
    try {
      drifts = await reconcile(database);
    } finally {
      await database.close();
    }

    const result: SoakResult = {
      settings,
      ...run,
      stats: stats.summary(),
      heap: memoryTrend(run.memorySamples, (sample) => sample.heapBytes),
      rss: memoryTrend(run.memorySamples, (sample) => sample.rssBytes),
      judgeMemory: run.elapsedSeconds >= MIN_SECONDS_TO_JUDGE_MEMORY,
      drifts,
      rulesChecked: RECONCILE_RULES.length,
      serverDied,
      exit: { ...exit, seconds: stopSeconds },
      serverOutputTail: serverDied || exit.code !== 0 ? server.output().slice(-3_000) : '',
    };
    const passed = printSummary(result);
    process.exitCode = passed ? 0 : 1;
  } finally {
    server?.kill('SIGKILL');
    await storage.cleanUp();
  }
}

try {
  await main();
} catch (error) {
  console.error('The soak could not run:', error);
  process.exitCode = 1;
}
