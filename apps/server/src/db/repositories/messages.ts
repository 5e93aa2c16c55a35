import { type Kysely, sql } from 'kysely';
import type { DatabaseSchema } from '../schema.js';
import { openConversation } from './conversations.js';
import { isId } from './ids.js';
import { messagePermissionOf } from './message-permission.js';
import type { NotificationsRepository } from './notifications.js';
import { FALSE, limitLiteral } from './plan-literals.js';
import { hiddenMembers } from './visibility.js';

/**
 * A message the member's live stream may carry: none of a conversation with a member blocked
 * either way, or suspended (its replay after a reconnection included).
 */
const fromVisibleMember = (memberId: string) =>
  sql<boolean>`(case when sender_id = ${memberId}::uuid then recipient_id else sender_id end)
    not in ${hiddenMembers(memberId)}`;

const MESSAGE_COLUMNS = [
  'id',
  'conversation_id',
  'sender_id',
  'recipient_id',
  'content',
  'created_at',
  'is_read',
  'read_privately',
  'event_seq',
] as const;

export function createMessagesRepository(
  db: Kysely<DatabaseSchema>,
  notifications: NotificationsRepository,
) {
  return {
    /**
     * One transaction: the conversation (made if needed), the message, its last-message summary
     * and the recipient's notification; both members' open streams hear of it after the commit.
     */
    send(senderId: string, recipientId: string, content: string) {
      return notifications.transaction(async (transaction) => {
        const conversation = await openConversation(transaction, senderId, recipientId);
        const message = await transaction
          .insertInto('messages')
          .values({
            conversation_id: conversation.id,
            sender_id: senderId,
            recipient_id: recipientId,
            content,
          })
          .returning(MESSAGE_COLUMNS)
          .executeTakeFirstOrThrow();
        await transaction
          .updateTable('conversations')
          .set({ last_message: content, last_message_at: message.created_at })
          .where('id', '=', conversation.id)
          // Two messages racing: the later one stays the summary.
          .where((eb) =>
            eb.or([
              eb('last_message_at', 'is', null),
              eb('last_message_at', '<=', message.created_at),
            ]),
          )
          .execute();
        await notifications.recordMessage(transaction, senderId, recipientId);
        for (const memberId of [recipientId, senderId]) {
          notifications.stage(transaction, { memberId, kind: 'message', id: message.id });
        }
        return message;
      });
    },

    /** Oldest first, numbered pages from 1. */
    list(conversationId: string, limit: number, offset: number) {
      return db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where('conversation_id', '=', conversationId)
        .orderBy('created_at')
        .orderBy('id')
        .limit(limitLiteral(limit))
        .$if(offset > 0, (query) => query.offset(offset))
        .execute();
    },

    /** A message either member of its conversation may see. */
    findForMember(memberId: string, id: string) {
      if (!isId(id)) return Promise.resolve(undefined);
      return db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('recipient_id', '=', memberId)]))
        .where(fromVisibleMember(memberId))
        .executeTakeFirst();
    },

    /** What a stream that last saw `afterSeq` missed, sent or received, oldest first. */
    since(memberId: string, afterSeq: number, limit: number) {
      return db
        .selectFrom('messages')
        .select(MESSAGE_COLUMNS)
        .where('event_seq', '>', afterSeq)
        .where((eb) => eb.or([eb('sender_id', '=', memberId), eb('recipient_id', '=', memberId)]))
        .where(fromVisibleMember(memberId))
        .orderBy('event_seq')
        .limit(limit)
        .execute();
    },

    /**
     * The member a conversation or message would go to, with whether they take messages from
     * the sender: the expression profiles and conversations show (message-permission.ts), so a
     * send meets what the chat said. One statement, whatever their setting.
     */
    findRecipient(senderId: string, recipientId: string) {
      if (!isId(recipientId)) return Promise.resolve(undefined);
      return db
        .selectFrom('users')
        .select(['users.id', 'users.username', 'users.host'])
        .select(messagePermissionOf(senderId, 'users').as('message_permission'))
        .where('users.id', '=', recipientId)
        .executeTakeFirst();
    },

    /**
     * Only messages sent to the member change; the number that did. With `sendReceipts` false
     * (their read receipts are off) they are read for the member but stay unread to the sender.
     */
    async markRead(recipientId: string, ids: string[], sendReceipts = true) {
      const wanted = [...new Set(ids.filter(isId))];
      if (wanted.length === 0) return 0;
      const changed = await db
        .updateTable('messages')
        .set({ is_read: true, read_privately: !sendReceipts })
        .where('id', 'in', wanted)
        .where('recipient_id', '=', recipientId)
        .where('is_read', '=', FALSE)
        .returning('id')
        .execute();
      if (changed.length > 0) notifications.announceUnread(recipientId);
      return changed.length;
    },

    async unreadCount(recipientId: string) {
      const row = await db
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('recipient_id', '=', recipientId)
        .where('is_read', '=', FALSE)
        // Messages of members blocked either way, or suspended, are out of sight and of count.
        .where(sql<boolean>`sender_id not in ${hiddenMembers(recipientId)}`)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
export type MessageRow = NonNullable<Awaited<ReturnType<MessagesRepository['findForMember']>>>;
