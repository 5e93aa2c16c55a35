import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import type { DatabaseSchema } from './schema.js';

/** One row that breaks a rule the schema cannot enforce by itself. */
export interface Drift {
  /** Which rule, e.g. `posts.like_count`. */
  rule: string;
  /** The row that breaks it, e.g. `post 1b2c…`. */
  subject: string;
  /** What is stored against what the rows behind it say. */
  detail: string;
}

interface Rule {
  name: string;
  /** Rows of `subject` and `detail`, one for each row breaking the rule. */
  query: RawBuilder<{ subject: string; detail: string }>;
  /** A column added by a later migration: the rule applies once the schema has it. */
  needs?: { table: string; column: string };
}

/**
 * A stored counter must equal the number of rows behind it. `counted` yields (id, count) for the
 * posts that have any such rows; every other post must hold 0.
 */
function counterRule(
  column: 'like_count' | 'reply_count' | 'rewhisp_count',
  rowsName: string,
  counted: RawBuilder<unknown>,
): Rule {
  return {
    name: `posts.${column}`,
    query: sql`
      select 'post ' || p.id as subject,
             ${sql.ref(`p.${column}`)} || ' stored, ' || coalesce(c.count, 0) || ${sql.lit(` ${rowsName}`)} as detail
      from posts p
      left join (${counted}) c on c.id = p.id
      where ${sql.ref(`p.${column}`)} <> coalesce(c.count, 0)
    `,
  };
}

/** The same for a count stored on the member (0006_profiles_and_feeds_at_scale.sql). */
function memberCounterRule(
  column: 'followers_count' | 'following_count' | 'posts_count',
  rowsName: string,
  counted: RawBuilder<unknown>,
): Rule {
  return {
    name: `users.${column}`,
    needs: { table: 'users', column },
    query: sql`
      select 'member ' || u.id as subject,
             ${sql.ref(`u.${column}`)} || ' stored, ' || coalesce(c.count, 0) || ${sql.lit(` ${rowsName}`)} as detail
      from users u
      left join (${counted}) c on c.id = u.id
      where ${sql.ref(`u.${column}`)} <> coalesce(c.count, 0)
    `,
  };
}

