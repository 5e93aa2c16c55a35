import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { isMastodonId, mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { isId } from './ids.js';
import { memberAddressColumns } from './member-address.js';
import { limitLiteral } from './plan-literals.js';
import { activeFollowCounts, hiddenMembers } from './visibility.js';

// What the Mastodon client API (1.2) reads of follows, blocks, mutes and follow requests beside
// Whisp's own statements (follows.ts, follow-requests.ts, safety.ts, which make and end them):
// how the viewer stands with members, and the account lists, paged as Mastodon pages them, by
// the hidden id of the follow, block, mute or request (0027_mastodon_follow_ids.sql), newest
// first. Who is left out of a list is Whisp's rule, as in its own lists of the same rows.

type Db = Kysely<DatabaseSchema>;

/** A page of a list: its rows (each with its `page_id`), and the id to read older ones from. */
export interface RelationshipPage<Row> {
  items: Row[];
  next: string | undefined;
}

/**
 * An account of a list (mastodon/account.ts makes it), the member's Whisp id, and the id of the
 * list's row (`listed`), by which the list is paged.
 */
export const listColumns = [
  'users.id',
  mastodonIdText('users'),
  'users.username',
  'users.display_name',
  'users.bio',
  'users.avatar_key',
  'users.banner_key',
  'users.is_private',
  'users.created_at',
  'users.posts_count',
  ...activeFollowCounts(),
  ...memberAddressColumns('users'),
  sql<string>`listed.mastodon_id::text`.as('page_id'),
] as const;

/** Whether a row of `table` links the two members, e.g. a block of the viewer's. */
const linked = (
  table: 'follows' | 'follow_requests' | 'blocks' | 'mutes',
  [fromColumn, toColumn]: [string, string],
  from: unknown,
  to: unknown,
) =>
  sql<boolean>`exists (select 1 from ${sql.table(table)}
    where ${sql.ref(fromColumn)} = ${from} and ${sql.ref(toColumn)} = ${to})`;

/**
 * A page of a list, newest first: the rows of `rows` (its table aliased `listed`) older than
 * `before` (a Mastodon id of the list's rows) when given. One row more than asked tells whether
 * older ones remain.
 */
export async function pageOf<DB, TB extends keyof DB, Row extends { page_id: string }>(
  rows: SelectQueryBuilder<DB, TB, Row>,
  before: string | undefined,
  limit: number,
): Promise<RelationshipPage<Row>> {
  const read = await rows
    .$if(before !== undefined, (query) =>
      query.where(sql<boolean>`listed.mastodon_id < ${before}::bigint`),
    )
    .orderBy(sql`listed.mastodon_id desc`)
    .limit(limitLiteral(limit + 1))
    .execute();
  const items = read.slice(0, limit);
  return { items, next: read.length > limit ? items.at(-1)?.page_id : undefined };
}

export function createMastodonRelationshipsRepository(db: Db) {
  return {
    /** A member's Whisp id by their Mastodon id; undefined when there is none. */
    async memberIdOf(mastodonId: string) {
      if (!isMastodonId(mastodonId)) return undefined;
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('mastodon_id', '=', sql<unknown>`${mastodonId}::bigint`)
        .executeTakeFirst();
      return row?.id;
    },

    /**
     * How the viewer stands with these members (by Mastodon id, or by Whisp id), each flag one
     * probe of a primary key, in one statement; unknown ids are left out.
     * `blocked_by` and `suspended` are for the caller to decide who exists for the viewer.
     */
    async standings(viewerId: string, by: { mastodonIds: string[] } | { ids: string[] }) {
      const mastodonIds =
        'mastodonIds' in by ? [...new Set(by.mastodonIds.filter(isMastodonId))] : [];
      const ids = 'ids' in by ? [...new Set(by.ids.filter(isId))] : [];
      if (mastodonIds.length === 0 && ids.length === 0) return [];
      const member = sql.ref('users.id');
      return db
        .selectFrom('users')
        .select([
          'users.id',
          mastodonIdText('users'),
          sql<boolean>`users.suspended_at is not null`.as('suspended'),
          linked('follows', ['follower_id', 'followed_id'], viewerId, member).as('following'),
          linked('follows', ['follower_id', 'followed_id'], member, viewerId).as('followed_by'),
          linked('follow_requests', ['requester_id', 'target_id'], viewerId, member).as(
            'requested',
          ),
          linked('follow_requests', ['requester_id', 'target_id'], member, viewerId).as(
            'requested_by',
          ),
          linked('blocks', ['blocker_id', 'blocked_id'], viewerId, member).as('blocking'),
          linked('blocks', ['blocker_id', 'blocked_id'], member, viewerId).as('blocked_by'),
          linked('mutes', ['muter_id', 'muted_id'], viewerId, member).as('muting'),
        ])
        .$if(mastodonIds.length > 0, (query) =>
          query.where(sql<boolean>`users.mastodon_id = any(${mastodonIds}::bigint[])`),
        )
        .$if(ids.length > 0, (query) => query.where(sql<boolean>`users.id = any(${ids}::uuid[])`))
        .execute();
    },

    /**
     * Who follows the member (`followers`) or whom they follow (`following`), as the viewer sees
     * them: nobody blocked either way, nobody suspended (follows.ts, list).
     */
    follows(
      side: 'followers' | 'following',
      viewerId: string,
      memberId: string,
      before: string | undefined,
      limit: number,
    ) {
      const [ownerColumn, memberColumn] =
        side === 'followers'
          ? (['listed.followed_id', 'listed.follower_id'] as const)
          : (['listed.follower_id', 'listed.followed_id'] as const);
      const rows = db
        .selectFrom('follows as listed')
        .innerJoin('users', 'users.id', memberColumn)
        .select(listColumns)
        .where(ownerColumn, '=', memberId)
        .where(sql<boolean>`users.id not in ${hiddenMembers(viewerId)}`);
      return pageOf(rows, before, limit);
    },

    /** The members the viewer blocks, suspended ones left out (safety.ts, blockedMembers). */
    blocks(viewerId: string, before: string | undefined, limit: number) {
      const rows = db
        .selectFrom('blocks as listed')
        .innerJoin('users', 'users.id', 'listed.blocked_id')
        .select(listColumns)
        .where('listed.blocker_id', '=', viewerId)
        .where('users.suspended_at', 'is', null);
      return pageOf(rows, before, limit);
    },

    /** The members the viewer mutes, suspended ones left out (safety.ts, mutedMembers). */
    mutes(viewerId: string, before: string | undefined, limit: number) {
      const rows = db
        .selectFrom('mutes as listed')
        .innerJoin('users', 'users.id', 'listed.muted_id')
        .select(listColumns)
        .where('listed.muter_id', '=', viewerId)
        .where('users.suspended_at', 'is', null);
      return pageOf(rows, before, limit);
    },

    /**
     * Who asked to follow the viewer, nobody blocked either way or suspended
     * (follow-requests.ts, list).
     */
    requests(viewerId: string, before: string | undefined, limit: number) {
      const rows = db
        .selectFrom('follow_requests as listed')
        .innerJoin('users', 'users.id', 'listed.requester_id')
        .select(listColumns)
        .where('listed.target_id', '=', viewerId)
        .where(sql<boolean>`users.id not in ${hiddenMembers(viewerId)}`);
      return pageOf(rows, before, limit);
    },
  };
}

export type MastodonRelationshipsRepository = ReturnType<
  typeof createMastodonRelationshipsRepository
>;
/** A row of an account list: a member as an account, and the list row's Mastodon id. */
export type ListedAccountRow = Awaited<
  ReturnType<MastodonRelationshipsRepository['blocks']>
>['items'][number];
