import { type RawBuilder, sql } from 'kysely';

// Who and what a member may see (api.md, Safety and Moderation 1.1), as SQL conditions every read
// adds. Each set is read once per statement (a hashed subplan over an index range: the member's
// blocks both ways, the few suspended members), then each row costs one hash probe, so the plans
// of the feeds keep their shape however many members are blocked or muted.

/**
 * Members hidden from the viewer whatever the page: those they block, those who block them, and
 * suspended members (never the viewer themself: a suspended member cannot sign in anyway).
 */
export const hiddenMembers = (viewerId: string) => sql`(
  select blocked_id from blocks where blocker_id = ${viewerId}
  union all select blocker_id from blocks where blocked_id = ${viewerId}
  union all select id from users where suspended_at is not null and id <> ${viewerId}
)`;

/** Hidden members and those the viewer mutes: left out of feeds, search and notifications. */
export const hiddenOrMutedMembers = (viewerId: string) => sql`(
  select blocked_id from blocks where blocker_id = ${viewerId}
  union all select blocker_id from blocks where blocked_id = ${viewerId}
  union all select id from users where suspended_at is not null and id <> ${viewerId}
  union all select muted_id from mutes where muter_id = ${viewerId}
)`;

/**
 * Whether the viewer follows `author` (a column): one probe of the follows primary key. A scalar
 * subquery, not `in (…)` or `exists`: PostgreSQL hashes either of those, reading every follow of
 * the viewer on each statement that meets a private member's whisp. At 1M whisps with a tenth of
 * the members private, a public feed page met one or two such whisps and hashed the viewer's 274
 * follows for them (0.15 ms of the 0.5 ms the page took to list); probed, they cost 3 buffers
 * each. A probe per private whisp walked also keeps the cost to the walk, however many members
 * the viewer follows.
 */
const follows = (viewerId: string, author: RawBuilder<unknown>) =>
  sql<boolean>`coalesce((select true from follows
    where follower_id = ${viewerId} and followed_id = ${author}), false)`;

/**
 * Whether the viewer may read the whisp `alias` as far as privacy goes (Privacy and preferences
 * 1.2): its author is public, is the viewer, or is followed by them (an accepted request is a
 * follow). The whisp's own row tells whether its author is private (posts.author_private,
 * 0020_author_private.sql, also in the feeds' indexes), so a public member's whisp costs nothing
 * more; only a private member's asks whether the viewer follows them. Moderators are no exception:
 * what moderation needs is the report queue (moderation.ts), which reads a reported whisp whoever
 * wrote it, so a protected whisp stays reviewable without its author's followers-only whisps
 * opening to every moderator's feeds.
 */
export const readableWhisp = (viewerId: string, alias: string) => {
  const post = sql.ref(alias);
  return sql<boolean>`(not ${post}.author_private or ${post}.author_id = ${viewerId}
    or ${follows(viewerId, sql`${post}.author_id`)})`;
};

/**
 * The same for a member, by id (`member`, a column): whether the viewer may read their whisps.
 * One primary-key probe of the member for each row that asks.
 */
export const readableMember = (viewerId: string, member: RawBuilder<unknown>) =>
  sql<boolean>`(${member} = ${viewerId}
    or not exists (select 1 from users private where private.id = ${member} and private.is_private)
    or ${follows(viewerId, member)})`;

/**
 * `and …`: the whisp `alias` is by nobody hidden from the viewer (blocked either way, or
 * suspended) and one they may read as far as privacy goes. For lists of a few whisps (replies,
 * threads, bookmarks), which read each whisp's row anyway.
 */
export const readableByViewer = (viewerId: string, alias: string) =>
  sql`and ${sql.ref(alias)}.author_id not in ${hiddenMembers(viewerId)}
    and ${readableWhisp(viewerId, alias)}`;

/**
 * One regular expression for all of the viewer's muted words and phrases (null when they have
 * none), matching whole words in any case, as contract/muted-words.ts does for the mocks: a
 * word character before or after the match means it is part of a longer word.
 */
export const mutedPhrasePattern = (viewerId: string) => sql<string | null>`(
  select '(?<![[:alnum:]_])(' || string_agg(
      regexp_replace(lower(word), '([.^$*+?()\\[\\]{}|\\\\-])', '\\\\\\1', 'g'), '|'
    ) || ')(?![[:alnum:]_])'
  from muted_words
  where user_id = ${viewerId} and word !~ '^#[[:alnum:]_]+$'
)`;