// The counts are kept by triggers and the rest by transactions in the repositories; a crash, a
// bug or a hand edit that slipped past them shows up here. Foreign keys already rule out rows
// pointing at nothing, so these are the facts that only hold when every write was whole.
const RULES: Rule[] = [
  counterRule(
    'like_count',
    'likes',
    sql`select post_id as id, count(*) as count from likes group by post_id`,
  ),
  counterRule(
    'reply_count',
    'replies',
    sql`select reply_to_id as id, count(*) as count from posts
        where reply_to_id is not null group by reply_to_id`,
  ),
  counterRule(
    'rewhisp_count',
    'rewhisps',
    sql`select rewhisp_of_id as id, count(*) as count from posts
        where rewhisp_of_id is not null group by rewhisp_of_id`,
  ),
  {
    // Rewhisps are not counted: the hashtag page lists whisps and replies (0005_search_at_scale);
    // nor are private members' whisps (0020_author_private.sql), which came with author_private.
    name: 'hashtag_counts.post_count',
    needs: { table: 'posts', column: 'author_private' },
    query: sql`
      select 'hashtag ' || quote_literal(coalesce(stored.hashtag, counted.hashtag)) as subject,
             coalesce(stored.post_count, 0) || ' stored, ' || coalesce(counted.count, 0)
               || ' whisps' as detail
      from hashtag_counts stored
      full join (
        select tag as hashtag, count(distinct p.id) as count
        from posts p cross join lateral unnest(p.hashtags) as tag
        where p.rewhisp_of_id is null and not p.author_private
        group by tag
      ) counted on counted.hashtag = stored.hashtag
      where coalesce(stored.post_count, 0) <> coalesce(counted.count, 0)
    `,
  },
  {
    // A whisp carries its author's privacy, which every read of it trusts.
    name: 'posts.author_private',
    needs: { table: 'posts', column: 'author_private' },
    query: sql`
      select 'post ' || p.id as subject,
             case when p.author_private then 'private' else 'public' end
               || ' stored, its author is '
               || case when u.is_private then 'private' else 'public' end as detail
      from posts p join users u on u.id = p.author_id
      where p.author_private <> u.is_private
    `,
  },
  {
    // A rewhisp carries its original's privacy, which Following's walk trusts (0023).
    name: 'posts.original_private',
    needs: { table: 'posts', column: 'original_private' },
    query: sql`
      select 'post ' || r.id as subject,
             case when r.original_private then 'private' else 'public' end
               || ' original stored, its author is '
               || case when o.author_private then 'private' else 'public' end as detail
      from posts r left join posts o on o.id = r.rewhisp_of_id
      where r.original_private <> coalesce(o.author_private, false)
    `,
  },
  memberCounterRule(
    'followers_count',
    'followers',
    sql`select followed_id as id, count(*) as count from follows group by followed_id`,
  ),
  memberCounterRule(
    'following_count',
    'follows',
    sql`select follower_id as id, count(*) as count from follows group by follower_id`,
  ),
  memberCounterRule(
    'posts_count',
    'whisps',
    sql`select author_id as id, count(*) as count from posts
        where rewhisp_of_id is null group by author_id`,
  ),
  {
    // A whisp may only show files its author uploaded: the upload's row must be there.
    name: 'posts.media_keys',
    query: sql`
      select 'post ' || p.id as subject, 'no upload row for ' || k.key as detail
      from posts p cross join lateral unnest(p.media_keys) as k(key)
      where not exists (
        select 1 from post_media m where m.user_id = p.author_id and m.key = k.key
      )
    `,
  },
  {
    name: 'posts.is_reply',
    query: sql`
      select 'post ' || id as subject, 'answers ' || reply_to_id || ' but is not a reply' as detail
      from posts where not is_reply and reply_to_id is not null
    `,
  },
  {
    // The summary is the newest message. JavaScript dates keep milliseconds where PostgreSQL keeps
    // microseconds, so the stored time may lag the message's by less than a millisecond.
    name: 'conversations.last_message',
    query: sql`
      select 'conversation ' || c.id as subject,
             coalesce(quote_literal(c.last_message), 'no message') || ' stored, newest at '
               || coalesce(newest.at::text, 'none') as detail
      from conversations c
      left join lateral (
        select max(created_at) as at from messages m where m.conversation_id = c.id
      ) newest on true
      where case
        when newest.at is null then c.last_message is not null or c.last_message_at is not null
        else c.last_message_at is null
          or abs(extract(epoch from (c.last_message_at - newest.at))) >= 0.001
          or not exists (
            select 1 from messages m
            where m.conversation_id = c.id and m.content = c.last_message
              and abs(extract(epoch from (m.created_at - newest.at))) < 0.001
          )
      end
    `,
  },
  {
    name: 'messages.participants',
    query: sql`
      select 'message ' || m.id as subject,
             'from ' || m.sender_id || ' to ' || m.recipient_id || ' in conversation '
               || c.id || ' of others' as detail
      from messages m join conversations c on c.id = m.conversation_id
      where m.sender_id not in (c.participant_one_id, c.participant_two_id)
         or m.recipient_id not in (c.participant_one_id, c.participant_two_id)
    `,
  },
  {
    // Unliking, unrewhisping and unfollowing withdraw their notification in the same
    // transaction; anything left without its cause was half undone.
    name: 'notifications.cause',
    query: sql`
      select 'notification ' || n.id as subject,
             n.type || ' from ' || n.actor_id || ' to ' || n.recipient_id
               || coalesce(' about post ' || n.post_id, '') || ' without its cause' as detail
      from notifications n
      where case n.type
        when 'like' then not exists (
          select 1 from likes l join posts p on p.id = l.post_id
          where l.post_id = n.post_id and l.user_id = n.actor_id and p.author_id = n.recipient_id
        )
        when 'rewhisp' then not exists (
          select 1 from posts r join posts original on original.id = r.rewhisp_of_id
          where r.rewhisp_of_id = n.post_id and r.author_id = n.actor_id
            and original.author_id = n.recipient_id
        )
        when 'follow' then not exists (
          select 1 from follows f
          where f.follower_id = n.actor_id and f.followed_id = n.recipient_id
        )
        -- Withdrawn, declined or accepted, a request takes its notification with it (accepting
        -- turns it into a follow notification).
        when 'follow_request' then not exists (
          select 1 from follow_requests r
          where r.requester_id = n.actor_id and r.target_id = n.recipient_id
        )
        when 'reply' then not exists (
          select 1 from posts r where r.id = n.post_id and r.author_id = n.actor_id and r.is_reply
        )
        when 'mention' then not exists (
          select 1 from posts p where p.id = n.post_id and p.author_id = n.actor_id
        )
        when 'direct_message' then not exists (
          select 1 from messages m
          where m.sender_id = n.actor_id and m.recipient_id = n.recipient_id
        )
        -- A poll's end notifies its author and voters about the whisp carrying it.
        when 'poll' then not exists (
          select 1 from polls pl where pl.post_id = n.post_id
        )
        -- A moderation notice is itself the record of what a moderator did: nothing else stands
        -- behind it to be half undone.
        else false
      end
    `,
  },
  {
    // A retried request returns this whisp to whoever sent the key: it must be theirs.
    name: 'post_idempotency_keys.author',
    query: sql`
      select 'idempotency key ' || quote_literal(k.key) || ' of ' || k.user_id as subject,
             'points at post ' || p.id || ' by ' || p.author_id as detail
      from post_idempotency_keys k join posts p on p.id = k.post_id
      where p.author_id <> k.user_id
    `,
  },
];

