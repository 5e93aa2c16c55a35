import {
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  QueryNode,
  type QueryResult,
  RawNode,
  type RootOperationNode,
  SelectQueryNode,
  sql,
  type UnknownRow,
} from 'kysely';
import { PLANNED_PER_CALL } from '../prepared-statements.js';
import { AUTHOR_SIDE_MAX_FOLLOWS, createFeedsRepository } from '../repositories/feeds.js';
import { createPostsRepository } from '../repositories/posts.js';
import { createSearchRepository } from '../repositories/search.js';
import type { DatabaseSchema } from '../schema.js';

/**
 * Runs every query as EXPLAIN and keeps the plans: the repositories' own code paths are
 * explained, not hand-copied SQL that could drift from them.
 */
class ExplainPlugin implements KyselyPlugin {
  plans: string[] = [];
  /** Each statement as the repository built it, to explain again as a prepared statement. */
  queries: RootOperationNode[] = [];
  // Query builders nested in a statement pass through transformQuery too; only statements get a
  // result, so a statement's node is kept by its id until its result arrives.
  readonly #built = new Map<QueryId, RootOperationNode>();

  transformQuery({ node, queryId }: PluginTransformQueryArgs) {
    this.#built.set(queryId, node);
    if (SelectQueryNode.is(node)) return QueryNode.cloneWithExplain(node, undefined, undefined);
    if (RawNode.is(node)) {
      const [first = '', ...rest] = node.sqlFragments;
      return RawNode.create([`explain ${first}`, ...rest], node.parameters) as never;
    }
    return node;
  }

