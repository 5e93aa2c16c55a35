import {
  MESSAGE_MAX_LENGTH,
  SUPPORT_DESCRIPTION_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '../../contract/limits.js';
import { countCharacters } from '../../contract/validation.js';
import type { Id, Message } from '../../models.js';
import { fail, failOn, MockError } from '../errors.js';
import { compareText, newestFirst, type StoreContext, slice } from './context.js';
import { checkAcceptsMessages, messageSeenBy, preferencesOf } from './preferences.js';
import type { UserRecord } from './records.js';
import { blockedBetween, visibilityFor } from './visibility.js';

/** Notifications, direct messages and support requests. */
export function createInboxOperations(ctx: StoreContext) {
  const otherOf = (c: { participant_one_id: Id; participant_two_id: Id }, viewer: UserRecord) =>
    c.participant_one_id === viewer.id ? c.participant_two_id : c.participant_one_id;
  const conversationOf = (viewer: UserRecord, id: Id) => {
    const conversation = ctx.data.conversations.find(
      (c) =>
        c.id === id && (c.participant_one_id === viewer.id || c.participant_two_id === viewer.id),
    );
    // Someone else's conversation is "not found", never "forbidden": it does not exist for you.
    // So is one with a member blocked either way, or suspended.
    if (!conversation || visibilityFor(ctx.data, viewer.id).hides(otherOf(conversation, viewer))) {
      throw fail('conversationNotFound');
    }
    return conversation;
  };
  const between = (a: Id, b: Id) =>
    ctx.data.conversations.find(
      (c) =>
        (c.participant_one_id === a && c.participant_two_id === b) ||
        (c.participant_one_id === b && c.participant_two_id === a),
    );
  /** The conversation with another member (who must exist, and not be you), opened if new. */
  const open = (viewer: UserRecord, otherId: Id, field: string) => {
    if (otherId === viewer.id) throw failOn(field, 'messageYourself');
    const other = ctx.shapes.userById(otherId);
    if (!other || other.suspended_at) throw fail('userNotFound');
    if (blockedBetween(ctx.data, viewer.id, otherId)) throw fail('blocked');
    // As on the server: messages stay on this server for now (Federation 1.2).
    if ((other.host ?? null) !== null) throw fail('messagesToOtherServers');
    checkAcceptsMessages(ctx.data, other, viewer.id);
    const existing = between(viewer.id, otherId);
    if (existing) return existing;
    // The pair is kept in a fixed order, whoever starts the conversation.
    const [one, two] = [viewer.id, otherId].sort(compareText) as [Id, Id];
    const created = {
      id: ctx.newId('conversation'),
      participant_one_id: one,
      participant_two_id: two,
      created_at: ctx.now(),
    };
    ctx.data.conversations.push(created);
    return created;
  };

  return {
    notifications(viewer: UserRecord, limit: number, before: Id | undefined) {
      const visible = visibilityFor(ctx.data, viewer.id);
      let mine = ctx.data.notifications
        .filter((n) => n.user_id === viewer.id && visible.showsNotification(n.actor_id, n.post_id))
        .sort(newestFirst);
      const cursor = before ? mine.find((n) => n.id === before) : undefined;
      if (cursor) mine = mine.filter((n) => n.created_at < cursor.created_at);
      return {
        notifications: mine.slice(0, limit).map(ctx.shapes.notification),
        unread_count: ctx.unreadCounts(viewer.id).notifications,
      };
    },

    markNotificationRead(viewer: UserRecord, id: Id) {
      const notification = ctx.data.notifications.find(
        (n) => n.id === id && n.user_id === viewer.id,
      );
      if (!notification) throw fail('notificationNotFound');
      notification.is_read = true;
      ctx.emit(viewer.id, { type: 'unread', data: ctx.unreadCounts(viewer.id) });
    },

    markAllNotificationsRead(viewer: UserRecord) {
      const unread = ctx.data.notifications.filter((n) => n.user_id === viewer.id && !n.is_read);
      for (const notification of unread) notification.is_read = true;
      ctx.emit(viewer.id, { type: 'unread', data: ctx.unreadCounts(viewer.id) });
      return { updated: unread.length };
    },

    conversations(viewer: UserRecord, page: number, limit: number) {
      const visible = visibilityFor(ctx.data, viewer.id);
      const mine = ctx.data.conversations
        .filter((c) => c.participant_one_id === viewer.id || c.participant_two_id === viewer.id)
        .filter((c) => !visible.hides(otherOf(c, viewer)))
        .map((c) => ctx.shapes.conversation(c, viewer.id))
        .sort(
          (a, b) =>
            compareText(b.last_message_at ?? '', a.last_message_at ?? '') ||
            compareText(b.id, a.id),
        );
      return slice(mine, (page - 1) * limit, limit).page;
    },

    messages(viewer: UserRecord, conversationId: Id, page: number, limit: number) {
      conversationOf(viewer, conversationId);
      const all = ctx.data.messages
        .filter((m) => m.conversation_id === conversationId)
        .sort((a, b) => compareText(a.created_at, b.created_at) || compareText(a.id, b.id));
      return slice(all, (page - 1) * limit, limit).page.map((m) => messageSeenBy(m, viewer.id));
    },

    send(viewer: UserRecord, recipientId: Id, content: string) {
      if (content.trim() === '') throw failOn('content', 'emptyMessage');
      if (countCharacters(content) > MESSAGE_MAX_LENGTH) throw failOn('content', 'messageTooLong');
      const conversation = open(viewer, recipientId, 'recipient_id');
      const message: Message = {
        id: ctx.newId('message'),
        conversation_id: conversation.id,
        sender_id: viewer.id,
        recipient_id: recipientId,
        content,
        created_at: ctx.now(),
        is_read: false,
      };
      ctx.data.messages.push(message);
      ctx.emit(recipientId, { type: 'message', data: { ...message } });
      ctx.notify(recipientId, viewer.id, 'direct_message', null);
      return { ...message };
    },

    start: (viewer: UserRecord, otherId: Id) =>
      ctx.shapes.conversation(open(viewer, otherId, 'userId'), viewer.id),

    markMessagesRead(viewer: UserRecord, ids: Id[]) {
      const wanted = new Set(ids);
      const changed = ctx.data.messages.filter(
        (m) => wanted.has(m.id) && m.recipient_id === viewer.id && !m.is_read,
      );
      const { read_receipts } = preferencesOf(viewer);
      for (const message of changed) {
        message.is_read = true;
        message.read_privately = !read_receipts;
      }
      if (changed.length)
        ctx.emit(viewer.id, { type: 'unread', data: ctx.unreadCounts(viewer.id) });
      return { updated: changed.length };
    },

    submitSupport(
      viewer: UserRecord,
      input: { subject?: string | null; description?: string | null },
    ) {
      const subject = input.subject?.trim() ?? '';
      const description = input.description?.trim() ?? '';
      if (!subject || !description) {
        const missing = fail('missingFields');
        throw new MockError(missing.status, missing.code, missing.message, [
          ...(subject ? [] : [{ field: 'subject', message: missing.message }]),
          ...(description ? [] : [{ field: 'description', message: missing.message }]),
        ]);
      }
      if (countCharacters(subject) > SUPPORT_SUBJECT_MAX_LENGTH) {
        throw failOn('subject', 'subjectTooLong');
      }
      if (countCharacters(description) > SUPPORT_DESCRIPTION_MAX_LENGTH) {
        throw failOn('description', 'descriptionTooLong');
      }
      const id = ctx.newId('support');
      ctx.data.supportRequests.push({ id, user_id: viewer.id, subject, description });
      return { id };
    },
  };
}
