import type { FastifyInstance } from 'fastify';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryId,
} from 'kysely';
import { vi } from 'vitest';

/**
 * A Kysely plugin that keeps the SQL of every statement the app sends, as the database receives
 * it: tests count round trips and compare the work two requests do with it.
 */
export class StatementLog implements KyselyPlugin {
  statements: string[] = [];
  readonly #compiler = new PostgresQueryCompiler();
  // Query builders nested in a statement pass through here too; only statements get a result.
  readonly #compiled = new WeakMap<QueryId, string>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    this.#compiled.set(queryId, this.#compiler.compileQuery(node, queryId).sql);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs) {
    this.statements.push(this.#compiled.get(queryId) ?? '');
    return result;
  }
}

/**
 * Makes the app ready (as its first request would) and resolves once the start-up sweep of
 * deleted accounts' files, which readiness starts (plugins/media-removals.ts), has read its table.
 * A test that counts one request's statements waits for it, so the sweep is not counted as the
 * request's work.
 */
export async function startupSweepDone(app: FastifyInstance, log: StatementLog) {
  await app.ready();
  await vi.waitFor(
    () => {
      if (!log.statements.some((statement) => statement.includes('from media_removals'))) {
        throw new Error('The start-up sweep of media removals has not run yet');
      }
    },
    { timeout: 10_000, interval: 20 },
  );
}
