import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresQueryCompiler,
  type QueryId,
} from 'kysely';

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
