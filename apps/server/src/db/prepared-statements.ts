import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * How many distinct statements one process names. Kysely writes the same text for every request
 * of a kind (values travel as parameters), so a server needs a few hundred; past this, new texts
 * (an import's batches of every size, say) run unnamed, so neither side's cache grows unbounded.
 */
export const NAMED_STATEMENTS_MAX = 2_000;

/**
 * In a query's text, keeps it unnamed. After five calls of a named statement PostgreSQL may
 * settle on one generic plan for every value, which is right for lookups by id (and saves their
 * planning) but wrong where the best plan depends on the value: a search for a rare word walks
 * the whole table on the plan that suits a common one.
 */
export const PLANNED_PER_CALL = '/* planned per call */';

const names = new Map<string, string>();

/**
 * A stable name for this text; undefined when it asks to be planned per call, or once the budget
 * of names is spent.
 */
export function statementName(text: string): string | undefined {
  if (text.includes(PLANNED_PER_CALL)) return undefined;
  const known = names.get(text);
  if (known !== undefined || names.size >= NAMED_STATEMENTS_MAX) return known;
  const name = `whisp_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/**
 * A pg client that runs each parameterised query as a named prepared statement: PostgreSQL parses
 * and plans an unnamed statement anew on every call, named ones once per connection, and keeps a
 * generic plan when it finds one as good as planning for the values (at a million whisps: a
 * profile 820 → 2,300 requests/s, For you 107–148 → 235; see PLANNED_PER_CALL for the exceptions).
 * Queries without parameters (migration scripts of several statements) stay unnamed: only the
 * simple protocol accepts more than one statement in a text.
 */
export class PreparedStatementsClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() is a set of overloads; this only reroutes one shape.
  override query(config: any, values?: any, callback?: any): any {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(config);
      if (name) return super.query({ name, text: config, values }, callback);
    }
    return super.query(config, values, callback);
  }
}

/**
 * The client of the connections that always run generic plans (./postgres.ts): a statement that
 * asks to be planned per call has no place there, where it would get the plan made for no value
 * (at a million whisps, search walked the whole table: 4 requests/s).
 */
export class GenericPlansClient extends PreparedStatementsClient {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : config?.text;
    if (typeof text === 'string' && text.includes(PLANNED_PER_CALL)) {
      throw new Error('A statement planned per call must run through kyselyPlannedPerCall');
    }
    return super.query(config, values, callback);
  }
}
