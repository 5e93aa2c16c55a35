import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, readMigrations, runMigrations } from '../../src/db/migrate.js';
import { makeTempDir, openTestDatabase, type TestDatabase } from '../helpers.js';

const MODERATION_MIGRATION = 13;

// Reports filed before 0013_moderation.sql: free-text reasons, a repeat, a whisp deleted since.
describe('0013_moderation.sql on a network with reports', () => {
  let testDatabase: TestDatabase;
  const before = makeTempDir('migrations-before-moderation');
  beforeAll(async () => {
    for (const migration of await readMigrations()) {
      if (migration.version < MODERATION_MIGRATION) {
        cpSync(
          path.join(MIGRATIONS_DIR, migration.fileName),
          path.join(before, migration.fileName),
        );
      }
    }
    testDatabase = await openTestDatabase();
    await runMigrations(testDatabase.database, { directory: before });
    const db = testDatabase.database.kysely;
    await sql`
      insert into users (id, email, username, password_hash, display_name) values
        ('00000000-0000-4000-8000-00000000000a', 'author@example.com', 'author', 'x', 'Author'),
        ('00000000-0000-4000-8000-00000000000b', 'reader@example.com', 'reader', 'x', 'Reader')
    `.execute(db);
    await sql`
      insert into posts (id, author_id, content) values
        ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-00000000000a', 'kept'),
        ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-00000000000a', 'gone')
    `.execute(db);
    const report = (post: string, reason: string, details: string | null, minutesAgo: number) =>
      sql`insert into post_reports (post_id, reporter_id, reason, details, created_at)
        values (${post}, '00000000-0000-4000-8000-00000000000b', ${reason}, ${details},
          now() - make_interval(mins => ${minutesAgo}))`.execute(db);
    await report('00000000-0000-4000-8000-0000000000a1', ' Spam ', 'Ten times', 30);
    await report('00000000-0000-4000-8000-0000000000a1', 'spam', null, 20);
    await report('00000000-0000-4000-8000-0000000000a1', 'I do not like it', 'Really', 10);
    await report('00000000-0000-4000-8000-0000000000a2', 'violence', null, 5);
    await sql`delete from posts where id = '00000000-0000-4000-8000-0000000000a2'`.execute(db);
    await runMigrations(testDatabase.database);
  });
  afterAll(async () => {
    await testDatabase?.destroy();
    rmSync(before, { recursive: true, force: true });
  });

  it('keeps every report, with the reasons of the contract and the reported member', async () => {
    const rows = await testDatabase.database.kysely
      .selectFrom('reports')
      .select(['reason', 'details', 'status', 'target_type', 'target_user_id', 'resolution_note'])
      .orderBy('created_at')
      .execute();
    const author = '00000000-0000-4000-8000-00000000000a';
    expect(rows).toEqual([
      {
        reason: 'spam',
        details: 'Ten times',
        status: 'open',
        target_type: 'post',
        target_user_id: author,
        resolution_note: null,
      },
      {
        reason: 'spam',
        details: null,
        status: 'resolved',
        target_type: 'post',
        target_user_id: author,
        resolution_note: 'A repeat of an earlier report by the same member',
      },
      // Free text becomes `other`, the text kept at the head of the details.
      {
        reason: 'other',
        details: 'I do not like it\nReally',
        status: 'resolved',
        target_type: 'post',
        target_user_id: author,
        resolution_note: 'A repeat of an earlier report by the same member',
      },
      {
        reason: 'violence',
        details: null,
        status: 'resolved',
        target_type: 'post',
        target_user_id: null,
        resolution_note:
          'Closed when reports gained a reported member: the whisp was already deleted',
      },
    ]);
  });

  it('makes every existing member a member', async () => {
    const roles = await testDatabase.database.kysely.selectFrom('users').select('role').execute();
    expect(roles).toEqual([{ role: 'member' }, { role: 'member' }]);
  });
});
