import {
  DEFAULT_PREFERENCES,
  MESSAGE_AUDIENCES,
  type MessageAudience,
  type MessagePermissionStatus,
  messagePermission,
} from '@whisp/api-client/contract';
import { type RawBuilder, sql } from 'kysely';

const ALLOWED: MessagePermissionStatus = 'allowed';

/**
 * Whether `viewerId` may write to the member of the users row `member` (a table name or alias in
 * the statement), as one SQL expression: `allowed`, or their `messages_from` that refuses the
 * viewer. Built from the contract's rule (messagePermission) rather than written again: each
 * setting answers what the rule answers for it, and whom the member follows is looked up only
 * for a setting whose answer depends on it (`following`), so a profile or a conversation list
 * costs no statement of its own and most rows no lookup either. The send check reads the same
 * expression (messages.ts, findRecipient), so what the chat shows is what a send meets.
 *
 * A stored value this server does not know reads as the default, as readPreferences reads it.
 */
export function messagePermissionOf(
  viewerId: string,
  member: string,
): RawBuilder<MessagePermissionStatus> {
  const memberId = sql.ref(`${member}.id`);
  const followsViewer = sql<boolean>`exists (select 1 from follows
    where follows.follower_id = ${memberId} and follows.followed_id = ${viewerId}::uuid)`;
  const answerFor = (audience: MessageAudience) => {
    const ifFollowed = messagePermission(audience, true);
    const otherwise = messagePermission(audience, false);
    if (ifFollowed === otherwise) return sql.lit(ifFollowed);
    return sql`case when ${followsViewer} then ${sql.lit(ifFollowed)} else ${sql.lit(otherwise)} end`;
  };
  const fallback = DEFAULT_PREFERENCES.messages_from;
  const branches = MESSAGE_AUDIENCES.filter((audience) => audience !== fallback).map(
    (audience) => sql`when ${sql.lit(audience)} then ${answerFor(audience)}`,
  );
  // A member's own profile: nothing refuses them.
  return sql<MessagePermissionStatus>`case
    when ${memberId} = ${viewerId}::uuid then ${sql.lit(ALLOWED)}
    else case ${sql.ref(`${member}.preferences`)} ->> 'messages_from'
      ${sql.join(branches, sql` `)}
      else ${answerFor(fallback)} end
    end`;
}