/** The hashtags the viewer muted (`#tag` words), lower-case without `#`. */
export const mutedHashtags = (viewerId: string) => sql`array(
  select lower(substr(word, 2)) from muted_words
  where user_id = ${viewerId} and word ~ '^#[[:alnum:]_]+$'
)`;

/** True when the whisp `alias` holds one of the viewer's muted words or hashtags. */
export const holdsMutedWord = (viewerId: string, alias: string) => {
  const post = sql.ref(alias);
  return sql`(coalesce(${post}.content ~* ${mutedPhrasePattern(viewerId)}, false)
    or ${post}.hashtags && ${mutedHashtags(viewerId)})`;
};

/** Which filters a statement needs for this viewer (the plain feeds keep their plain plans). */
export interface ViewerFilters {
  /** Blocks either way, or any suspended member. */
  hides: boolean;
  mutes: boolean;
  words: boolean;
  /**
   * Any private member, whose whisps only their followers read (Privacy and preferences 1.2). Not
   * whether the viewer follows them all: that is the statement's to work out, so this flag holds
   * for every viewer alike, and a network where nobody is private keeps the plain plans.
   */
  privates: boolean;
}

export const NO_FILTERS: ViewerFilters = {
  hides: false,
  mutes: false,
  words: false,
  privates: false,
};

/**
 * Whether `table` holds a row whose first `order` column is `viewer`: the first such row in
 * `order` (an index's leading columns), or null. Not `exists`: the sign-in check runs on its
 * generic plan, which takes any member to block or mute as many as the average blocker does (in
 * the benchmark's network 20 members block and mute 1,000 each: 1,000), a match soonest found by
 * reading the table from its start. For the many members who block and mute nobody, every
 * sign-in looked up read all of blocks and of mutes (20,000 rows each; at 100,000 whisps pnpm
 * bench's Following page, mostly uncached sign-ins, cost 3.2 ms of PostgreSQL's CPU, 0.8 once
 * they were cached). Asked in index order, a read of the table would have to sort first, so the
 * index answers.
 */
const firstEntry = (table: string, order: [string, ...string[]], viewer: RawBuilder<unknown>) =>
  sql<boolean>`((select true from ${sql.table(table)} where ${sql.ref(order[0])} = ${viewer}
    order by ${sql.join(order.map((column) => sql.raw(column)))} limit 1) is not null)`;

/**
 * The viewer's ViewerFilters as three columns of the statement that reads `viewer` (their id):
 * index probes only. The sign-in check carries them (users.ts, findBySessionToken), so a feed
 * needs no statement of its own to choose its plan; every change that could turn one of them on
 * forgets the cached sign-ins it concerns (blocks both ways, mutes, muted words: the members'
 * own; a suspension or a member turning private or public: everyone's).
 */
export const viewerFilterColumns = (viewer: RawBuilder<unknown>) => [
  // Each order is an index's leading columns (0012_safety.sql).
  sql<boolean>`(${firstEntry('blocks', ['blocker_id', 'blocked_id'], viewer)}
    or ${firstEntry('blocks', ['blocked_id', 'blocker_id'], viewer)}
    or exists (select 1 from users suspended where suspended.suspended_at is not null))`.as(
    'hides',
  ),
  firstEntry('mutes', ['muter_id', 'muted_id'], viewer).as('mutes'),
  firstEntry('muted_words', ['user_id', 'created_at desc', 'id'], viewer).as('words'),
  // One probe of users_private_idx (0018_private_accounts.sql), which holds only private members.
  sql<boolean>`exists (select 1 from users private where private.is_private)`.as('privates'),
];

/** Whether the viewer has anything to hide at all (compared by value: each read makes its own). */
export const hasFilters = (filters: ViewerFilters) =>
  filters.hides || filters.mutes || filters.words || filters.privates;

/** Whether some authors' whisps are out of the viewer's sight: blocked, suspended or protected. */
export const hidesAuthors = (filters: ViewerFilters) => filters.hides || filters.privates;

export interface FilterScope {
  /** Leave out muted members' whisps (feeds, search, hashtag pages). */
  mutes: boolean;
  /** Leave out whisps holding muted words (feeds, hashtag pages). */
  words: boolean;
  /**
   * Every whisp read is the viewer's own or one of a member they follow (Following, and For you's
   * followed whisps), so none is protected from them; a rewhisp's original still may be.
   */
  authorsFollowed?: boolean;
  /**
   * The statement reads no rewhisp (it keeps `rewhisp_of_id is null`: the public feed, search,
   * hashtag pages), so there is no original to check. Left in, the check still cost PostgreSQL a
   * subquery to plan on every search and a test per row: at 1M whisps, search ran 12% slower.
   */
  originalsOnly?: boolean;
}

