import type { MastodonStatus } from '@whisp/api-client/contract/mastodon';
import type { Repositories } from '../db/repositories/index.js';
import type { PostShape } from '../posts/post-shape.js';
import { type StatusPage, toMastodonStatus } from './status.js';
import type { MastodonUrls } from './urls.js';

/**
 * Whisps (Whisp's shapes, as a viewer sees them) → statuses, in order, with everything their
 * page needs read in three statements at once whatever its length.
 */
export async function toMastodonStatuses(
  repositories: Pick<Repositories, 'mastodon'>,
  urls: MastodonUrls,
  posts: readonly PostShape[],
): Promise<MastodonStatus[]> {
  const all = posts.flatMap((post) =>
    post.rewhisp_of ? [post, post.rewhisp_of as PostShape] : [post],
  );
  const { mastodon } = repositories;
  const [ids, accounts, mentioned] = await Promise.all([
    mastodon.postIds(all.map((post) => post.id)),
    mastodon.accounts(all.map((post) => post.author.id)),
    mastodon.mentioned(all.flatMap((post) => post.mentions)),
  ]);
  const page: StatusPage = { urls, ids, accounts, mentioned };
  return posts.flatMap((post) => toMastodonStatus(post, page) ?? []);
}
