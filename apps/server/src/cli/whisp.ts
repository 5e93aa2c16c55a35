import { ConfigError, loadConfig } from '../config.js';
import { createDatabase } from '../db/create-database.js';
import { DataDirectoryLockedError } from '../db/data-dir-lock.js';
import { runMigrations } from '../db/migrate.js';
import { scriptArguments } from '../db/transfer/cli-support.js';
import { createPostgresBus } from '../events/postgres-bus.js';
import { CommandError, ROLE_USAGE, setRoleFromCommandLine } from './role.js';

// `pnpm whisp <command>`: administration from the server's command line. One command so far:
// `pnpm whisp role <username> <member|moderator|admin>`.
const [command, ...args] = scriptArguments();

try {
  if (command !== 'role') throw new CommandError(ROLE_USAGE);
  const config = loadConfig();
  // The embedded database takes one process at a time: with the server running this stops here,
  // naming the directory, and the change waits for the server to stop.
  const database = await createDatabase(config);
  try {
    await runMigrations(database);
    // Servers on PostgreSQL cache sign-ins for a minute: tell them, as a role change in the app does.
    const bus = config.databaseUrl
      ? await createPostgresBus({
          connectionString: config.databaseUrl,
          kysely: database.kysely,
          log: { warn: () => {}, info: () => {} },
        })
      : undefined;
    try {
      const message = await setRoleFromCommandLine(database, args, {
        adminEmails: config.adminEmails,
        memberChanged: bus ? (memberId) => bus.publish([{ memberId, kind: 'member' }]) : undefined,
      });
      console.log(message);
    } finally {
      await bus?.close();
    }
  } finally {
    await database.close();
  }
  process.exit(0);
} catch (error) {
  // A refusal the person can act on is its message alone; anything else with its stack.
  const expected =
    error instanceof CommandError ||
    error instanceof ConfigError ||
    error instanceof DataDirectoryLockedError;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
}
