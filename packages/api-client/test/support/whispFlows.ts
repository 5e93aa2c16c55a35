import type { Post, WhispClient } from '../../src/index.js';
import { PNG_1X1, type Recorder } from './contractFlows.js';

/** A well-formed id that names no whisp (the server checks the format before looking). */
const UNKNOWN_POST_ID = '00000000-0000-4000-8000-000000000000';

const postOf = (outcome: unknown) => (outcome as { ok: Post }).ok;

/**
 * Whisps between Ada and Ben: writing (with media and reply settings), the three feeds and their
 * cursors, a thread, the toggles, bookmarks, profile tabs, search, hashtags, trends, edit, report
 * and delete, with the refusals of each.
 */
export async function runWhispFlows(
  record: Recorder,
  ada: WhispClient,
  ben: WhispClient,
  benId: string,
) {
  const hello = postOf(
    await record(
      'post a whisp',
      ben.posts.create({ content: 'Hello #Contract from @ada_contract' }),
    ),
  );
  await record(
    'post with a key',
    ben.posts.create({ content: 'Keyed' }, { idempotencyKey: 'k-1' }),
  );
  await record(
    'post again with the same key',
    ben.posts.create({ content: 'Keyed' }, { idempotencyKey: 'k-1' }),
  );
  await record('empty whisp', ben.posts.create({ content: '   ' }));
  await record('too long whisp', ben.posts.create({ content: 'x'.repeat(501) }));
  const uploaded = await record(
    'upload media',
    ben.posts.uploadMedia([new File([PNG_1X1], 'photo.png', { type: 'image/png' })]),
  );
  const mediaUrls = 'ok' in uploaded ? (uploaded.ok as string[]) : [];
  const photo = postOf(
    await record('post with media', ben.posts.create({ content: '', media_urls: mediaUrls })),
  );
  const closed = postOf(
    await record(
      'post without replies or rewhisps',
      ben.posts.create({
        content: 'Just sharing',
        reply_settings: { can_reply: 'none', can_repost: false },
      }),
    ),
  );

  await ada.users.follow(benId);
  const first = await record('following feed', ada.posts.feedPage('following', { limit: 2 }));
  const cursor = 'ok' in first ? (first.ok as { next_cursor: string | null }).next_cursor : null;
  await record(
    'following feed, next page',
    ada.posts.feedPage('following', { limit: 2, cursor: cursor ?? undefined }),
  );
  await record('for you feed', ada.posts.feedPage('for-you'));
  await record('public feed', ada.posts.feedPage('public', { limit: 200 }));
  await record('public feed with a negative limit', ada.posts.feedPage('public', { limit: -5 }));
  await record(
    'public feed with a malformed limit',
    ada.request('/api/posts/public', { query: { limit: 'abc' } }),
  );
  await record(
    'replies with a fractional offset',
    ada.request(`/api/posts/${hello.id}/replies`, { query: { offset: '1.5' } }),
  );
  await record(
    'feed with a bad cursor',
    ada.posts.feedPage('following', { cursor: 'not-a-cursor' }),
  );

  await record('get a whisp', ada.posts.get(hello.id));
  await record('unknown whisp', ada.posts.get(UNKNOWN_POST_ID));
  await record('like', ada.posts.like(hello.id));
  await record('like again', ada.posts.like(hello.id));
  await record('unlike', ada.posts.unlike(hello.id));
  await record('like unknown whisp', ada.posts.like(UNKNOWN_POST_ID));
  await record('reply', ada.posts.reply(hello.id, { content: 'Hello back!' }));
  await record('replies', ada.posts.replies(hello.id));
  await record('reply where replies are off', ada.posts.reply(closed.id, { content: 'Hm' }));
  await record('rewhisp', ada.posts.rewhisp(hello.id));
  await record('rewhisp where rewhisps are off', ada.posts.rewhisp(closed.id));
  const adaId = (await ada.users.me()).id;
  await record('own rewhisps tab', ada.users.posts(adaId, { tab: 'rewhisps' }));
  await record('unrewhisp', ada.posts.unrewhisp(hello.id));
  await record('bookmark', ada.posts.bookmark(hello.id));
  await record('bookmarks', ada.bookmarks.list());
  await record('unbookmark', ada.posts.unbookmark(hello.id));

  await record('whisps tab', ada.users.posts(benId, { tab: 'posts' }));
  await record('media tab', ada.users.posts(benId, { tab: 'media' }));
  await record("someone else's likes tab", ada.users.posts(benId, { tab: 'likes' }));
  await record('search', ada.search.all('contract'));
  await record('hashtag', ada.search.hashtag('#Contract'));
  await record('trends', ada.trends.list({ limit: 5 }));

  await record("edit someone else's whisp", ada.posts.edit(hello.id, { content: 'Mine now' }));
  await record('edit', ben.posts.edit(hello.id, { content: 'Hello again #Contract' }));
  await record('report', ada.posts.report(hello.id, { reason: 'spam' }));
  await record('report without a reason', ada.posts.report(hello.id, { reason: '  ' }));
  await record('reply to an unknown whisp', ada.posts.reply(UNKNOWN_POST_ID, { content: 'Hi' }));
  await record('empty reply', ada.posts.reply(hello.id, { content: '' }));
  await record('search for nothing', ada.search.all(''));
  await record('unknown hashtag', ada.search.hashtag('nothing_here_yet'));
  await record('follow an unknown member', ada.users.follow(UNKNOWN_POST_ID));
  await record('empty display name', ada.users.updateMe({ display_name: '' }));
  await record("delete someone else's whisp", ada.posts.remove(photo.id));
  await record('delete', ben.posts.remove(photo.id));
  await record('deleted whisp', ada.posts.get(photo.id));
}
