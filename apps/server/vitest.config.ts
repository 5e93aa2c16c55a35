import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';

// Workspace packages resolve to their TypeScript source, as in `pnpm dev`.
const conditions = ['@whisp/source'];

// Two passes run this project: the embedded pass (no DATABASE_URL: `pnpm test`) and the PostgreSQL
// pass (DATABASE_URL set, with REDIS_URL: CI's second run, `.ci/run`). A test file runs in both
// when what it proves depends on the database, and in one pass only when the other would repeat
// it or cannot run it. A file left out of a pass is not a skipped test: it is not collected there.
// The rule:
// - embedded pass only: what never touches PostgreSQL whatever DATABASE_URL says (processes on an
//   embedded data directory, the data directory's lock, code with no database at all) and the soak
//   smoke test (the soak script is the same on both; its default, embedded, is the one run);
const EMBEDDED_PASS_ONLY = [
  'test/faults/soak-smoke.test.ts',
  'test/faults/shutdown-connections.test.ts',
  'test/db/data-dir-lock.test.ts',
  'test/db/embedded-create.test.ts',
  'test/auth/passwords.test.ts',
  'test/auth/session-cache.test.ts',
  'test/config.test.ts',
  'test/media/storage.test.ts',
  'test/media/upload-memory.test.ts',
  'test/account-data/deep-json-memory.test.ts',
  'test/posts/content.test.ts',
  'test/validation.test.ts',
  'test/account-data/archive-limits.test.ts',
  'test/oidc/provider-config.test.ts',
  'test/federation/remote-html.test.ts',
];
// - PostgreSQL pass only: what needs a PostgreSQL server or Redis and behaves the same whatever
//   DATABASE_URL says (several instances on one PostgreSQL and one Redis, a throwaway cluster
//   restarted under load, the move from the embedded database to PostgreSQL, Redis rate limits).
//   Without PostgreSQL `.ci/run` says so and skips the pass; these files then do not run at all.
const POSTGRES_PASS_ONLY = [
  'test/scale-out/three-instances.test.ts',
  'test/faults/postgres-restart.test.ts',
  'test/db/transfer.test.ts',
  'test/plugins/rate-limits-redis.test.ts',
  'test/jobs/two-instances.test.ts',
];
// Files that differ by database inside (server.test.ts, faults/sigkill.test.ts: a process lifecycle
// or a crash on each) run in both passes and choose their tests by DATABASE_URL.
const postgresPass = Boolean(process.env.DATABASE_URL);

// A renamed or deleted file must not quietly fall out of the rule.
const listed = [...EMBEDDED_PASS_ONLY, ...POSTGRES_PASS_ONLY];
const missing = listed.filter((file) => !existsSync(fileURLToPath(new URL(file, import.meta.url))));
if (missing.length) {
  throw new Error(`apps/server/vitest.config.ts lists test files that do not exist: ${missing}`);
}

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(postgresPass ? EMBEDDED_PASS_ONLY : POSTGRES_PASS_ONLY),
    ],
    globalSetup: ['test/global-setup.ts'],
    // Each worker runs file after file in one process with the modules from node_modules loaded
    // once (Fastify, zod, Kysely, PGlite, pg): a fresh process and module graph for every file cost
    // about 2.6 CPU-seconds each, half the CPU time of a run of small files. The repository's own
    // modules are still loaded afresh for each file (test/fresh-modules.ts).
    isolate: false,
    setupFiles: ['test/fresh-modules.ts'],
    // An embedded database takes seconds to open on a busy machine, more when a fresh one is created.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each test file holds its own embedded database (WASM PostgreSQL, CPU-bound); two at a time
    // keeps both cores of a CI machine busy without making each open slower.
    fileParallelism: true,
    maxWorkers: 2,
    // Projects with their own worker limits run as separate groups, one after another.
    sequence: { groupOrder: 1 },
  },
});
