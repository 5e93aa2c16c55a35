import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/**
 * How many members the server has and uses it, and how many whisps they wrote (NodeInfo): its
 * own members only, as NodeInfo and Mastodon count (members of other servers are rows too).
 */
export interface InstanceUsage {
  members: number;
  activeMonth: number;
  activeHalfYear: number;
  whisps: number;
}

export function createInstanceUsageRepository(db: Kysely<DatabaseSchema>) {
  return {
    /**
     * Suspended members leave every count. Active: signed in with a session used in the period
     * (ended sessions are swept after a while, so a long-quiet member may be missed). Whisps are
     * the members' stored counts summed (one pass over members, not over every whisp: at 1M
     * whisps a count of posts read them all); rewhisps are not whisps there.
     */
    async usage(): Promise<InstanceUsage> {
      const { rows } = await sql<InstanceUsage>`
        select members.count as "members", members.whisps as "whisps",
          active.month as "activeMonth", active.half_year as "activeHalfYear"
        from (
          select count(*)::int as count, coalesce(sum(posts_count), 0)::int as whisps
          from users where suspended_at is null and host is null
        ) members, (
          select
            (count(distinct s.user_id) filter (
              where s.last_used_at > now() - interval '30 days'))::int as month,
            count(distinct s.user_id)::int as half_year
          from sessions s join users u on u.id = s.user_id
          where u.suspended_at is null and s.last_used_at > now() - interval '180 days'
        ) active
      `.execute(db);
      const [usage] = rows;
      if (!usage) throw new Error('The usage query returned no row');
      return usage;
    },
  };
}
