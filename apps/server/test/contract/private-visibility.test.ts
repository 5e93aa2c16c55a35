import { ERRORS } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { report, reportsAbout, signUpAs } from './moderation-helpers.js';
import { makePrivate } from './privacy-helpers.js';
import {
  type Answer,
  act,
  follow,
  ids,
  type Member,
  notificationsOf,
  ok,
  reply,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
  whisp,
} from './target.js';

// Privacy and preferences (1.2): what each viewer reads of a private member's content. The owner
// and an accepted follower read everything; a requester, a stranger and a moderator read the
// profile with its counts and nothing else; a blocked member reads nothing at all. A moderator
// has no more sight of protected whisps than any member: what moderation needs is the report
// queue, which still shows a reported whisp (checked below).

type Sight = 'full' | 'protected' | 'hidden';

const get = (target: Target, viewer: Member, path: string) =>
  target.call('GET', path, { token: viewer.token });

function expectRefused(answer: Answer, sight: Exclude<Sight, 'full'>, notFound: string) {
  const error = sight === 'hidden' ? ERRORS[notFound as 'userNotFound'] : ERRORS.privateAccount;
  expect({ status: answer.status, body: answer.body }).toEqual({
    status: error.status,
    body: { success: false, code: error.code, message: error.message },
  });
}

describe.each(TARGETS)('a private member’s content, as each viewer sees it (%s)', (name) => {
  const target = useTarget(name);

  it('shows it to the owner and accepted followers only, on every read', async () => {
    const owner = await signUp(target);
    const [follower, requester, stranger, blocked] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const moderator = await signUpAs(target, 'moderator');
    await makePrivate(target, owner);
    await follow(target, follower, owner);
    ok(
      await target.call('POST', `/api/users/me/follow-requests/${follower.id}/accept`, {
        token: owner.token,
      }),
    );
    await follow(target, requester, owner);
    ok(await target.call('POST', `/api/users/${blocked.id}/block`, { token: owner.token }));

    const word = uniqueWord('hush');
    const tag = uniqueWord('tag');
    const mentions = [follower, requester, stranger, moderator].map((m) => `@${m.username}`);
    const post = await whisp(target, owner, `${word} #${tag} ${mentions.join(' ')}`);
    const answer = await reply(target, owner, post.id, `${word} answered`);
    // A public member's whisp the owner likes, for the likes tab.
    const publicPost = await whisp(target, follower, 'liked by a private member');
    await act(target, owner, publicPost.id, 'like');
    // A reply and a rewhisp of it by the private member are whisps of theirs too.
    const ownersReply = await reply(target, owner, publicPost.id, `${word} from behind the lock`);
    await act(target, owner, publicPost.id, 'rewhisp');
    await report(target, follower, 'posts', post.id);
    // The same hashtag on a public member's whisp, and a tag of its own: what everyone reads.
    const publicTag = uniqueWord('open');
    const publicTagged = await whisp(target, follower, `#${tag} #${publicTag} in the open`);

    const viewers: [Member, Sight][] = [
      [owner, 'full'],
      [follower, 'full'],
      [requester, 'protected'],
      [stranger, 'protected'],
      [moderator, 'protected'],
      [blocked, 'hidden'],
    ];
    for (const [viewer, sight] of viewers) {
      const who = `${viewer === owner ? 'owner' : viewer.username} (${sight})`;
      const reads = sight === 'full';

      const profile = await get(target, viewer, `/api/users/${owner.id}`);
      if (sight === 'hidden') expectRefused(profile, sight, 'userNotFound');
      else {
        expect(ok(profile).data, who).toMatchObject({
          is_private: true,
          followers_count: 1,
          posts_count: 3,
        });
      }

      const tabs = ['posts', 'media', 'rewhisps', ...(viewer === owner ? ['likes'] : [])];
      for (const tab of tabs) {
        const page = await get(target, viewer, `/api/users/${owner.id}/posts?tab=${tab}`);
        if (reads) ok(page);
        else expectRefused(page, sight, 'userNotFound');
      }
      if (viewer !== owner) {
        // Likes are the owner's alone; the protection answers first for those who may not read.
        const likes = await get(target, viewer, `/api/users/${owner.id}/posts?tab=likes`);
        if (sight === 'full') expect(likes.status).toBe(403);
        else expectRefused(likes, sight, 'userNotFound');
      }
      for (const side of ['followers', 'following']) {
        const list = await get(target, viewer, `/api/users/${owner.id}/${side}`);
        if (reads) ok(list);
        else expectRefused(list, sight, 'userNotFound');
      }

      for (const id of [post.id, answer.id]) {
        const read = await get(target, viewer, `/api/posts/${id}`);
        if (reads) expect(ok(read).data.id, who).toBe(id);
        else expectRefused(read, 'hidden', 'postNotFound');
        const context = await get(target, viewer, `/api/posts/${id}/context`);
        if (reads) ok(context);
        else expectRefused(context, 'hidden', 'postNotFound');
      }
      const replies = await get(target, viewer, `/api/posts/${post.id}/replies`);
      if (reads) expect(ids(ok(replies).posts), who).toEqual([answer.id]);
      else expectRefused(replies, 'hidden', 'postNotFound');

      const onPublic = ok(await get(target, viewer, `/api/posts/${publicPost.id}`)).data;
      expect([onPublic.reply_count, onPublic.rewhisp_count], `${who}: counts`).toEqual(
        reads ? [1, 1] : [0, 0],
      );
      const publicReplies = ok(await get(target, viewer, `/api/posts/${publicPost.id}/replies`));
      expect(ids(publicReplies.posts), `${who}: replies to others`).toEqual(
        reads ? [ownersReply.id] : [],
      );

      const listed = async (path: string) =>
        ids(ok(await get(target, viewer, path)).posts as { id: string }[]);
      const publicFeed = await listed('/api/posts/public?limit=200');
      expect(publicFeed.includes(post.id), `${who}: public`).toBe(reads);
      const forYou = await listed('/api/posts/timeline?limit=100');
      expect(forYou.includes(post.id), `${who}: For you`).toBe(reads);
      const hashtag = ok(await get(target, viewer, `/api/search/hashtag/${tag}`)).data;
      expect(ids(hashtag.posts), `${who}: hashtag`).toEqual(
        reads ? [publicTagged.id, post.id] : [publicTagged.id],
      );
      // A hashtag counts public members' whisps only, for everyone (as Mastodon's do).
      expect(hashtag.post_count, `${who}: hashtag count`).toBe(1);
      const found = ok(await get(target, viewer, `/api/search?q=${word}`)).data;
      expect(ids(found.posts).sort(), `${who}: search`).toEqual(
        reads ? [post.id, answer.id, ownersReply.id].sort() : [],
      );
      const trends = ok(await get(target, viewer, '/api/trends?limit=100')).data as {
        hashtag: string;
        post_count: number;
      }[];
      // Trends are of public members' whisps, for followers too.
      const trending = (name: string) => trends.find((trend) => trend.hashtag === name)?.post_count;
      expect([trending(tag), trending(publicTag)], `${who}: trends`).toEqual([1, 1]);

      if (viewer !== owner) {
        const mentioned = (await notificationsOf(target, viewer)).notifications.some(
          (n: { notification_type: string; actor: { id: string } }) =>
            n.notification_type === 'mention' && n.actor.id === owner.id,
        );
        expect(mentioned, `${who}: mention notification`).toBe(reads);
      }
    }

    // Nobody who cannot read it can act on it either: it is not found.
    for (const viewer of [requester, stranger, moderator]) {
      expectRefused(
        await target.call('POST', `/api/posts/${post.id}/like`, { token: viewer.token }),
        'hidden',
        'postNotFound',
      );
    }
    // Moderation still reviews a reported whisp of a private member.
    const queued = await reportsAbout(target, moderator, owner);
    expect(queued.length).toBe(1);
  });
});