/** The viewer's filters that apply in this scope; undefined when nothing is to be hidden. */
function inScope(viewerId: string, filters: ViewerFilters, scope: FilterScope) {
  const mutes = scope.mutes && filters.mutes;
  const words = scope.words && filters.words;
  const { privates } = filters;
  const ownPrivacy = privates && !scope.authorsFollowed;
  // The set of members whose whisps are left out, while there is anyone to leave out by author.
  const members =
    filters.hides || mutes
      ? mutes
        ? hiddenOrMutedMembers(viewerId)
        : hiddenMembers(viewerId)
      : undefined;
  if (!members && !words && !privates) return undefined;
  return { members, words, privates, ownPrivacy };
}

/**
 * `and …` on the author of the whisp `alias`: the one column of it the feeds' indexes hold, so
 * a walk of an index can keep to the index for the whisps this leaves out.
 */
export function authorShown(
  viewerId: string,
  filters: ViewerFilters,
  alias: string,
  scope: FilterScope,
): RawBuilder<unknown> {
  const members = inScope(viewerId, filters, scope)?.members;
  return members ? sql`and ${sql.ref(alias)}.author_id not in ${members}` : sql``;
}

/**
 * `and …` on what the whisp `alias` shows beyond its author's name: whether a private author's
 * whisp is the viewer's to read, a rewhisp's original (its author, its privacy and its words) and
 * the whisp's own words. These read the table row.
 */
export function contentShown(
  viewerId: string,
  filters: ViewerFilters,
  alias: string,
  scope: FilterScope,
): RawBuilder<unknown> {
  const applied = inScope(viewerId, filters, scope);
  if (!applied) return sql``;
  const post = sql.ref(alias);
  const { members, words, privates, ownPrivacy } = applied;
  const ownChecks = sql`${ownPrivacy ? sql`and ${readableWhisp(viewerId, alias)}` : sql``}
    ${words ? sql`and not ${holdsMutedWord(viewerId, alias)}` : sql``}`;
  if (scope.originalsOnly) return ownChecks;
  if (!members && !words) {
    // Only privacy asks about the original, and the rewhisp's row tells whether its original is
    // private (posts.original_private, 0023_original_private.sql, also in the feeds' index): only
    // a private member's original is read, to ask whether the viewer follows its author.
    return sql`and (${post}.rewhisp_of_id is null or not ${post}.original_private or coalesce((
        select ${readableWhisp(viewerId, 'original')}
        from posts original where original.id = ${post}.rewhisp_of_id
      ), false))
      ${ownChecks}`;
  }
  const originalShown = [
    ...(members ? [sql`original.author_id not in ${members}`] : []),
    ...(privates ? [readableWhisp(viewerId, 'original')] : []),
    ...(words ? [sql`not ${holdsMutedWord(viewerId, 'original')}`] : []),
  ];
  // The original is read by primary key as a scalar subquery: PostgreSQL made an `exists` here
  // one hashed pass over every whisp. `not in` is a hashed subplan built once per statement
  // (`in` became a join reading every hidden member again for each rewhisp).
  return sql`and (${post}.rewhisp_of_id is null or coalesce((
      select ${sql.join(originalShown, sql` and `)}
      from posts original where original.id = ${post}.rewhisp_of_id
    ), false))
    ${ownChecks}`;
}

/**
 * `and …` conditions on the whisp `alias` (and, for a rewhisp, on its original): empty when the
 * viewer has nothing to hide in this scope.
 */
export function visibleToViewer(
  viewerId: string,
  filters: ViewerFilters,
  alias: string,
  scope: FilterScope,
): RawBuilder<unknown> {
  return sql`${authorShown(viewerId, filters, alias, scope)}
    ${contentShown(viewerId, filters, alias, scope)}`;
}

/**
 * Followers and following of the member `member` (a table or alias) as shown to others: suspended
 * members leave both counts. The stored counts (kept by triggers) less the follows of the few
 * suspended members, each an index probe of the follows primary key, so a profile still reads no
 * list of follows.
 */
export const shownFollowersCount = (member: string) =>
  sql<number>`(${sql.ref(`${member}.followers_count`)} - (select count(*) from users suspended
    where suspended.suspended_at is not null and exists (select 1 from follows f
      where f.follower_id = suspended.id and f.followed_id = ${sql.ref(`${member}.id`)}))::int)`;

export const shownFollowingCount = (member: string) =>
  sql<number>`(${sql.ref(`${member}.following_count`)} - (select count(*) from users suspended
    where suspended.suspended_at is not null and exists (select 1 from follows f
      where f.follower_id = ${sql.ref(`${member}.id`)} and f.followed_id = suspended.id))::int)`;

