import type { z } from 'zod';
import {
  ACCOUNT_ARCHIVE_FILES,
  ACCOUNT_ARCHIVE_FORMAT,
  ACCOUNT_ARCHIVE_FORMAT_VERSION,
  type deleteAccountBodySchema,
} from '../../contract/endpoints/account-data.js';
import { jsonNestsDeeperThan } from '../../contract/json-nesting.js';
import { ACCOUNT_ARCHIVE_JSON_MAX_DEPTH } from '../../contract/limits.js';
import { isImageMediaType, type MediaType, sniffMediaType } from '../../contract/media-types.js';
import {
  ACCOUNT_ARCHIVE_MEDIA_PATH,
  type AccountArchiveWhisp,
  accountArchiveAccountSchema,
  accountArchiveManifestSchema,
  accountArchiveMembersSchema,
  accountArchiveMessagesSchema,
  accountArchiveMutedWordsSchema,
  accountArchivePostReferencesSchema,
  accountArchiveWhispsSchema,
  isDatedAfterImport,
} from '../../contract/shapes/account-archive.js';
import { parseHashtags } from '../../contract/text.js';
import { isOwnUsername } from '../../contract/validation.js';
import type { Id } from '../../models.js';
import { fail, failOn } from '../errors.js';
import { readPictureHeader } from '../picture-header.js';
import { readZip, writeZip, ZipReadError } from '../zip.js';
import type { MockStore } from './createMockStore.js';
import { resolveMentions } from './mentions.js';
import { messageSeenBy, preferencesOf } from './preferences.js';
import type { MockData, PostRecord, UserRecord } from './records.js';

// Export, import and account deletion over the mock tables, by the server's rules: the archive's
// files and checks are the contract's (shapes/account-archive.ts), imports remember what they
// added, and a deleted member leaves no row behind.

const MAX_ENTRIES = 5_000;
const MOCK_INSTANCE_ID = 'mock-server';

/** What a member confirms a deletion with: a password, or a username when they have none. */
type DeletionConfirmation = NonNullable<z.output<typeof deleteAccountBodySchema>>;

type SafetyTables = Partial<
  Pick<MockData, 'blocks' | 'mutes' | 'mutedWords'> & Record<'blocks' | 'mutes' | 'mutedWords', []>
>;
const safety = (data: MockData) => data as MockData & SafetyTables;

