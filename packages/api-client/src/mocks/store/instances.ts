import type { InstancePolicy } from '../../contract/choices.js';
import { BANNER_POSITION_DEFAULT } from '../../contract/limits.js';
import type { Id, ModerationInstance } from '../../models.js';
import { fail } from '../errors.js';
import { compareText, type StoreContext } from './context.js';
import type { UserRecord } from './records.js';

/**
 * Other servers, by the server's rules (src/db/repositories/instances.ts): the hosts of remote
 * members known here and the hosts moderators set a policy on, listed by host in code-unit order.
 * Staff checks are the handlers' (store.requireStaff), as the server refuses before it reads.
 */
export function createInstanceOperations(ctx: StoreContext) {
  const membersOf = (host: string) => ctx.data.users.filter((user) => user.host === host).length;

  const instanceShape = (host: string): ModerationInstance => {
    const policy = ctx.data.instancePolicies.find((record) => record.host === host);
    return {
      host,
      members: membersOf(host),
      policy: policy?.policy ?? null,
      reason: policy?.reason ?? null,
      since: policy?.updated_at ?? null,
    };
  };

  return {
    listInstances(): ModerationInstance[] {
      const hosts = new Set<string>();
      for (const user of ctx.data.users) if (user.host) hosts.add(user.host);
      for (const policy of ctx.data.instancePolicies) hosts.add(policy.host);
      return [...hosts].sort(compareText).map(instanceShape);
    },

    /** A new policy replaces the one in force, with its reason and moderator. */
    setInstancePolicy(
      moderator: UserRecord,
      host: string,
      policy: InstancePolicy,
      reason: string,
    ): ModerationInstance {
      const now = ctx.now();
      const existing = ctx.data.instancePolicies.find((record) => record.host === host);
      if (existing) {
        Object.assign(existing, { policy, reason, set_by: moderator.id, updated_at: now });
      } else {
        ctx.data.instancePolicies.push({
          host,
          policy,
          reason,
          set_by: moderator.id,
          created_at: now,
          updated_at: now,
        });
      }
      return instanceShape(host);
    },

    liftInstancePolicy(host: string): ModerationInstance {
      const index = ctx.data.instancePolicies.findIndex((record) => record.host === host);
      if (index === -1) throw fail('instancePolicyNotFound');
      ctx.data.instancePolicies.splice(index, 1);
      return instanceShape(host);
    },

    /**
     * A member of another server, as the server records one when it first meets their actor:
     * tests and stories give the instance list its members with it.
     */
    addRemoteMember(username: string, host: string): Id {
      const id = ctx.newId('user');
      ctx.data.users.push({
        id,
        username,
        display_name: username,
        // Nobody signs in as a remote member: no email, no password.
        email: '',
        password: '',
        bio: null,
        avatar: null,
        banner: null,
        banner_position_x: BANNER_POSITION_DEFAULT,
        banner_position_y: BANNER_POSITION_DEFAULT,
        is_verified: false,
        is_private: false,
        created_at: ctx.now(),
        host: host.toLowerCase(),
      });
      return id;
    },
  };
}
