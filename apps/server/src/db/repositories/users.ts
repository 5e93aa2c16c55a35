import type { Role } from '@whisp/api-client/contract';
import { type Kysely, sql } from 'kysely';
import { isMastodonId, mastodonIdText } from '../../mastodon/ids.js';
import type { DatabaseSchema } from '../schema.js';
import { statementTemplate } from '../statement-templates.js';
import { type FederatedChanges, FederatedChangesRelay } from './federated-changes.js';
import { isId } from './ids.js';
import { memberAddressColumns } from './member-address.js';
import { messagePermissionOf } from './message-permission.js';
import {
  discoverableByEmail,
  mergedPreferences,
  type PreferencesChanges,
  readPreferences,
} from './preferences.js';
import {
  activeFollowCounts,
  activeFollowersCount,
  hiddenMembers,
  hiddenOrMutedMembers,
  type ViewerFilters,
  viewerFilterColumns,
} from './visibility.js';

type Db = Kysely<DatabaseSchema>;

/**
 * Told after a member's sessions, profile or follows changed, so that sign-ins cached from before
 * (../../auth/session-cache.ts) are dropped on every instance; resolves once they are.
 */
export type MemberChanged = (memberId: string) => Promise<void>;
/**
 * Told as the member who changed when a change concerns every member's sign-in: a suspension or
 * its lifting turns on (or off) the filter every member's reads need for suspended members.
 */
export const EVERY_MEMBER = '*';
export const nothingCached: MemberChanged = async () => {};

export interface NewUser {
  email: string;
  username: string;
  passwordHash: string;
  displayName: string;
  bio: string | null;
}

export interface ProfileChanges {
  bio?: string | null;
  displayName?: string;
}

const storedUserColumns = [
  'users.id',
  'users.username',
  'users.email',
  'users.display_name',
  'users.bio',
  'users.avatar_key',
  'users.banner_key',
  'users.banner_position_x',
  'users.banner_position_y',
  'users.is_verified',
  'users.is_private',
  'users.created_at',
  // Read with the member (sign-in included), so enforcing them costs no statement of its own.
  'users.preferences',
] as const;

/** Whether they can sign in with a password: the hash itself never leaves the repositories. */
const hasPasswordColumn = sql<boolean>`users.password_hash is not null`.as('has_password');

export type UserRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findById']>>
>;

/**
 * A member as the sign-in check reads them. Their follow count comes along for the feeds, which
 * read a member's whisps one of two ways by it (feeds.ts, FeedViewer); a follow or unfollow
 * drops the cached sign-in like any other change of theirs. So do the visibility filters their
 * reads need (visibility.ts, viewerFilterColumns): a block, mute or muted word drops it too.
 */
export type SignedInMember = UserRow & {
  following_count: number;
  filters: ViewerFilters;
  /**
   * The Mastodon app the token was given to, and what the member allowed it (oauth-grants.ts);
   * null for the web app's sessions. Whisp's own API takes only those.
   */
  app: SessionApp | null;
};

/** The app behind a member's token, and the scopes the member granted it. */
export interface SessionApp {
  id: string;
  scopes: string[];
}

export type ProfileRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createUsersRepository>['findProfile']>>
>;

export type SuggestionRow = Awaited<
  ReturnType<ReturnType<typeof createUsersRepository>['suggestions']>
>[number];

export class UniqueFieldTakenError extends Error {
  override name = 'UniqueFieldTakenError';
  constructor(readonly field: 'username' | 'email') {
    super(`${field} taken`);
  }
}

/**
 * A member's role as it is in force: `admin` for an email in WHISP_ADMIN_EMAILS, otherwise the
 * role granted. Worked out on every read rather than stored, so editing the list never leaves an
 * admin behind in the table.
 */
function roleColumn(adminEmails: readonly string[]) {
  if (adminEmails.length === 0) return sql<Role>`users.role`.as('role');
  return sql<Role>`case when lower(users.email) in (${sql.join(adminEmails)}) then 'admin' else users.role end`.as(
    'role',
  );
}

