import type { MessageAudience, OptionalNotificationType } from '@whisp/api-client/contract/choices';

/** What each notification switch says; a type the contract adds fails the type check until named. */
export const NOTIFICATION_SWITCHES: Record<
  OptionalNotificationType,
  [label: string, hint?: string]
> = {
  like: ['Likes', 'Someone likes one of your whisps.'],
  follow: ['New followers', 'Someone starts following you.'],
  rewhisp: ['Rewhisps', 'Someone rewhisps one of your whisps.'],
  reply: ['Replies', 'Someone replies to one of your whisps.'],
  mention: ['Mentions', 'Someone mentions your @username.'],
  direct_message: ['Direct messages', 'Someone sends you a message.'],
  poll: ['Poll results', 'A poll you made or voted in has ended.'],
  follow_request: ['Follow requests', 'Someone asks to follow your private account.'],
};

export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudience, string> = {
  everyone: 'Everyone',
  following: 'People I follow',
  nobody: 'Nobody',
};

export const SAVE_FAILED = 'Your change was not saved. Try again.';
