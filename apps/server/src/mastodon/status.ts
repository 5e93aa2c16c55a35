import { memberAcct, remoteMemberUrl } from '@whisp/api-client/contract';
import type {
  MastodonAccount,
  MastodonStatus,
  MastodonStatusBase,
} from '@whisp/api-client/contract/mastodon';
import type {
  AccountRecord,
  MentionedMember,
  PostMastodonIds,
} from '../db/repositories/mastodon-facts.js';
import type { PollShape } from '../posts/poll-shape.js';
import type { PostShape } from '../posts/post-shape.js';
import { toMastodonAccount } from './account.js';
import { toMastodonAttachment } from './attachment.js';
import { toMastodonHtml } from './html.js';
import type { MastodonUrls } from './urls.js';

// A whisp as a Mastodon status (entities/Status.md), made from Whisp's own shape of it
// (posts/post-shape.ts: the rules of what a viewer sees, such as a poll's hidden counts, stay
// there) and what the Mastodon layer reads beside it per page (db/repositories/mastodon.ts).

/** What a page's statuses are made with, read once per page. */
export interface StatusPage {
  urls: MastodonUrls;
  ids: Map<string, PostMastodonIds>;
  accounts: Map<string, AccountRecord>;
  /** By mentionKey: `alice`, `bob@host`, lower-cased. */
  mentioned: Map<string, MentionedMember>;
}

const madeAccounts = new WeakMap<StatusPage, Map<string, MastodonAccount>>();

/**
 * The member's account as the page shows it, made once per page however many of its statuses
 * (and notifications) show them: one object, written out wherever it appears.
 */
export function accountOnPage(page: StatusPage, member: AccountRecord): MastodonAccount {
  let made = madeAccounts.get(page);
  if (!made) {
    made = new Map();
    madeAccounts.set(page, made);
  }
  let account = made.get(member.id);
  if (!account) {
    account = toMastodonAccount(member, page.urls);
    made.set(member.id, account);
  }
  return account;
}

function toPoll(poll: PollShape, id: string) {
  return {
    id,
    expires_at: poll.expires_at,
    expired: poll.expired,
    multiple: poll.multiple,
    votes_count: poll.votes_count,
    voters_count: poll.voters_count,
    options: poll.options,
    emojis: [],
    voted: poll.voted,
    own_votes: poll.own_votes,
  };
}

function toBase(post: PostShape, page: StatusPage): MastodonStatusBase | undefined {
  const ids = page.ids.get(post.id);
  const author = page.accounts.get(post.author.id);
  if (!ids || !author) return undefined;
  const account = accountOnPage(page, author);
  const mentions = post.mentions.flatMap((username) => {
    const member = page.mentioned.get(username.toLowerCase());
    if (!member) return [];
    const url = member.host === null ? page.urls.profile(member.username) : remoteMemberUrl(member);
    return [{ id: member.mastodon_id, username: member.username, acct: memberAcct(member), url }];
  });
  // A whisp of another server is known by its id there and opens there, in its own HTML (as
  // sanitised when it arrived); one of this server by its page here.
  const { origin } = ids;
  const url = page.urls.whisp(post.id);
  return {
    id: ids.mastodon_id,
    uri: origin?.uri ?? url,
    url: origin ? (origin.url ?? origin.uri) : url,
    created_at: post.created_at,
    account,
    content:
      origin?.html ??
      toMastodonHtml(post.content, {
        profileUrl: page.urls.profile,
        hashtagUrl: page.urls.hashtag,
        members: new Set(
          mentions.flatMap((mention) =>
            mention.acct.includes('@') ? [] : [mention.username.toLowerCase()],
          ),
        ),
      }),
    // A private member's whisps reach only their followers: Mastodon's "private".
    visibility: account.locked ? 'private' : 'public',
    sensitive: post.content_warning !== null,
    spoiler_text: post.content_warning ?? '',
    // Each under its upload's id; a file without an upload row has none to show it by (the
    // reconciliation's posts.media_keys check finds such a whisp), so it is left out.
    media_attachments: post.media.flatMap((media, index) => {
      const id = ids.media_ids[index];
      return id ? [toMastodonAttachment(media, id, page.urls)] : [];
    }),
    application: null,
    mentions,
    tags: post.hashtags.map((name) => ({ name, url: page.urls.hashtag(name) })),
    emojis: [],
    reblogs_count: post.rewhisp_count,
    favourites_count: post.like_count,
    replies_count: post.reply_count,
    in_reply_to_id: ids.in_reply_to_id,
    in_reply_to_account_id: ids.in_reply_to_account_id,
    poll: post.poll ? toPoll(post.poll, ids.mastodon_id) : null,
    card: null,
    language: null,
    text: null,
    edited_at: post.edited_at,
    favourited: post.is_liked,
    reblogged: post.is_rewhisped,
    muted: false,
    bookmarked: post.is_bookmarked,
    pinned: false,
  };
}

/**
 * A whisp as a status; a rewhisp as Mastodon's reblog: a status of the member who rewhisped,
 * empty itself, holding the original. Undefined for a whisp deleted while its page was read.
 */
export function toMastodonStatus(post: PostShape, page: StatusPage): MastodonStatus | undefined {
  const status = toBase(post, page);
  if (!status) return undefined;
  if (!post.rewhisp_of) return { ...status, reblog: null };
  const reblog = toBase(post.rewhisp_of as PostShape, page);
  if (!reblog) return undefined;
  return {
    ...status,
    content: '',
    spoiler_text: '',
    sensitive: false,
    media_attachments: [],
    mentions: [],
    tags: [],
    poll: null,
    reblogs_count: 0,
    favourites_count: 0,
    replies_count: 0,
    favourited: reblog.favourited,
    reblogged: reblog.reblogged,
    bookmarked: reblog.bookmarked,
    reblog,
  };
}
