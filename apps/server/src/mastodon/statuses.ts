import type { MastodonStatus } from '@whisp/api-client/contract/mastodon';
import type { Repositories } from '../db/repositories/index.js';
import {
  type AccountRecord,
  type MastodonPostFacts,
  mentionKey,
} from '../db/repositories/mastodon-facts.js';
import type { HydratedPost, PostRow } from '../db/repositories/posts.js';
import { type PostShape, toPost } from '../posts/post-shape.js';
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

/**
 * The page of statuses of posts read with their Mastodon facts (PostPageOptions.mastodon): built
 * from those rows, no statement of its own. Undefined when a row came without them.
 */
function statusPageOfRows(
  urls: MastodonUrls,
  posts: readonly HydratedPost[],
  accounts: readonly AccountRecord[] = [],
): StatusPage | undefined {
  const page: StatusPage = {
    urls,
    ids: new Map(),
    accounts: new Map(accounts.map((account) => [account.id, account])),
    mentioned: new Map(),
  };
  const rows = posts.flatMap(({ row, original }): PostRow[] =>
    original ? [row, original] : [row],
  );
  for (const row of rows) {
    const facts: MastodonPostFacts | undefined = row.mastodon;
    if (!facts) return undefined;
    const { account, mentioned, ...ids } = facts;
    page.ids.set(row.id, ids);
    if (account) page.accounts.set(account.id, account);
    for (const member of mentioned) page.mentioned.set(mentionKey(member), member);
  }
  return page;
}

/**
 * Posts read with their Mastodon facts → statuses, in order, with no statement more (or the
 * page's one, {@link readStatusPage}, should a row lack them). `accounts`: other members the
 * page shows, already read (a notification's actors), kept in the page's accounts.
 */
export async function statusesOfRows(
  repositories: Pick<Repositories, 'mastodon'>,
  urls: MastodonUrls,
  posts: readonly HydratedPost[],
  accounts: readonly AccountRecord[] = [],
): Promise<{ statuses: (MastodonStatus | undefined)[]; page: StatusPage }> {
  const shapes = posts.map((post) => toPost(post, urls.publicUrl));
  const page =
    statusPageOfRows(urls, posts, accounts) ??
    (await readStatusPage(
      repositories,
      urls,
      shapes,
      accounts.map((account) => account.id),
    ));
  return { statuses: shapes.map((post) => toMastodonStatus(post, page)), page };
}