/** Every rule name, in order; `applicableRules()` says which this database's schema has. */
export const RECONCILE_RULES = RULES.map((rule) => rule.name);

async function rulesFor(db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>) {
  const { rows } = await sql<{ name: string }>`
    select table_name || '.' || column_name as name from information_schema.columns
    where table_schema = current_schema()
  `.execute(db);
  const columns = new Set(rows.map((row) => row.name));
  return RULES.filter(
    (rule) => !rule.needs || columns.has(`${rule.needs.table}.${rule.needs.column}`),
  );
}

/** The names of the rules reconcile() checks on this database, whose migrations may lag. */
export async function applicableRules(database: Pick<Database, 'kysely'>) {
  return (await rulesFor(database.kysely)).map((rule) => rule.name);
}

/**
 * Every row that breaks a consistency rule: counters that differ from their rows, and anything
 * half-written. Empty when the database is consistent. Read in one snapshot, so it can run while
 * the server keeps writing (PostgreSQL) without reporting writes caught half-way.
 */
export async function reconcile(database: Pick<Database, 'kysely'>): Promise<Drift[]> {
  return database.kysely
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (transaction) => {
      const drifts: Drift[] = [];
      for (const rule of await rulesFor(transaction)) {
        drifts.push(...(await findDrifts(transaction, rule)));
      }
      return drifts;
    });
}

async function findDrifts(transaction: Transaction<DatabaseSchema>, rule: Rule) {
  const { rows } = await rule.query.execute(transaction);
  return rows.map((row) => ({ rule: rule.name, subject: row.subject, detail: row.detail }));
}

/** One line per drift, for logs and failing assertions. */
export function describeDrifts(drifts: Drift[]) {
  return drifts.map((drift) => `${drift.rule}: ${drift.subject}: ${drift.detail}`).join('\n');
}
