import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config.js';
import { loadDemoNetwork } from '../../demo/seed.js';
import { createLocalDiskStorage } from '../../media/storage.js';
import { createDatabase } from '../create-database.js';
import { runMigrations } from '../migrate.js';
import { explainQueries, growForPlans } from './query-plans.js';

// `pnpm --filter @whisp/server explain`: the demo network plus 5,000 whisps in a throwaway
// embedded database (or DATABASE_URL, which should then be an empty scratch database), then the
// EXPLAIN of each feed, search and profile query.
const config = loadConfig();
const scratch = config.databaseUrl
  ? undefined
  : await mkdtemp(path.join(tmpdir(), 'whisp-explain-'));
const dataDir = scratch ?? config.dataDir;
const database = await createDatabase({ ...config, dataDir });
try {
  await runMigrations(database);
  await loadDemoNetwork(database.kysely, createLocalDiskStorage(path.join(dataDir, 'media')), {
    passwordHashMemoryMiB: 1,
  });
  await growForPlans(database.kysely, 20_000);
  const counts = await database.kysely
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('posts'))
    .executeTakeFirstOrThrow();
  console.log(`${counts.posts} posts (${database.kind} database)\n`);
  for (const { name, plan } of await explainQueries(database.kysely, {
    plannedPerCall: database.kyselyPlannedPerCall,
  })) {
    console.log(`== ${name}\n${plan}\n`);
  }
} finally {
  await database.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
