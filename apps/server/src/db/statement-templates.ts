import {
  type Compilable,
  createQueryId,
  type Kysely,
  type OperationNodeSource,
  type RootOperationNode,
} from 'kysely';

/** A query builder: what a template's builder returns. */
type Query<Row> = Compilable<Row> & OperationNodeSource;

/**
 * Starts every placeholder's stand-in value. No real value can start so: PostgreSQL text cannot
 * hold U+0000, and requests carrying one are refused (plugins/nul-character.ts).
 */
const PLACEHOLDER = '\u0000placeholder:';

/** What a template's builder gets in place of each value: a string to pass where the value goes. */
export type Placeholders<Name extends string> = { readonly [Key in Name]: string };

/** How many shapes one template keeps compiled; past it, a new shape is built for every call. */
export const TEMPLATE_SHAPES_MAX = 200;

interface Compiled {
  node: RootOperationNode;
  sql: string;
  /** The parameters as compiled: placeholders' stand-ins, and values the shape fixed. */
  parameters: readonly unknown[];
}

function compile<Db>(db: Kysely<Db>, query: Query<unknown>, standIns: Set<string>): Compiled {
  const node = query.toOperationNode() as RootOperationNode;
  const { sql, parameters } = db.getExecutor().compileQuery(node, createQueryId());
  if (sql.includes('\u0000')) {
    throw new Error('A placeholder was written into the statement text instead of a parameter');
  }
  for (const parameter of parameters) {
    if (
      typeof parameter === 'string' &&
      parameter.includes(PLACEHOLDER) &&
      !standIns.has(parameter)
    ) {
      throw new Error('A placeholder was changed on its way into the statement');
    }
  }
  return { node, sql, parameters };
}

function bind(parameters: readonly unknown[], values: Readonly<Record<string, unknown>>) {
  return parameters.map((parameter) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(PLACEHOLDER)) return parameter;
    const name = parameter.slice(PLACEHOLDER.length);
    if (!(name in values)) throw new Error(`No value for the placeholder ${name}`);
    return values[name];
  });
}

/**
 * A statement built and compiled by Kysely once per shape rather than on every call: for a feed
 * page, building the query tree and compiling it cost about as much server CPU as reading the
 * rows (`pnpm bench` profile, BENCHMARKS.md). `build` gets the shape (what the statement's text
 * depends on: flags, literal row counts; compared as JSON) and placeholders for the values, which
 * it must pass only as values (parameters), never into the text nor through string operations:
 * both are refused when the shape is first compiled. Each call then binds its values to the
 * compiled text. Plugins of `db` (tests' statement logs, EXPLAIN) still see every statement; one
 * that rewrites it has its rewrite compiled for that call.
 */
export function statementTemplate<Db, Shape, Name extends string, Row>(
  db: Kysely<Db>,
  names: readonly Name[],
  build: (db: Kysely<Db>, shape: Shape, placeholders: Placeholders<Name>) => Query<Row>,
) {
  const placeholders = Object.fromEntries(
    names.map((name) => [name, `${PLACEHOLDER}${name}`]),
  ) as Placeholders<Name>;
  const standIns = new Set<string>(Object.values(placeholders));
  // Built without the plugins: they run on each call's statement instead, as on a built query's.
  const plain = db.withoutPlugins();
  const compiled = new Map<string, Compiled>();

  function forShape(shape: Shape) {
    const key = JSON.stringify(shape);
    const known = compiled.get(key);
    if (known) return known;
    const fresh = compile(plain, build(plain, shape, placeholders), standIns);
    if (compiled.size < TEMPLATE_SHAPES_MAX) compiled.set(key, fresh);
    return fresh;
  }

  /** The statement of this shape with these values: its rows. */
  return async function execute(
    shape: Shape,
    values: Readonly<Record<Name, unknown>>,
  ): Promise<Row[]> {
    const template = forShape(shape);
    const executor = db.getExecutor();
    const queryId = createQueryId();
    const node = executor.transformQuery(template.node, queryId);
    const { sql, parameters } =
      node === template.node ? template : executor.compileQuery(node, queryId);
    const result = await executor.executeQuery<Row>({
      query: node,
      queryId,
      sql,
      parameters: bind(parameters, values),
    });
    return result.rows;
  };
}
