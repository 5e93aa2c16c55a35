import { type ExpressionBuilder, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/**
 * Members named by `acct` (`username` here, `username@host` for a remote member), any case, as
 * a condition on `users`: each side through its own unique index (0036_remote_members.sql). A
 * bare `username` is never a remote namesake.
 */
export function membersByAcct(accts: readonly string[]) {
  const local = accts.filter((acct) => !acct.includes('@')).map((name) => name.toLowerCase());
  const remote = accts.flatMap((acct) => {
    const [username, host] = acct.split('@');
    return username && host ? [{ username: username.toLowerCase(), host: host.toLowerCase() }] : [];
  });
  return (eb: ExpressionBuilder<DatabaseSchema, 'users'>) =>
    eb.or([
      ...(local.length > 0
        ? [eb.and([eb(sql`lower(username)`, 'in', local), eb('host', 'is', null)])]
        : []),
      ...remote.map((member) =>
        eb.and([eb('host', '=', member.host), eb(sql`lower(username)`, '=', member.username)]),
      ),
    ]);
}