describe.each(TARGETS)('a rewhisp of a member who turns private (%s)', (name) => {
  const target = useTarget(name);

  it('leaves the feeds of who does not follow the original’s author, and comes back', async () => {
    const [author, rewhisper, follower, stranger] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    // Rewhisped while its author is public: the only way a private member's whisp is rewhisped.
    const post = await whisp(target, author, 'rewhisped before the lock');
    await act(target, rewhisper, post.id, 'rewhisp');
    await follow(target, follower, author);
    for (const viewer of [follower, stranger]) await follow(target, viewer, rewhisper);

    const rewhispsIn = async (viewer: Member, feed: string) => {
      const page = ok(await get(target, viewer, `/api/posts/${feed}?limit=100`));
      return (page.posts as { author: { id: string }; rewhisp_of: { id: string } | null }[]).filter(
        (entry) => entry.author.id === rewhisper.id && entry.rewhisp_of?.id === post.id,
      ).length;
    };
    const seen = async () => {
      const counts: number[] = [];
      for (const viewer of [follower, stranger]) {
        for (const feed of ['following', 'timeline']) counts.push(await rewhispsIn(viewer, feed));
      }
      return counts;
    };
    // Following and For you, for the author's follower, then for a stranger to them.
    expect(await seen()).toEqual([1, 1, 1, 1]);
    await makePrivate(target, author);
    expect(await seen()).toEqual([1, 1, 0, 0]);
    await makePrivate(target, author, false);
    expect(await seen()).toEqual([1, 1, 1, 1]);
  });
});
