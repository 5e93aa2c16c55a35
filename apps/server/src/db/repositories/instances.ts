import type { InstancePolicy } from '@whisp/api-client/contract';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { EVERY_MEMBER, type MemberChanged, nothingCached } from './users.js';

type Db = Kysely<DatabaseSchema>;

/** Another server as moderators see it: its members known here and the policy in force. */
export interface InstanceRow {
  host: string;
  members: number;
  policy: InstancePolicy | null;
  reason: string | null;
  since: Date | null;
}

/**
 * The policy on a server (its host as `users.host` stores it), or null for none. One primary-key
 * lookup: the federation code asks on every activity it receives and every delivery it makes.
 */
export async function instancePolicyOf(db: Db, host: string): Promise<InstancePolicy | null> {
  const row = await db
    .selectFrom('instance_policies')
    .select('policy')
    .where('host', '=', host.toLowerCase())
    .executeTakeFirst();
  return row?.policy ?? null;
}

/**
 * Whether `actor` (an SQL expression of a member's id) is on a silenced server and `recipient`
 * does not follow them. A silenced server's members reach only their followers here (api.md,
 * "Federation (1.2)"): their likes, replies, mentions and follows notify nobody else.
 */
export function fromSilencedStranger(
  recipient: RawBuilder<unknown>,
  actor: RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from users silenced
    join instance_policies policy on policy.host = silenced.host and policy.policy = 'silence'
    where silenced.id = ${actor} and not exists (select 1 from follows
      where follows.follower_id = ${recipient} and follows.followed_id = ${actor}))`;
}

/**
 * Makes remote members' is_private follow their own setting and their server's silence (0036):
 * true when either holds. Answers whether any member changed.
 */
async function applySilence(db: Db, host: string) {
  const changed = await db
    .updateTable('users')
    .set({
      is_private: sql<boolean>`approves_followers or exists (select 1 from instance_policies p
        where p.host = users.host and p.policy = 'silence')`,
      updated_at: sql<Date>`now()`,
    })
    .where('host', '=', host)
    .where(
      sql<boolean>`is_private is distinct from (approves_followers or exists (
        select 1 from instance_policies p where p.host = users.host and p.policy = 'silence'))`,
    )
    .returning('id')
    .execute();
  return changed.length > 0;
}

/**
 * Moderation of other servers (0037_instance_policies.sql): the servers known here, by their
 * remote members, and the silence or suspension moderators set on some of them.
 */
export function createInstancesRepository(db: Db, memberChanged: MemberChanged = nothingCached) {
  // Cached sign-ins carry whether any member is private (visibility.ts), which a silence changes.
  const silenceApplied = async (host: string) => {
    if (await applySilence(db, host)) await memberChanged(EVERY_MEMBER);
  };

  async function find(host: string): Promise<InstanceRow> {
    const [counted, policy] = await Promise.all([
      db
        .selectFrom('users')
        .select(sql<number>`count(*)::int`.as('members'))
        .where('host', '=', host)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('instance_policies')
        .select(['policy', 'reason', 'updated_at'])
        .where('host', '=', host)
        .executeTakeFirst(),
    ]);
    return {
      host,
      members: counted.members,
      policy: policy?.policy ?? null,
      reason: policy?.reason ?? null,
      since: policy?.updated_at ?? null,
    };
  }

  return {
    /**
     * Every server with members known here or with a policy, by host. The member counts read
     * users_remote_username_key (host first), which holds remote members only.
     */
    async list(): Promise<InstanceRow[]> {
      const { rows } = await sql<InstanceRow>`
        select coalesce(known.host, p.host) as host, coalesce(known.members, 0) as members,
          p.policy, p.reason, p.updated_at as since
        from (
          select host, count(*)::int as members from users where host is not null group by host
        ) known
        full join instance_policies p on p.host = known.host
        order by coalesce(known.host, p.host) collate "C"
      `.execute(db);
      return rows;
    },

    find,

    /** Sets the policy on a server, replacing the one in force (and its reason and author). */
    async set(host: string, policy: InstancePolicy, reason: string, moderatorId: string) {
      await db
        .insertInto('instance_policies')
        .values({ host, policy, reason, set_by: moderatorId })
        .onConflict((conflict) =>
          conflict.column('host').doUpdateSet({
            policy,
            reason,
            set_by: moderatorId,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
      await silenceApplied(host);
      return find(host);
    },

    /** Lifts the policy on a server; false when it had none. */
    async lift(host: string) {
      const removed = await db
        .deleteFrom('instance_policies')
        .where('host', '=', host)
        .returning('host')
        .executeTakeFirst();
      if (removed) await silenceApplied(host);
      return removed !== undefined;
    },

    policyOf: (host: string) => instancePolicyOf(db, host),
  };
}

export type InstancesRepository = ReturnType<typeof createInstancesRepository>;
