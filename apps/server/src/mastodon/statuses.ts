import type { MastodonStatus } from '@whisp/api-client/contract/mastodon';
import type { Repositories } from '../db/repositories/index.js';
import type { PostShape } from '../posts/post-shape.js';
import { type StatusPage, toMastodonStatus } from './status.js';
import type { MastodonUrls } from './urls.js';

/**
 * What a page of these whisps needs beside Whisp's own shapes, read in one statement whatever
 * its length; `memberIds` adds other members the page shows as accounts (a notification's
 * actor), read in the same statement.
 */
export async function readStatusPage(
  repositories: Pick<Repositories, 'mastodon'>,
  urls: MastodonUrls,
  posts: readonly PostShape[],
  memberIds: readonly string[] = [],
): Promise<StatusPage> {
  const all = posts.flatMap((post) =>
    post.rewhisp_of ? [post, post.rewhisp_of as PostShape] : [post],
  );
  const facts = await repositories.mastodon.statusPageFacts({
    postIds: all.map((post) => post.id),
    memberIds: [...all.map((post) => post.author.id), ...memberIds],
    usernames: all.flatMap((post) => post.mentions),
  });
  return { urls, ...facts };
}

/** Whisps (Whisp's shapes, as a viewer sees them) → statuses, in order. */
export async function toMastodonStatuses(
  repositories: Pick<Repositories, 'mastodon'>,
  urls: MastodonUrls,
  posts: readonly PostShape[],
): Promise<MastodonStatus[]> {
  if (posts.length === 0) return [];
  const page = await readStatusPage(repositories, urls, posts);
  return posts.flatMap((post) => toMastodonStatus(post, page) ?? []);
}
