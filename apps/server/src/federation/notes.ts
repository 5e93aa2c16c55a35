import type { Context } from '@fedify/fedify';
import {
  Collection,
  Document,
  Hashtag,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  Question,
} from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { toMastodonHtml } from '../mastodon/html.js';
import { mastodonUrls } from '../mastodon/urls.js';
import type { FederatedPoll, FederatedPost } from './local-posts.js';

/** Where a whisp of this server lives as an ActivityPub object (federation.ts routes it). */
export const noteUri = (ctx: Context<void>, username: string, postId: string) =>
  ctx.getObjectUri(Note, { identifier: username, id: postId });

/** A whisp's ActivityPub id: its own for a remote one, this server's for a local one. */
export function postUri(ctx: Context<void>, post: FederatedPost) {
  return post.uri ? new URL(post.uri) : noteUri(ctx, post.authorUsername, post.id);
}

export const toInstant = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime());

/**
 * A local whisp as a Note (a Question when it has a poll), addressed as Mastodon reads it: public
 * (to the public collection, cc the followers) or, for a private member, to the followers only;
 * mentioned members cc'd.
 */
export function toNote(
  ctx: Context<void>,
  post: FederatedPost,
  context: { replyTo: URL | null; mentioned: { actorUri: URL; acct: string }[] },
) {
  const urls = mastodonUrls(ctx.origin);
  const followers = ctx.getFollowersUri(post.authorUsername);
  const mentionedUris = context.mentioned.map((member) => member.actorUri);
  const html = toMastodonHtml(post.content, {
    profileUrl: urls.profile,
    hashtagUrl: urls.hashtag,
    members: new Set(post.mentions.map((name) => name.toLowerCase())),
  });
  const values = {
    id: noteUri(ctx, post.authorUsername, post.id),
    attribution: ctx.getActorUri(post.authorUsername),
    // A private member's whisp goes to their followers alone, mentioned or not (outbox.ts).
    to: post.authorPrivate ? followers : PUBLIC_COLLECTION,
    ccs: post.authorPrivate ? [] : [followers, ...mentionedUris],
    content: html,
    summary: post.contentWarning,
    sensitive: post.contentWarning !== null,
    published: toInstant(post.createdAt),
    updated: post.editedAt ? toInstant(post.editedAt) : null,
    url: new URL(urls.whisp(post.id)),
    replyTarget: context.replyTo,
    tags: [
      ...context.mentioned.map(
        (member) => new Mention({ href: member.actorUri, name: `@${member.acct}` }),
      ),
      ...post.hashtags.map(
        (tag) => new Hashtag({ href: new URL(urls.hashtag(tag)), name: `#${tag}` }),
      ),
    ],
    attachments: post.media.map(
      (media) =>
        new Document({
          url: new URL(urls.absolute(`/media/${media.key}`)),
          mediaType: mediaTypeOf(media.key, media.kind),
          name: media.alt,
        }),
    ),
  };
  return post.poll ? new Question({ ...values, ...questionOf(post.poll) }) : new Note(values);
}

/**
 * A poll as Mastodon writes one: its options as named Notes with their vote counts (oneOf for a
 * single choice, anyOf for several), when it ends, and how many voted. A vote comes back as a
 * Note named after its option, in reply to the Question (inbox.ts).
 */
function questionOf(poll: FederatedPoll) {
  const options = poll.options.map(
    (name, index) =>
      new Note({ name, replies: new Collection({ totalItems: poll.optionCounts[index] ?? 0 }) }),
  );
  const endTime = toInstant(poll.expiresAt);
  return {
    ...(poll.multiple ? { inclusiveOptions: options } : { exclusiveOptions: options }),
    endTime,
    closed: poll.expiresAt.getTime() <= Date.now() ? endTime : null,
    voters: poll.votersCount,
  };
}

const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

// Stored files are named with the extension of the type sniffed at upload (routes/media).
function mediaTypeOf(key: string, kind: 'image' | 'video') {
  const extension = key.split('.').pop()?.toLowerCase() ?? '';
  return MEDIA_TYPES[extension] ?? (kind === 'video' ? 'video/mp4' : 'image/jpeg');
}
