import type { KvKey } from '@fedify/fedify';

/**
 * Where the id of a remote member's Follow of a local member is kept (Fedify's key–value store),
 * so that the answer given later, when a private member accepts, names the Follow as sent:
 * Mastodon matches an Accept to its follow request by that id.
 */
export const followKey = (followerId: string, followedId: string): KvKey => [
  'whisp',
  'follow',
  followerId,
  followedId,
];

/** The id of a Follow a local member (`actor`) sends to the remote member `followedId`. */
export const followActivityId = (actor: URL, followedId: string) =>
  new URL(`${actor.href}#follows/${followedId}`);

/** Who sent a Follow of this server's and whom it followed, from its id; undefined if not ours. */
export function parseFollowActivityId(id: URL | null) {
  const sent = /^(.+)#follows\/([0-9a-f-]{36})$/.exec(id?.href ?? '');
  return sent?.[1] && sent[2] ? { actor: new URL(sent[1]), followedId: sent[2] } : undefined;
}