/** What each member imported before, per mock data set: `<instance>/<post id>` → new post id. */
const imported = new WeakMap<MockData, Map<string, Id>>();

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));
const mediaKeyOf = (url: string) => url.replace(/^.*\/media\//, '');

export function createAccountDataOperations(store: MockStore) {
  const usernameOf = (id: Id | null | undefined) =>
    (id && store.data.users.find((user) => user.id === id)?.username) || null;

  const invalid = () => fail('archiveInvalid');

  return {
    async exportArchive(viewer: UserRecord) {
      const data = store.data;
      const tables = safety(data);
      const own = data.posts.filter((post) => post.author_id === viewer.id);
      const mediaUrls = new Set<string>(own.flatMap((post) => post.media_urls));
      for (const image of [viewer.avatar, viewer.banner]) if (image) mediaUrls.add(image);
      const mediaPath = (url: string) => `media/${mediaKeyOf(url)}`;
      const whisps = own.map((post) => {
        const parent = data.posts.find((p) => p.id === post.reply_to_id);
        const original = data.posts.find((p) => p.id === post.rewhisp_of_id);
        return {
          id: post.id,
          content: post.content,
          created_at: post.created_at,
          updated_at: post.updated_at,
          is_reply: post.is_reply,
          reply_to: post.reply_to_id
            ? { id: post.reply_to_id, author_username: usernameOf(parent?.author_id) }
            : null,
          rewhisp_of: post.rewhisp_of_id
            ? { id: post.rewhisp_of_id, author_username: usernameOf(original?.author_id) }
            : null,
          media: post.media_urls.map((url, index) => ({
            path: mediaPath(url),
            alt: post.media_alts[index] ?? null,
          })),
          reply_settings: post.reply_settings,
        } satisfies AccountArchiveWhisp;
      });
      const members = <Row extends { created_at: string }>(rows: Row[], id: (row: Row) => Id) =>
        rows.map((row) => ({ username: usernameOf(id(row)) ?? '', created_at: row.created_at }));
      const postReferences = (rows: { post_id: Id; created_at: string }[]) =>
        rows.map((row) => ({
          post_id: row.post_id,
          author_username: usernameOf(data.posts.find((p) => p.id === row.post_id)?.author_id),
          created_at: row.created_at,
        }));
      const conversations = data.conversations
        .filter((c) => c.participant_one_id === viewer.id || c.participant_two_id === viewer.id)
        .map((c) => ({
          conversation_id: c.id,
          with_username:
            usernameOf(
              c.participant_one_id === viewer.id ? c.participant_two_id : c.participant_one_id,
            ) ?? '',
          messages: data.messages
            .filter((m) => m.conversation_id === c.id)
            .map((m) => ({
              id: m.id,
              from_username: usernameOf(m.sender_id) ?? '',
              content: m.content,
              created_at: m.created_at,
              is_read: messageSeenBy(m, viewer.id).is_read,
            })),
        }));
      const files = [
        {
          name: 'manifest.json',
          value: {
            format: ACCOUNT_ARCHIVE_FORMAT,
            version: ACCOUNT_ARCHIVE_FORMAT_VERSION,
            exported_at: new Date().toISOString(),
            source: { instance_id: MOCK_INSTANCE_ID, version: '0.0.0-mock' },
            account: { id: viewer.id, username: viewer.username },
          },
        },
        {
          name: 'account.json',
          value: {
            user: {
              id: viewer.id,
              username: viewer.username,
              display_name: viewer.display_name,
              email: viewer.email || null,
              bio: viewer.bio,
              created_at: viewer.created_at,
              avatar: viewer.avatar ? mediaPath(viewer.avatar) : null,
              banner: viewer.banner ? mediaPath(viewer.banner) : null,
            },
            settings: {
              is_private: viewer.is_private,
              banner_position_x: viewer.banner_position_x,
              banner_position_y: viewer.banner_position_y,
              preferences: preferencesOf(viewer),
            },
          },
        },
        { name: 'whisps.json', value: whisps },
        {
          name: 'following.json',
          value: members(
            data.follows.filter((f) => f.follower_id === viewer.id),
            (f) => f.followed_id,
          ),
        },
        {
          name: 'followers.json',
          value: members(
            data.follows.filter((f) => f.followed_id === viewer.id),
            (f) => f.follower_id,
          ),
        },
        {
          name: 'bookmarks.json',
          value: postReferences(data.bookmarks.filter((b) => b.user_id === viewer.id)),
        },
        {
          name: 'likes.json',
          value: postReferences(data.likes.filter((l) => l.user_id === viewer.id)),
        },
        {
          name: 'blocks.json',
          value: members(
            (tables.blocks ?? []).filter((b) => b.blocker_id === viewer.id),
            (b) => b.blocked_id,
          ),
        },
        {
          name: 'mutes.json',
          value: members(
            (tables.mutes ?? []).filter((m) => m.muter_id === viewer.id),
            (m) => m.muted_id,
          ),
        },
        {
          name: 'muted_words.json',
          value: (tables.mutedWords ?? [])
            .filter((w) => w.user_id === viewer.id)
            .map((w) => ({ word: w.word, created_at: w.created_at })),
        },
        { name: 'messages.json', value: conversations },
      ];
      const entries = files.map((file) => ({ name: file.name, bytes: json(file.value) }));
      for (const url of mediaUrls) {
        const file = data.media[url];
        if (file) {
          entries.push({
            name: mediaPath(url),
            bytes: new Uint8Array(await file.body.arrayBuffer()),
          });
        }
      }
      return writeZip(entries);
    },

    async importArchive(viewer: UserRecord, bytes: Uint8Array) {
      let entries: Awaited<ReturnType<typeof readZip>>;
      try {
        entries = await readZip(bytes, MAX_ENTRIES);
      } catch (error) {
        if (error instanceof ZipReadError) throw invalid();
        throw error;
      }
      // Only the files an export holds: no other name, so nothing can climb out of a folder.
      const known = new Set<string>(ACCOUNT_ARCHIVE_FILES);
      for (const { name } of entries) {
        if (name !== 'media/' && !known.has(name) && !ACCOUNT_ARCHIVE_MEDIA_PATH.test(name)) {
          throw invalid();
        }
      }
      const byName = new Map(entries.map((entry) => [entry.name, entry.bytes]));
      if (byName.size !== entries.length) throw invalid();
      const read = <Schema extends z.ZodType>(name: string, schema: Schema): z.output<Schema> => {
        const entry = byName.get(name);
        if (!entry) throw invalid();
        // As the server: refused before parsing, which pays for every level.
        if (jsonNestsDeeperThan(entry, ACCOUNT_ARCHIVE_JSON_MAX_DEPTH)) throw invalid();
        let value: unknown;
        try {
          const text = new TextDecoder('utf-8', { fatal: true }).decode(entry);
          value = JSON.parse(text, (key, item) => {
            // The server's database cannot hold U+0000, so it refuses such an archive whole.
            if (key.includes('\u0000') || (typeof item === 'string' && item.includes('\u0000'))) {
              throw new SyntaxError('NUL character');
            }
            return item;
          });
        } catch {
          throw invalid();
        }
        const parsed = schema.safeParse(value);
        if (!parsed.success) throw invalid();
        return parsed.data;
      };
      const manifest = read('manifest.json', accountArchiveManifestSchema);
      const whisps = read('whisps.json', accountArchiveWhispsSchema);
      // An export always has them; a hand-made archive of whisps alone is welcome too.
      const following = byName.has('following.json')
        ? read('following.json', accountArchiveMembersSchema)
        : [];
      const mutes = byName.has('mutes.json') ? read('mutes.json', accountArchiveMembersSchema) : [];
      // The files an import does not use are checked too: a damaged export is refused whole.
      const others = [
        ['account.json', accountArchiveAccountSchema],
        ['followers.json', accountArchiveMembersSchema],
        ['blocks.json', accountArchiveMembersSchema],
        ['likes.json', accountArchivePostReferencesSchema],
        ['bookmarks.json', accountArchivePostReferencesSchema],
        ['muted_words.json', accountArchiveMutedWordsSchema],
        ['messages.json', accountArchiveMessagesSchema],
      ] as const;
      for (const [name, schema] of others) if (byName.has(name)) read(name, schema);
      const archivedPreferences = byName.has('account.json')
        ? read('account.json', accountArchiveAccountSchema).settings.preferences
        : undefined;
      // Every file a whisp names must be in the archive and be media, before anything is added.
      for (const whisp of whisps) {
        const types = whisp.media.map((item) => {
          const file = byName.get(item.path);
          const type = file ? sniffMediaType(file) : null;
          if (!type) throw invalid();
          return type;
        });
        // As when posting: up to four images, or one video alone.
        if (types.length > 1 && types.some((type) => !isImageMediaType(type))) throw invalid();
      }

      const data = store.data;
      const seen = imported.get(data) ?? new Map<string, Id>();
      imported.set(data, seen);
      const sourceKey = (id: string) =>
        `${viewer.id}:${manifest.source.instance_id}/${manifest.account.id}/${id}`;
      const summary = { whisps: 0, media: 0, follows: 0, skipped: 0 };
      const importedAt = store.now();
      const addedMedia = new Set<string>();
      const ordered = [...whisps].sort((a, b) => a.created_at.localeCompare(b.created_at));
      for (const whisp of ordered) {
        const empty = whisp.content.trim() === '' && whisp.media.length === 0;
        const future = isDatedAfterImport(whisp, importedAt);
        if (whisp.rewhisp_of || empty || future || seen.has(sourceKey(whisp.id))) {
          summary.skipped += 1;
          continue;
        }
        const parentId = whisp.reply_to
          ? (seen.get(sourceKey(whisp.reply_to.id)) ??
            data.posts.find((p) => p.id === whisp.reply_to?.id)?.id ??
            null)
          : null;
        const media_urls: string[] = [];
        for (const item of whisp.media) {
          const file = byName.get(item.path) as Uint8Array;
          const type = sniffMediaType(file) as MediaType;
          const key = item.path.slice('media/'.length);
          const body = new Blob([file.slice()], { type });
          const picture = isImageMediaType(type) ? readPictureHeader(file, type) : null;
          const url = store.storeFile({ key, type, body, picture });
          store.recordPostMedia(viewer, key, isImageMediaType(type) ? 'image' : 'video');
          if (!addedMedia.has(key)) summary.media += 1;
          addedMedia.add(key);
          media_urls.push(url);
        }
        const post: PostRecord = {
          id: `post-imported-${seen.size + 1}-${Date.now().toString(36)}`,
          author_id: viewer.id,
          content: whisp.content,
          media_urls,
          media_alts: whisp.media.map((item) => item.alt),
          created_at: whisp.created_at,
          updated_at: whisp.updated_at,
          is_reply: parentId !== null,
          reply_to_id: parentId,
          rewhisp_of_id: null,
          reply_settings: whisp.reply_settings,
          hashtags: parseHashtags(whisp.content),
          mentions: resolveMentions(data.users, whisp.content),
        };
        data.posts.push(post);
        seen.set(sourceKey(whisp.id), post.id);
        summary.whisps += 1;
      }
      const findMember = (username: string) =>
        data.users.find((user) => user.username.toLowerCase() === username.toLowerCase());
      for (const entry of following) {
        const member = findMember(entry.username);
        const already =
          member &&
          data.follows.some((f) => f.follower_id === viewer.id && f.followed_id === member.id);
        // A private member is followed only once they accept, as on the server.
        if (!member || member.id === viewer.id || already || member.is_private) {
          summary.skipped += 1;
          continue;
        }
        data.follows.push({
          follower_id: viewer.id,
          followed_id: member.id,
          created_at: entry.created_at,
        });
        summary.follows += 1;
      }
      const tables = safety(data);
      for (const entry of mutes) {
        const member = findMember(entry.username);
        const already =
          member && tables.mutes?.some((m) => m.muter_id === viewer.id && m.muted_id === member.id);
        if (!member || member.id === viewer.id || already || !tables.mutes) {
          summary.skipped += 1;
          continue;
        }
        tables.mutes.push({
          muter_id: viewer.id,
          muted_id: member.id,
          created_at: entry.created_at,
        });
      }
      if (archivedPreferences) store.updatePreferences(viewer, archivedPreferences);
      return summary;
    },

    /**
     * Removes the member and every row that names them, once confirmed as the server confirms it:
     * the password of a member who has one, else the username (400 WRONG_USERNAME).
     */
    deleteAccount(viewer: UserRecord, { password, username }: DeletionConfirmation) {
      const hasPassword = viewer.password !== '';
      if (hasPassword && !password) throw failOn('password', 'currentPasswordRequired');
      if (hasPassword ? viewer.password !== password : password) throw fail('wrongPassword');
      if (!hasPassword && !isOwnUsername(username, viewer.username)) throw fail('wrongUsername');
      const data = store.data;
      const tables = safety(data);
      const gone = viewer.id;
      const theirFiles = new Set<string | null>([
        ...data.postMedia.filter((m) => m.user_id === gone).map((m) => `/media/${m.key}`),
        viewer.avatar,
        viewer.banner,
      ]);
      const removedPosts = new Set(
        data.posts
          .filter(
            (p) =>
              p.author_id === gone ||
              (p.rewhisp_of_id &&
                data.posts.some((o) => o.id === p.rewhisp_of_id && o.author_id === gone)),
          )
          .map((p) => p.id),
      );
      data.posts = data.posts.filter((p) => !removedPosts.has(p.id));
      for (const post of data.posts) {
        // A reply outlives the whisp it answered: it stays a reply, only the link goes.
        if (post.reply_to_id && removedPosts.has(post.reply_to_id)) post.reply_to_id = null;
      }
      data.likes = data.likes.filter((l) => l.user_id !== gone && !removedPosts.has(l.post_id));
      data.bookmarks = data.bookmarks.filter(
        (b) => b.user_id !== gone && !removedPosts.has(b.post_id),
      );
      data.follows = data.follows.filter((f) => f.follower_id !== gone && f.followed_id !== gone);
      data.identities = data.identities.filter((identity) => identity.user_id !== gone);
      data.connectedApps = data.connectedApps.filter((app) => app.user_id !== gone);
      data.oauthTickets = data.oauthTickets.filter((ticket) => ticket.user_id !== gone);
      data.followRequests = data.followRequests.filter(
        (r) => r.requester_id !== gone && r.target_id !== gone,
      );
      // Composer: their polls and votes (a poll's counts lose them), versions and schedules.
      const removedPolls = new Set(
        data.polls.filter((p) => removedPosts.has(p.post_id)).map((p) => p.id),
      );
      data.polls = data.polls.filter((p) => !removedPolls.has(p.id));
      data.pollVotes = data.pollVotes.filter(
        (v) => v.voter_id !== gone && !removedPolls.has(v.poll_id),
      );
      data.postVersions = data.postVersions.filter((v) => !removedPosts.has(v.post_id));
      data.scheduledPosts = data.scheduledPosts.filter((s) => s.author_id !== gone);
      data.notifications = data.notifications.filter(
        (n) =>
          n.user_id !== gone && n.actor_id !== gone && !(n.post_id && removedPosts.has(n.post_id)),
      );
      const conversations = new Set(
        data.conversations
          .filter((c) => c.participant_one_id === gone || c.participant_two_id === gone)
          .map((c) => c.id),
      );
      data.conversations = data.conversations.filter((c) => !conversations.has(c.id));
      data.messages = data.messages.filter((m) => !conversations.has(m.conversation_id));
      data.postMedia = data.postMedia.filter((m) => m.user_id !== gone);
      if (tables.blocks) {
        tables.blocks.splice(
          0,
          Infinity,
          ...tables.blocks.filter((b) => b.blocker_id !== gone && b.blocked_id !== gone),
        );
      }
      if (tables.mutes) {
        tables.mutes.splice(
          0,
          Infinity,
          ...tables.mutes.filter((m) => m.muter_id !== gone && m.muted_id !== gone),
        );
      }
      if (tables.mutedWords) {
        tables.mutedWords.splice(
          0,
          Infinity,
          ...tables.mutedWords.filter((w) => w.user_id !== gone),
        );
      }
      for (const [token, userId] of Object.entries(data.sessions)) {
        if (userId === gone) delete data.sessions[token];
      }
      data.users = data.users.filter((user) => user.id !== gone);
      // Their files go too, unless another member uses the same bytes (files are named by hash).
      const stillUsed = new Set([
        ...data.postMedia.map((m) => `/media/${m.key}`),
        ...data.users.flatMap((user) => [user.avatar, user.banner]),
      ]);
      for (const url of theirFiles) {
        if (url && !stillUsed.has(url)) {
          delete data.media[url];
          delete data.mediaDetails[url];
        }
      }
    },
  };
}