export const activeFollowersCount = () => shownFollowersCount('users').as('followers_count');

export const activeFollowingCount = () => shownFollowingCount('users').as('following_count');

export const activeFollowCounts = () => [activeFollowersCount(), activeFollowingCount()];

const anySuspended = sql`exists (select 1 from users where suspended_at is not null)`;

/**
 * A whisp's likes, replies and rewhisps as shown: suspended members' leave every count
 * (Moderation 1.1). The stored counts (kept by triggers) stand while nobody is suspended: the
 * `exists` is computed once per statement and the other branch is then never read. Otherwise
 * the suspended members' rows are taken off, each found through an index (likes and rewhisps by
 * member and whisp, replies by the whisp they answer).
 *
 * `anyoneMayBeSuspended` false (known from the viewer's sign-in: `hides` is on while anyone is
 * suspended, viewerFilterColumns, and a suspension forgets every cached sign-in) leaves the
 * corrections out of the statement: PostgreSQL set up their 15 plan nodes (of the Following
 * statement's 36) on every call without running them. `viewerAmongPrivates` (the viewer's id,
 * given while anyone may be private: the sign-in's `privates`) takes off the replies and
 * rewhisps of private members the viewer does not follow in the same way.
 */
export const activePostCounts = (anyoneMayBeSuspended = true, viewerAmongPrivates?: string) => {
  const counts = anyoneMayBeSuspended ? correctedPostCounts() : storedPostCounts();
  // A private member's replies and rewhisps are whisps of theirs: they leave the counts of who
  // does not follow them, as the replies list and the rewhispers leave their sight.
  const shown =
    viewerAmongPrivates === undefined
      ? counts
      : {
          ...counts,
          reply_count: sql<number>`(${counts.reply_count}
            - ${protectedWhisps('reply_to_id', viewerAmongPrivates, anyoneMayBeSuspended)})`,
          rewhisp_count: sql<number>`(${counts.rewhisp_count}
            - ${protectedWhisps('rewhisp_of_id', viewerAmongPrivates, anyoneMayBeSuspended)})`,
        };
  return [
    shown.like_count.as('like_count'),
    shown.reply_count.as('reply_count'),
    shown.rewhisp_count.as('rewhisp_count'),
  ];
};

/**
 * The whisp's replies or rewhisps (`column` pointing at `p`) written by private members the
 * viewer does not follow. Only for a whisp flagged `has_private_answers` (0020_author_private.sql:
 * a few), and then a range of posts_private_replies_idx or posts_private_rewhisps_idx, which hold
 * private members' whisps only. A suspended private member's are left to the suspension's
 * correction (correctedPostCounts), which takes off every whisp of theirs; while nobody is
 * suspended there is none, and no probe of users is planned for it.
 */
const protectedWhisps = (
  column: 'reply_to_id' | 'rewhisp_of_id',
  viewerId: string,
  anyoneMayBeSuspended: boolean,
) =>
  sql<number>`case when p.has_private_answers then (select count(*) from posts r
    where r.${sql.raw(column)} = p.id and r.${sql.raw(column)} is not null and r.author_private
      and not ${readableWhisp(viewerId, 'r')}
      ${
        anyoneMayBeSuspended
          ? sql`and not exists (select 1 from users suspended
              where suspended.id = r.author_id and suspended.suspended_at is not null)`
          : sql``
      })::int
    else 0 end`;

const storedPostCounts = () => ({
  like_count: sql<number>`p.like_count`,
  reply_count: sql<number>`p.reply_count`,
  rewhisp_count: sql<number>`p.rewhisp_count`,
});

const correctedPostCounts = () => ({
  like_count: sql<number>`case when ${anySuspended} then p.like_count - (select count(*)
      from users suspended where suspended.suspended_at is not null and exists (
        select 1 from likes l where l.post_id = p.id and l.user_id = suspended.id))::int
    else p.like_count end`,
  reply_count: sql<number>`case when ${anySuspended} then p.reply_count - (select count(*) from posts r
      where r.reply_to_id = p.id
        and r.author_id in (select id from users where suspended_at is not null))::int
    else p.reply_count end`,
  rewhisp_count: sql<number>`case when ${anySuspended} then p.rewhisp_count - (select count(*)
      from users suspended where suspended.suspended_at is not null and exists (
        select 1 from posts r where r.author_id = suspended.id and r.rewhisp_of_id = p.id))::int
    else p.rewhisp_count end`,
});
