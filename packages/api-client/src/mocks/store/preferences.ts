import {
  type MessagePermissionStatus,
  OPTIONAL_NOTIFICATION_TYPES,
} from '../../contract/choices.js';
import {
  DEFAULT_PREFERENCES,
  messagePermission,
  type PreferencesValues,
} from '../../contract/preferences.js';
import type { Id, Message, NotificationType } from '../../models.js';
import { fail } from '../errors.js';
import type { StoreContext } from './context.js';
import type { MessageRecord, MockData, UserRecord } from './records.js';
import { visibilityFor } from './visibility.js';

// Privacy and preferences (1.2) as the server keeps and enforces them.

export type PreferencesChanges = Partial<Omit<PreferencesValues, 'notifications'>> & {
  notifications?: Partial<PreferencesValues['notifications']>;
};

/** A member's preferences, each unset one at its default (a copy: callers may not change it). */
export function preferencesOf(user: UserRecord): PreferencesValues {
  return {
    ...DEFAULT_PREFERENCES,
    ...user.preferences,
    notifications: { ...DEFAULT_PREFERENCES.notifications, ...user.preferences?.notifications },
  };
}

/** Whether the member wants notifications of this type; moderation notices always go out. */
export function wantsNotification(user: UserRecord | undefined, type: NotificationType) {
  if (!user) return true;
  const optional = OPTIONAL_NOTIFICATION_TYPES.find((candidate) => candidate === type);
  return optional === undefined || preferencesOf(user).notifications[optional];
}

/**
 * Whether `senderId` may write to `recipient`, or the setting that refuses them: what their
 * profile and conversations show, and what a send meets. Nothing refuses a member themselves.
 */
export function messagePermissionOf(
  data: MockData,
  recipient: UserRecord,
  senderId: Id,
): MessagePermissionStatus {
  if (recipient.id === senderId) return 'allowed';
  const recipientFollowsSender = data.follows.some(
    (follow) => follow.follower_id === recipient.id && follow.followed_id === senderId,
  );
  return messagePermission(preferencesOf(recipient).messages_from, recipientFollowsSender);
}

/** Refuses a message (or a new conversation) to a member who does not take them from the sender. */
export function checkAcceptsMessages(data: MockData, recipient: UserRecord, senderId: Id) {
  if (messagePermissionOf(data, recipient, senderId) !== 'allowed') {
    throw fail('messagesNotAccepted', recipient.username);
  }
}

/** A message as the viewer sees it: read privately stays unread to its sender. */
export function messageSeenBy(record: MessageRecord, viewerId: Id): Message {
  const { read_privately, ...message } = record;
  return {
    ...message,
    is_read: message.is_read && (viewerId === message.recipient_id || !read_privately),
  };
}

export function createPreferencesOperations(ctx: StoreContext) {
  return {
    preferences: (viewer: UserRecord) => preferencesOf(viewer),

    /** Merges the changes (already checked by the request schema); the whole object after. */
    updatePreferences(viewer: UserRecord, changes: PreferencesChanges) {
      const current = preferencesOf(viewer);
      viewer.preferences = {
        ...current,
        ...changes,
        notifications: { ...current.notifications, ...changes.notifications },
      };
      return preferencesOf(viewer);
    },

    /**
     * Search's members for an email address: only the one who has exactly it (any case) and chose
     * to be found by it, never by part of an address.
     */
    membersByEmail(viewer: UserRecord, email: string) {
      const address = email.trim().toLowerCase();
      const visible = visibilityFor(ctx.data, viewer.id);
      return ctx.data.users
        .filter(
          (user) =>
            user.email.toLowerCase() === address &&
            !visible.hides(user.id) &&
            preferencesOf(user).discoverable_by_email,
        )
        .map((user) => ctx.shapes.searchUser(user, viewer.id));
    },
  };
}
