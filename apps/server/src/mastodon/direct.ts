import type { MastodonConversation, MastodonStatus } from '@whisp/api-client/contract/mastodon';
import type { Repositories } from '../db/repositories/index.js';
import type {
  DirectMessageRecord,
  MastodonConversationRecord,
} from '../db/repositories/mastodon-conversations.js';
import type { AccountRecord } from '../db/repositories/mastodon-facts.js';
import { toMastodonAccount } from './account.js';
import { toMastodonHtml } from './html.js';
import type { MastodonUrls } from './urls.js';

// Whisp's direct messages as Mastodon's `direct` statuses, and its conversations as Mastodon
// conversations (entities/Status.md, entities/Conversation.md). A message holds text only and is
// nobody's to like, reblog or reply to by thread: those keys say so. Its addressee is its one
// mention, so an app's reply starts with the right `@username`; the text itself stays as Whisp's
// Messages shows it (routes/mastodon/direct.ts takes a leading mention off what apps send).

/** A message as a direct status; undefined when a member it names is gone. */
export function toDirectStatus(
  message: DirectMessageRecord,
  accounts: Map<string, AccountRecord>,
  urls: MastodonUrls,
): MastodonStatus | undefined {
  const sender = accounts.get(message.sender_id);
  const recipient = accounts.get(message.recipient_id);
  if (!sender || !recipient) return undefined;
  // Where Whisp's web app opens the conversation; the fragment tells its messages apart.
  const url = urls.absolute(`/messages?${new URLSearchParams({ c: message.conversation_id })}`);
  return {
    id: message.mastodon_id,
    uri: `${url}#${message.id}`,
    url,
    created_at: message.created_at.toISOString(),
    account: toMastodonAccount(sender, urls),
    content: toMastodonHtml(message.content, {
      profileUrl: urls.profile,
      hashtagUrl: urls.hashtag,
      // Only the two members of the conversation are linked: nobody else was sent anything.
      members: new Set([sender.username.toLowerCase(), recipient.username.toLowerCase()]),
    }),
    visibility: 'direct',
    sensitive: false,
    spoiler_text: '',
    media_attachments: [],
    application: null,
    mentions: [
      {
        id: recipient.mastodon_id,
        username: recipient.username,
        acct: recipient.username,
        url: urls.profile(recipient.username),
      },
    ],
    tags: [],
    emojis: [],
    reblogs_count: 0,
    favourites_count: 0,
    replies_count: 0,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    poll: null,
    card: null,
    language: null,
    text: null,
    edited_at: null,
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
    reblog: null,
  };
}

/** Conversations, in order, as the viewer sees them; one whose other member is gone is left out. */
export async function toMastodonConversations(
  repositories: Pick<Repositories, 'mastodon'>,
  urls: MastodonUrls,
  records: readonly MastodonConversationRecord[],
): Promise<MastodonConversation[]> {
  // The members the page names, as accounts: one statement whatever its length.
  const accounts = await repositories.mastodon.accounts(
    records.flatMap((record) =>
      record.last
        ? [record.other_id, record.last.sender_id, record.last.recipient_id]
        : [record.other_id],
    ),
  );
  return records.flatMap((record) => {
    const other = accounts.get(record.other_id);
    if (!other) return [];
    const last = record.last ? toDirectStatus(record.last, accounts, urls) : undefined;
    return [
      {
        id: record.mastodon_id,
        unread: record.unread,
        accounts: [toMastodonAccount(other, urls)],
        last_status: last ?? null,
      },
    ];
  });
}
