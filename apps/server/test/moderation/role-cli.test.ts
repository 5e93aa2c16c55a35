import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { CommandError, ROLE_USAGE, setRoleFromCommandLine } from '../../src/cli/role.js';
import { createDatabase } from '../../src/db/create-database.js';
import type { Database } from '../../src/db/database.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import {
  makeMigratedEmbeddedDataDir,
  openMigratedTestDatabase,
  quietDatabaseLogger,
  type TestDatabase,
  testConfig,
} from '../helpers.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

async function addMember(database: Database, username: string, email = `${username}@example.com`) {
  const { users } = createRepositories(database.kysely);
  return users.create({
    email,
    username,
    passwordHash: await hashPassword('correct horse battery', 1),
    displayName: username,
    bio: null,
  });
}

const storedRole = async (database: Database, id: string) =>
  (
    await database.kysely
      .selectFrom('users')
      .select('role')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).role;

describe('pnpm whisp role <username> <role>', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openMigratedTestDatabase();
  });
  afterAll(() => testDatabase?.destroy());

  const command = (args: string[], adminEmails: string[] = []) =>
    setRoleFromCommandLine(testDatabase.database, args, { adminEmails });

  it('grants each role by username, with or without @, in any case', async () => {
    const member = await addMember(testDatabase.database, 'cli_ada');
    expect(await command(['cli_ada', 'moderator'])).toBe('@cli_ada is now a moderator.');
    expect(await storedRole(testDatabase.database, member.id)).toBe('moderator');
    expect(await command(['@CLI_Ada', 'ADMIN'])).toBe('@cli_ada is now an admin.');
    expect(await storedRole(testDatabase.database, member.id)).toBe('admin');
    expect(await command(['cli_ada', 'member'])).toBe('@cli_ada is now a member.');
    expect(await storedRole(testDatabase.database, member.id)).toBe('member');
  });

  it('says how to use it, which roles exist and which member is unknown', async () => {
    await expect(command([])).rejects.toThrow(new CommandError(ROLE_USAGE));
    await expect(command(['cli_ada'])).rejects.toThrow(ROLE_USAGE);
    await expect(command(['cli_ada', 'moderator', 'extra'])).rejects.toThrow(ROLE_USAGE);
    await expect(command(['cli_ada', 'owner'])).rejects.toThrow(
      'There is no role "owner": choose member, moderator, admin.',
    );
    await expect(command(['nobody_here', 'moderator'])).rejects.toThrow(
      'No member is named @nobody_here.',
    );
  });

  it('tells that WHISP_ADMIN_EMAILS keeps a configured admin an admin', async () => {
    await addMember(testDatabase.database, 'cli_boss', 'cli_boss@example.com');
    expect(await command(['cli_boss', 'member'], ['cli_boss@example.com'])).toBe(
      '@cli_boss is now a member. They stay an admin while their email is in WHISP_ADMIN_EMAILS.',
    );
  });

  it('runs from the command line on the configured database', async () => {
    const dataDir = makeMigratedEmbeddedDataDir();
    try {
      const config = testConfig({ dataDir });
      const database = await createDatabase(config, quietDatabaseLogger);
      let id: string;
      try {
        id = (await addMember(database, 'cli_grace')).id;
      } finally {
        await database.close();
      }
      const { stdout } = await run(
        'pnpm',
        [
          'exec',
          'tsx',
          '--conditions=@whisp/source',
          'src/cli/whisp.ts',
          'role',
          'cli_grace',
          'moderator',
        ],
        { cwd: serverDir, env: { ...process.env, WHISP_DATA_DIR: dataDir, DATABASE_URL: '' } },
      );
      expect(stdout.trim()).toBe('@cli_grace is now a moderator.');
      const reopened = await createDatabase(config, quietDatabaseLogger);
      try {
        expect(await storedRole(reopened, id)).toBe('moderator');
      } finally {
        await reopened.close();
      }
      const refused = await run(
        'pnpm',
        ['exec', 'tsx', '--conditions=@whisp/source', 'src/cli/whisp.ts', 'role', 'cli_grace'],
        { cwd: serverDir, env: { ...process.env, WHISP_DATA_DIR: dataDir, DATABASE_URL: '' } },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(refused).toMatchObject({ code: 1, stderr: expect.stringContaining(ROLE_USAGE) });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
