import type {
  MessageAudience,
  MessagePermissionStatus,
  OptionalNotificationType,
} from './choices.js';

// The defaults of a member's preferences (api.md, Privacy and preferences 1.2), zod-free so that
// the UI and the mocks can read them without loading the schemas.

export interface PreferencesValues {
  messages_from: MessageAudience;
  read_receipts: boolean;
  discoverable_by_email: boolean;
  notifications: Record<OptionalNotificationType, boolean>;
  autoplay_media: boolean;
  data_saver: boolean;
}

export const DEFAULT_PREFERENCES: Readonly<PreferencesValues> = Object.freeze({
  messages_from: 'everyone',
  read_receipts: true,
  discoverable_by_email: false,
  notifications: Object.freeze({
    like: true,
    follow: true,
    rewhisp: true,
    reply: true,
    mention: true,
    direct_message: true,
    poll: true,
    follow_request: true,
  }),
  autoplay_media: true,
  data_saver: false,
});

/**
 * Whether `sender` may start a conversation with, or write to, a member whose preference is
 * `audience`: `following` lets through only the members they follow (`recipientFollowsSender`).
 */
export function acceptsMessagesFrom(audience: MessageAudience, recipientFollowsSender: boolean) {
  if (audience === 'everyone') return true;
  if (audience === 'nobody') return false;
  return recipientFollowsSender;
}

/**
 * What `sender` reads of a member whose preference is `audience` (`Profile.message_permission`):
 * `allowed` when acceptsMessagesFrom lets them write, otherwise the setting that refuses them.
 */
export function messagePermission(
  audience: MessageAudience,
  recipientFollowsSender: boolean,
): MessagePermissionStatus {
  if (acceptsMessagesFrom(audience, recipientFollowsSender)) return 'allowed';
  // acceptsMessagesFrom lets `everyone` through, so what refuses is one of the other settings.
  return audience as Exclude<MessageAudience, 'everyone'>;
}