export function createUsersRepository(
  db: Db,
  memberChanged: MemberChanged = nothingCached,
  adminEmails: readonly string[] = [],
  federatedChanges: FederatedChanges = new FederatedChangesRelay(),
) {
  const userColumns = [...storedUserColumns, hasPasswordColumn, roleColumn(adminEmails)] as const;
  async function changed<Row extends { id: string }>(row: Row) {
    await memberChanged(row.id);
    return row;
  }

  // Compiled once (../statement-templates.ts): a sign-in not cached is looked up on every first
  // request of a member in a minute, so the statement is worth not building each time.
  const signIn = statementTemplate(
    db,
    ['tokenHash', 'recordUseWithinSeconds', 'now'],
    (db, _shape: object, value) =>
      db
        .with('recorded_use', (db) =>
          db
            .updateTable('sessions')
            .set({ last_used_at: sql<Date>`now()` })
            .where('token_hash', '=', value.tokenHash)
            .where(
              'last_used_at',
              '<',
              sql<Date>`now() - make_interval(secs => ${value.recordUseWithinSeconds})`,
            )
            .returning('id'),
        )
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(userColumns)
        .select([
          'users.following_count',
          'sessions.expires_at',
          'sessions.app_id',
          'sessions.scopes',
        ])
        .select(viewerFilterColumns(sql.ref('users.id')))
        .where('sessions.token_hash', '=', value.tokenHash)
        .where('sessions.revoked_at', 'is', null)
        // Suspension revokes the sessions; this also holds against a sign-in that raced it.
        .where('users.suspended_at', 'is', null)
        .where('sessions.expires_at', '>', sql<Date>`${value.now}`),
  );

  return {
    async create(user: NewUser) {
      try {
        return await db
          .insertInto('users')
          .values({
            email: user.email,
            username: user.username,
            password_hash: user.passwordHash,
            display_name: user.displayName,
            bio: user.bio,
          })
          .returning(userColumns)
          .executeTakeFirstOrThrow();
      } catch (error) {
        const field = takenField(error);
        if (field) throw new UniqueFieldTakenError(field);
        throw error;
      }
    },

    /**
     * Which of these are already someone's, whatever their case. A remote member's username is
     * theirs on their own server only: `alice@example.com` leaves `alice` free here.
     */
    async takenFields(email: string, username: string) {
      const rows = await db
        .selectFrom('users')
        .select(['email', 'username'])
        .where((eb) =>
          eb.or([
            eb(sql`lower(email)`, '=', email.toLowerCase()),
            eb.and([eb(sql`lower(username)`, '=', username.toLowerCase()), eb('host', 'is', null)]),
          ]),
        )
        .execute();
      return {
        email: rows.some((row) => row.email?.toLowerCase() === email.toLowerCase()),
        username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
      };
    },

    /**
     * The member a live (not revoked, not expired) session belongs to, in one round trip: every
     * authenticated request starts with this, so it is worth not making it two. With
     * `recordUseWithinMs`, the same statement also records the session's use as the sessions
     * repository's `touch` does: the sign-ins a server has not cached are mostly those whose use
     * is due to be written (both are kept about a minute), and one statement then does both.
     */
    async findBySessionToken(tokenHash: string, recordUseWithinMs?: number) {
      // Without `recordUseWithinMs` the interval is null and the update matches no row.
      const [row] = await signIn(
        {},
        {
          tokenHash,
          recordUseWithinSeconds: recordUseWithinMs === undefined ? null : recordUseWithinMs / 1000,
          now: new Date(),
        },
      );
      if (!row) return undefined;
      const {
        expires_at: expiresAt,
        following_count,
        hides,
        mutes,
        words,
        privates,
        app_id: appId,
        scopes,
        ...member
      } = row;
      const filters = {
        hides: Boolean(hides),
        mutes: Boolean(mutes),
        words: Boolean(words),
        privates: Boolean(privates),
      };
      return {
        member: {
          ...member,
          following_count: Number(following_count),
          filters,
          app: appId === null ? null : { id: appId, scopes: scopes ?? [] },
        },
        expiresAt,
      };
    },

    findById(id: string) {
      if (!isId(id)) return Promise.resolve(undefined);
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    findCredentialsByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'suspended_at'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /**
     * Stores a rehash of the password just checked (a stronger scheme or cost), unless the hash
     * changed meanwhile: a password change racing with a sign-in must win.
     */
    async replacePasswordHash(id: string, checked: string, rehashed: string) {
      await db
        .updateTable('users')
        .set({ password_hash: rehashed })
        .where('id', '=', id)
        .where('password_hash', '=', checked)
        .execute();
    },

    /**
     * A member as `viewerId` sees them: counts and the follow relation both ways, the viewer's
     * block and mute, and whether the viewer may write to them. Blocked either way, or
     * suspended, they do not exist for the viewer. Found by Whisp's id, Mastodon id (as text),
     * or username and host (null: a member of this server; see parseAcct).
     */
    findProfile(
      viewerId: string,
      by: { id: string } | { username: string; host: string | null } | { mastodonId: string },
    ) {
      if ('id' in by && !isId(by.id)) return Promise.resolve(undefined);
      if ('mastodonId' in by && !isMastodonId(by.mastodonId)) return Promise.resolve(undefined);
      return db
        .selectFrom('users')
        .select(userColumns)
        .select(['users.posts_count', mastodonIdText('users'), ...memberAddressColumns('users')])
        .select(activeFollowCounts())
        .select(messagePermissionOf(viewerId, 'users').as('message_permission'))
        .where(sql<boolean>`users.id not in ${hiddenMembers(viewerId)}`)
        .select((eb) => [
          eb
            .exists(
              eb
                .selectFrom('blocks')
                .whereRef('blocks.blocked_id', '=', 'users.id')
                .where('blocks.blocker_id', '=', viewerId),
            )
            .as('is_blocking'),
          eb
            .exists(
              eb
                .selectFrom('mutes')
                .whereRef('mutes.muted_id', '=', 'users.id')
                .where('mutes.muter_id', '=', viewerId),
            )
            .as('is_muting'),
          eb
            .exists(
              eb
                .selectFrom('follows')
                .whereRef('follows.followed_id', '=', 'users.id')
                .where('follows.follower_id', '=', viewerId),
            )
            .as('is_following'),
          eb
            .exists(
              eb
                .selectFrom('follows')
                .whereRef('follows.follower_id', '=', 'users.id')
                .where('follows.followed_id', '=', viewerId),
            )
            .as('is_followed_by'),
          eb
            .exists(
              eb
                .selectFrom('follow_requests')
                .whereRef('follow_requests.target_id', '=', 'users.id')
                .where('follow_requests.requester_id', '=', viewerId),
            )
            .as('is_requested'),
        ])
        .$if('id' in by, (query) => query.where('users.id', '=', (by as { id: string }).id))
        .$if('mastodonId' in by, (query) =>
          query.where(
            'users.mastodon_id',
            '=',
            sql`${(by as { mastodonId: string }).mastodonId}::bigint`,
          ),
        )
        .$if('username' in by, (query) => {
          const { username, host } = by as { username: string; host: string | null };
          // The same username on two servers is two members: the host tells which.
          return query
            .where(sql`lower(users.username)`, '=', username.toLowerCase())
            .where('users.host', host === null ? 'is' : '=', host);
        })
        .executeTakeFirst();
    },

    async updateProfile(id: string, changes: ProfileChanges) {
      const user = await db
        .updateTable('users')
        .set({
          ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
          ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returning(userColumns)
        .executeTakeFirstOrThrow();
      // Other servers that follow the member show their new name and bio (an Update of the actor).
      federatedChanges.report({ kind: 'profile.updated', memberId: id });
      return changed(user);
    },

    /** Sets the avatar or banner file and gives back the one it replaced. */
    async replaceImage(id: string, column: 'avatar_key' | 'banner_key', key: string) {
      const replaced = await db.transaction().execute(async (transaction) => {
        const before = await transaction
          .selectFrom('users')
          .select(column)
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const user = await transaction
          .updateTable('users')
          .set({ [column]: key, updated_at: new Date() })
          .where('id', '=', id)
          .returning(userColumns)
          .executeTakeFirstOrThrow();
        const previous = (before as Record<string, string | null>)[column] ?? null;
        return { user, previous };
      });
      await changed(replaced.user);
      federatedChanges.report({ kind: 'profile.updated', memberId: id });
      return replaced;
    },

    /** Whether any member still shows this file (files are shared when their bytes are equal). */
    async isImageInUse(key: string) {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('avatar_key', '=', key), eb('banner_key', '=', key)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The member whose email is exactly this one (any case), for search, if they chose to be
     * found by it and the viewer may see them. Never by part of an address: that would let
     * anyone spell out members' emails a letter at a time.
     */
    findDiscoverableByEmail(viewerId: string, email: string) {
      return db
        .selectFrom('users')
        .select([
          'users.id',
          'users.username',
          'users.display_name',
          'users.avatar_key',
          'users.is_verified',
          'users.bio',
          'users.posts_count',
          ...memberAddressColumns('users'),
        ])
        .select(activeFollowersCount())
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom('follows')
                .whereRef('follows.followed_id', '=', 'users.id')
                .where('follows.follower_id', '=', viewerId),
            )
            .as('is_following'),
        )
        .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
        .where(discoverableByEmail)
        .where(sql<boolean>`users.id not in ${hiddenMembers(viewerId)}`)
        .execute();
    },

    /** Merges the changes into the stored preferences; the whole object as it now reads. */
    async updatePreferences(id: string, changes: PreferencesChanges) {
      const user = await db
        .updateTable('users')
        .set({ preferences: mergedPreferences(changes), updated_at: new Date() })
        .where('id', '=', id)
        .returning(userColumns)
        .executeTakeFirstOrThrow();
      await changed(user);
      return readPreferences(user.preferences);
    },

    /** Moves the banner; an axis left undefined keeps its stored position. */
    async setBannerPosition(id: string, x: number | undefined, y: number | undefined) {
      return changed(
        await db
          .updateTable('users')
          .set((eb) => ({
            banner_position_x: x ?? eb.ref('banner_position_x'),
            banner_position_y: y ?? eb.ref('banner_position_y'),
            updated_at: new Date(),
          }))
          .where('id', '=', id)
          .returning(userColumns)
          .executeTakeFirstOrThrow(),
      );
    },

    /**
     * Members worth following: never the viewer, someone they follow, block, are blocked by or
     * mute, nor a suspended member; first those followed by the people the viewer follows, then
     * the most followed, then the newest.
     */
    suggestions(viewerId: string, limit: number) {
      return db
        .selectFrom('users')
        .select([
          'users.id',
          'users.username',
          'users.display_name',
          'users.avatar_key',
          'users.is_verified',
          'users.bio',
          ...memberAddressColumns('users'),
        ])
        .select(activeFollowersCount())
        .select((eb) => [
          eb
            .selectFrom('follows as theirs')
            .innerJoin('follows as mine', 'mine.followed_id', 'theirs.follower_id')
            .whereRef('theirs.followed_id', '=', 'users.id')
            .where('mine.follower_id', '=', viewerId)
            .select((count) => count.fn.countAll<number>().as('count'))
            .as('mutual_count'),
          // A private member asked to follow stays a suggestion, reading Requested.
          eb
            .exists(
              eb
                .selectFrom('follow_requests')
                .whereRef('follow_requests.target_id', '=', 'users.id')
                .where('follow_requests.requester_id', '=', viewerId),
            )
            .as('is_requested'),
        ])
        .where('users.id', '!=', viewerId)
        .where(sql<boolean>`users.id not in ${hiddenOrMutedMembers(viewerId)}`)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('follows')
                .whereRef('follows.followed_id', '=', 'users.id')
                .where('follows.follower_id', '=', viewerId),
            ),
          ),
        )
        .orderBy('mutual_count', 'desc')
        .orderBy('followers_count', 'desc')
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id')
        .limit(limit)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

// Both drivers report a unique violation as SQLSTATE 23505 with the index that refused it.
export function takenField(error: unknown): 'username' | 'email' | undefined {
  const { code, constraint, message } = error as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code !== '23505') return undefined;
  const where = `${constraint ?? ''} ${message ?? ''}`;
  // Only this server's usernames are unique alone (0036_remote_members.sql).
  if (where.includes('users_local_username_key')) return 'username';
  if (where.includes('users_email_lower_key')) return 'email';
  return undefined;
}
