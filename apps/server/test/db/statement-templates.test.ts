import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementTemplate } from '../../src/db/statement-templates.js';
import { openMigratedTestDatabase, type TestDatabase } from '../helpers.js';
import { StatementLog } from '../statement-log.js';

describe('statements compiled once per shape', () => {
  let testDatabase: TestDatabase;
  beforeAll(async () => {
    testDatabase = await openMigratedTestDatabase();
  });
  afterAll(() => testDatabase.destroy());

  const numbers = () =>
    statementTemplate(
      testDatabase.database.kysely,
      ['first', 'step'],
      (db, shape: { rows: number; descending: boolean }, value) =>
        db
          .selectFrom(sql<{ g: number }>`generate_series(${value.first}::int, 100)`.as('g'))
          .select(sql<number>`g * ${value.step}::int`.as('n'))
          .$if(shape.descending, (query) => query.orderBy('n', 'desc'))
          .$if(!shape.descending, (query) => query.orderBy('n'))
          .limit(shape.rows),
    );

  it('runs each call with its own values, whichever shape was compiled first', async () => {
    const run = numbers();
    const ascending = { rows: 3, descending: false };
    expect(await run(ascending, { first: 1, step: 1 })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(await run(ascending, { first: 5, step: 10 })).toEqual([{ n: 50 }, { n: 60 }, { n: 70 }]);
    expect(await run({ rows: 2, descending: true }, { first: 1, step: 2 })).toEqual([
      { n: 200 },
      { n: 198 },
    ]);
  });

  it('shows every statement to the plugins of the database it runs on', async () => {
    const log = new StatementLog();
    const logged = testDatabase.database.kysely.withPlugin(log);
    const run = statementTemplate(logged, ['id'], (db, _shape: object, value) =>
      db.selectFrom('users').select('id').where('id', '=', value.id),
    );
    await run({}, { id: '00000000-0000-4000-8000-000000000001' });
    await run({}, { id: '00000000-0000-4000-8000-000000000002' });
    expect(log.statements).toHaveLength(2);
    expect(log.statements[1]).toMatch(/from "users" where "id" = \$1/);
  });

  it('refuses a placeholder written into the text or changed on its way', async () => {
    const { kysely } = testDatabase.database;
    const intoText = statementTemplate(kysely, ['name'], (db, _shape: object, value) =>
      db.selectFrom('users').select('id').where('username', '=', sql.lit(value.name)),
    );
    await expect(intoText({}, { name: 'ada' })).rejects.toThrow(/written into the statement/);
    const changed = statementTemplate(kysely, ['name'], (db, _shape: object, value) =>
      db.selectFrom('users').select('id').where('username', 'like', `${value.name}%`),
    );
    await expect(changed({}, { name: 'ada' })).rejects.toThrow(/changed on its way/);
  });
});