  async transformResult({
    result,
    queryId,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.#built.get(queryId);
    if (!node) throw new Error('A statement ran that was never built');
    this.#built.clear();
    this.queries.push(node);
    this.plans.push(result.rows.map((row) => String(Object.values(row)[0])).join('\n'));
    // The repositories read plan lines where they expect rows; what they make of them is unused.
    return result;
  }
}

/** Adds a few thousand whisps, likes and bookmarks to a database that already has members. */
export async function growForPlans(db: Kysely<DatabaseSchema>, whisps = 5_000) {
  await sql`
    insert into posts (author_id, content, hashtags, created_at, updated_at)
    select (members.ids)[1 + g % cardinality(members.ids)],
      'Generated whisp ' || g || ' about #topic' || (g % 40) || ' and things',
      array['topic' || (g % 40)],
      now() - g * interval '4 minutes', now() - g * interval '4 minutes'
    from generate_series(1, ${whisps}) g, (select array_agg(id order by id) ids from users) members
  `.execute(db);
  await sql`
    insert into likes (user_id, post_id)
    select u.id, p.id from posts p, users u where md5(p.id::text || u.id::text) < '04'
    on conflict do nothing
  `.execute(db);
  await sql`
    insert into bookmarks (user_id, post_id)
    select u.id, p.id from posts p, users u where md5(u.id::text || p.id::text) < '01'
    on conflict do nothing
  `.execute(db);
  await sql`analyze`.execute(db);
}

const PROBE = 'whisp_plan_probe';

/**
 * The plan PostgreSQL runs a named prepared statement on once it stops planning it per call
 * (../prepared-statements.ts): the generic plan, made without the parameters' values. Statements
 * marked PLANNED_PER_CALL are never named, so their plan is the one made for their values.
 */
async function settledPlan(db: Kysely<DatabaseSchema>, node: RootOperationNode, custom: string) {
  const { sql: text, parameters } = db.getExecutor().compileQuery(node, createQueryId());
  if (text.includes(PLANNED_PER_CALL)) return custom;
  return db.connection().execute(async (connection) => {
    await sql.raw(`prepare ${PROBE} as ${text}`).execute(connection);
    // Put back as found: the server's connections run generic plans already (../postgres.ts),
    // and a reset would put them back on PostgreSQL's default instead.
    const { rows: mode } = await sql<{
      plan_cache_mode: string;
    }>`select current_setting('plan_cache_mode') as plan_cache_mode`.execute(connection);
    try {
      await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
      // A generic plan is the same whatever the values, so nulls stand in for them.
      const values = parameters.length > 0 ? `(${parameters.map(() => 'null').join(', ')})` : '';
      const { rows } = await sql
        .raw<Record<string, unknown>>(`explain execute ${PROBE}${values}`)
        .execute(connection);
      return rows.map((row) => String(Object.values(row)[0])).join('\n');
    } finally {
      await sql`select set_config('plan_cache_mode', ${mode[0]?.plan_cache_mode ?? 'auto'}, false)`.execute(
        connection,
      );
      await sql.raw(`deallocate ${PROBE}`).execute(connection);
    }
  });
}

export interface QueryPlan {
  name: string;
  plan: string;
}

/**
 * The plans of the feed, search and profile queries as a member with follows sees them: as
 * planned for its values on a statement's first calls, or `settled` as a server on PostgreSQL
 * runs them from then on (see settledPlan).
 */
export async function explainQueries(
  db: Kysely<DatabaseSchema>,
  {
    settled = false,
    plannedPerCall = db,
  }: { settled?: boolean; plannedPerCall?: Kysely<DatabaseSchema> } = {},
): Promise<QueryPlan[]> {
  const viewer = await db
    .selectFrom('follows')
    .select('follower_id')
    .groupBy('follower_id')
    .orderBy(sql`count(*)`, 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = await sql<{ at: string; id: string }>`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id
    from posts where not is_reply order by created_at desc, id desc offset 2000 limit 1
  `.execute(db);
  const cursor = deep.rows[0];
  const some = await db
    .selectFrom('posts')
    .select('id')
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  const ids = some.map((row) => row.id);
  const viewerId = viewer.follower_id;
  // The follow count only picks how Following and For you read the same whisps: both ways are
  // explained for the same member, with the filters the sign-in gives a member who blocks,
  // mutes and is blocked by nobody while nobody is suspended (the feed routes always pass them).
  const noFilters = { hides: false, mutes: false, words: false, privates: false };
  const followingMany = {
    id: viewerId,
    followingCount: AUTHOR_SIDE_MAX_FOLLOWS + 1,
    filters: noFilters,
  };
  const followingFew = { id: viewerId, followingCount: 1, filters: noFilters };
  // The same member as one who blocks, mutes and mutes words would read (Safety 1.1), in a
  // network with private members (Privacy 1.2): the statements carry every visibility filter,
  // whatever the rows behind them.
  const everyFilter = { hides: true, mutes: true, words: true, privates: true };
  const guardedMany = { ...followingMany, filters: everyFilter };
  const guardedFew = { ...followingFew, filters: everyFilter };
  // As a feed route reads a member with nothing to hide: filters looked up, all false.
  const nothingToHide = { ...followingMany, filters: noFilters };

  const explaining = new ExplainPlugin();
  const explainDb = db.withPlugin(explaining);
  const feeds = createFeedsRepository(explainDb);
  const posts = createPostsRepository(explainDb);
  const search = createSearchRepository(plannedPerCall.withPlugin(explaining), explainDb);
  const page = { limit: 20, offset: 0 };

  const steps: [string, () => Promise<unknown>][] = [
    ['following feed, first page', () => feeds.following(followingMany, page)],
    [
      'following feed, page after 2,000 whisps (cursor)',
      () => feeds.following(followingMany, { ...page, after: cursor }),
    ],
    ['following feed of a member following few', () => feeds.following(followingFew, page)],
    [
      'following feed of a member following few, by cursor',
      () => feeds.following(followingFew, { ...page, after: cursor }),
    ],
    ['public feed, first page', () => feeds.public(viewerId, page, noFilters)],
    [
      'public feed, page after 2,000 whisps (cursor)',
      () => feeds.public(viewerId, { ...page, after: cursor }, noFilters),
    ],
    ['for you timeline', () => feeds.timeline(followingMany, page, new Date())],
    [
      'for you timeline of a member following few',
      () => feeds.timeline(followingFew, page, new Date()),
    ],
    ['following feed of a member with nothing to hide', () => feeds.following(nothingToHide, page)],
    ['following feed of a member who blocks and mutes', () => feeds.following(guardedMany, page)],
    [
      'following feed of a member following few who blocks and mutes',
      () => feeds.following(guardedFew, page),
    ],
    [
      'for you timeline of a member who blocks and mutes',
      () => feeds.timeline(guardedMany, page, new Date()),
    ],
    [
      'public feed of a member who blocks and mutes',
      () => feeds.public(viewerId, page, everyFilter),
    ],
    ['profile tab: posts', () => feeds.profileTab(viewerId, viewerId, 'posts', 20, 0)],
    ['profile tab: likes', () => feeds.profileTab(viewerId, viewerId, 'likes', 20, 0)],
    ['bookmarks', () => feeds.bookmarks(viewerId, 20, 0)],
    ['search whisps', () => search.posts(viewerId, 'sourdough', 20)],
    ['hashtag page', () => search.hashtag(viewerId, 'topic7', 20, 0)],
    [
      'search whisps of a member who blocks and mutes',
      () => search.posts(viewerId, 'sourdough', 20, everyFilter),
    ],
    [
      'hashtag page of a member who blocks and mutes',
      () => search.hashtag(viewerId, 'topic7', 20, 0, everyFilter),
    ],
    ['trends', () => search.trends(5)],
    ['replies', () => posts.replies(viewerId, ids[0] ?? viewerId, 20, 0)],
    ['a page of posts with the viewer’s flags', () => posts.hydrate(viewerId, ids)],
  ];
  const plans: QueryPlan[] = [];
  for (const [name, run] of steps) {
    const first = explaining.plans.length;
    await run();
    const stepPlans = explaining.plans.slice(first);
    if (settled) {
      const queries = explaining.queries.slice(first);
      for (const [i, query] of queries.entries()) {
        stepPlans[i] = await settledPlan(db, query, stepPlans[i] ?? '');
      }
    }
    plans.push({ name, plan: stepPlans.join('\n---\n') });
  }
  return plans;
}
