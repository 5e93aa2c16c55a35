import { POST_MEDIA_MAX_IMAGES } from '@whisp/api-client/limits';

// Every refusal says why, naming whose choice it was (api.md: 403 "when the post's reply
// settings exclude you").
export const POST_NOT_FOUND = 'Post not found';
export const NOT_AUTHOR = 'Only the author can change this whisp';
export const repliesOff = (username: string) => `@${username} has turned off replies to this whisp`;
export const followersOnly = (username: string) =>
  `Only people who follow @${username} can reply to this whisp`;
export const rewhispsOff = (username: string) =>
  `@${username} has turned off rewhisps for this whisp`;
export const MEDIA_NOT_UPLOADED =
  'Some attached media could not be found. Please upload it again and retry';
export const TOO_MANY_MEDIA = `A whisp can have up to ${POST_MEDIA_MAX_IMAGES} images or one video`;
export const IDEMPOTENCY_KEY_INVALID = 'Idempotency-Key must be 1 to 255 characters';

export interface ReplyAccess {
  author_id: string;
  author_username: string;
  can_reply: 'everyone' | 'followers' | 'none';
}

/** Why this member may not reply, or undefined when they may. The author always may. */
export function replyRefusal(
  access: ReplyAccess,
  viewerId: string,
  viewerFollowsAuthor: boolean,
): string | undefined {
  if (access.author_id === viewerId || access.can_reply === 'everyone') return undefined;
  if (access.can_reply === 'none') return repliesOff(access.author_username);
  return viewerFollowsAuthor ? undefined : followersOnly(access.author_username);
}
