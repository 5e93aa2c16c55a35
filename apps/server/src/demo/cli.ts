import { loadConfig, mediaDirectory } from '../config.js';
import { createDatabase } from '../db/create-database.js';
import { runMigrations } from '../db/migrate.js';
import { createLocalDiskStorage } from '../media/storage.js';
import { DEMO_SIGN_IN, loadDemoNetwork } from './seed.js';
import { describeDemo } from './startup.js';

// `pnpm seed`: loads the demo network into the configured database on demand.
const config = loadConfig();
const database = await createDatabase(config);
try {
  await runMigrations(database);
  const existing = await database.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_SIGN_IN.email)
    .executeTakeFirst();
  if (existing) {
    console.log(
      `The demo network is already loaded. Sign in as ${DEMO_SIGN_IN.email} / ${DEMO_SIGN_IN.password}`,
    );
  } else {
    const storage = createLocalDiskStorage(mediaDirectory(config));
    const summary = await loadDemoNetwork(database.kysely, storage, {
      passwordHashMemoryMiB: config.passwordHashMemoryMiB,
    });
    console.log(describeDemo(summary));
  }
} finally {
  await database.close();
}
