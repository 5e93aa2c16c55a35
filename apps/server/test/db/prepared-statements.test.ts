import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  NAMED_STATEMENTS_MAX,
  PLANNED_PER_CALL,
  statementName,
} from '../../src/db/prepared-statements.js';
import { createTestApp, postgresUrl, type TestApp } from '../helpers.js';

describe('names of prepared statements', () => {
  it('gives the same text the same name, and another text another name', () => {
    const feed = 'select id from posts where author_id = $1';
    expect(statementName(feed)).toMatch(/^whisp_[\w-]{24}$/);
    expect(statementName(feed)).toBe(statementName(`${feed}`));
    expect(statementName(`${feed} limit $2`)).not.toBe(statementName(feed));
  });

  it('leaves a text unnamed when it asks to be planned for each call', () => {
    expect(statementName(`select id from posts where hashtags @> $1 ${PLANNED_PER_CALL}`)).toBe(
      undefined,
    );
  });

  it('stops naming new texts past its budget, and keeps the names it gave', async () => {
    // A fresh copy of the module: spending the budget here must not leave the app's copy spent.
    vi.resetModules();
    const fresh = await import('../../src/db/prepared-statements.js');
    const first = fresh.statementName('select 1 where $1::int = 1');
    for (let i = 0; i < NAMED_STATEMENTS_MAX; i++)
      fresh.statementName(`select ${i} where $1::int = 1`);
    expect(fresh.statementName('select * from users where id = $1 -- a new text')).toBeUndefined();
    expect(fresh.statementName('select 1 where $1::int = 1')).toBe(first);
  });
});

// CI's second run: PostgreSQL keeps each named statement per connection, parsed once.
const serverUrl = postgresUrl;
if (serverUrl) {
  describe('queries on PostgreSQL', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp();
    });
    afterAll(() => testApp.close());

    it('run as named prepared statements on their generic plan from the first call', async () => {
      const prepared = await testApp.database.kysely.connection().execute(async (connection) => {
        for (const username of ['ada', 'ben']) {
          await connection
            .selectFrom('users')
            .select('id')
            .where('username', '=', username)
            .execute();
        }
        return sql<{
          name: string;
          statement: string;
          generic_plans: number;
          custom_plans: number;
        }>`
          select name, statement, generic_plans, custom_plans
          from pg_prepared_statements`.execute(connection);
      });
      const byUsername = prepared.rows.filter((row) => row.statement.includes('"username" = $1'));
      expect(byUsername).toHaveLength(1);
      expect(byUsername[0]).toMatchObject({ generic_plans: 2, custom_plans: 0 });
      expect(byUsername[0]?.name).toMatch(/^whisp_/);
      // The query listing them (no parameters) ran plain: it is not listed.
      expect(prepared.rows.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(
        false,
      );
    });

    const search = (db: TestApp['database']['kysely']) =>
      db
        .selectFrom('posts')
        .select('id')
        .where(
          sql<boolean>`search_vector @@ to_tsquery('simple', ${'coffee'}) ${sql.raw(PLANNED_PER_CALL)}`,
        )
        .execute();

    it('refuse a statement planned per call, which would get the plan made for no value', async () => {
      await expect(search(testApp.database.kysely)).rejects.toThrow(/kyselyPlannedPerCall/);
    });

    it('plan a search for its own words each time, unnamed, on connections of its own', async () => {
      const { rows } = await testApp.database.kyselyPlannedPerCall
        .connection()
        .execute(async (connection) => {
          await search(connection);
          await search(connection);
          return sql<{ mode: string; named: number }>`
            select current_setting('plan_cache_mode') as mode,
              (select count(*)::int from pg_prepared_statements) as named`.execute(connection);
        });
      expect(rows[0]).toEqual({ mode: 'auto', named: 0 });
    });
  });
}
