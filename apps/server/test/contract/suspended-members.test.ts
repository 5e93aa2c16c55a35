import { describe, expect, it } from 'vitest';
import { report, resolve, signUpAs } from './moderation-helpers.js';
import {
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

// Moderation (1.1): a suspended member leaves every feed, search, list and count, on the server
// and in the mocks alike (suspended through the moderators' own endpoints on both targets).

const get = async (target: Target, member: Member, path: string) =>
  ok(await target.call('GET', path, { token: member.token }));

async function suspend(target: Target, member: Member) {
  const [moderator, reporter] = [await signUpAs(target, 'moderator'), await signUp(target)];
  await report(target, reporter, 'users', member.id);
  const queue = ok(
    await target.call('GET', '/api/moderation/reports?status=open', { token: moderator.token }),
  );
  const open = queue.data.find((entry: { user: { id: string } }) => entry.user.id === member.id);
  ok(await resolve(target, moderator, open.id, { action: 'suspend_user' }));
  return moderator;
}

describe.each(TARGETS)('suspended members, as others see them (%s)', (name) => {
  const target = useTarget(name);

  it('leave feeds, search, hashtag pages, trends, lists and notifications', async () => {
    const [spammer, viewer, friend] = [
      await signUp(target),
      await signUp(target),
      await signUp(target),
    ];
    const tag = uniqueWord('s');
    await follow(target, viewer, spammer);
    await follow(target, viewer, friend);
    await follow(target, friend, spammer);
    const spam = await whisp(target, spammer, `${tag} spam #${tag}`);
    const fine = await whisp(target, friend, `${tag} fine #${tag}`);
    await act(target, friend, spam.id, 'rewhisp');
    const mine = await whisp(target, viewer, 'hello');
    await act(target, spammer, mine.id, 'like');
    await suspend(target, spammer);

    expect(ids((await get(target, viewer, '/api/posts/following')).posts)).toEqual([
      mine.id,
      fine.id,
    ]);
    expect(ids((await get(target, viewer, '/api/posts/public?limit=200')).posts)).not.toContain(
      spam.id,
    );
    expect(ids((await get(target, viewer, `/api/search?q=${tag}`)).data.posts)).toEqual([fine.id]);
    expect((await get(target, viewer, `/api/search?q=${spammer.username}`)).data.users).toEqual([]);
    const hashtag = (await get(target, viewer, `/api/search/hashtag/${tag}`)).data;
    expect({ count: hashtag.post_count, posts: ids(hashtag.posts) }).toEqual({
      count: 1,
      posts: [fine.id],
    });
    expect((await get(target, viewer, '/api/trends?limit=100')).data).toContainEqual({
      hashtag: tag,
      post_count: 1,
    });
    expect(ids((await get(target, viewer, `/api/users/${friend.id}/following`)).data)).toEqual([]);
    expect((await notificationsOf(target, viewer)).notifications).toEqual([]);
  });

  it('leave every count: followers, following, likes, rewhisps and replies', async () => {
    const [spammer, star] = [await signUp(target), await signUp(target)];
    await follow(target, spammer, star);
    await follow(target, star, spammer);
    const post = await whisp(target, star, 'counted');
    await act(target, spammer, post.id, 'like');
    await act(target, spammer, post.id, 'rewhisp');
    await reply(target, spammer, post.id, 'a reply');
    await suspend(target, spammer);

    expect((await get(target, star, `/api/users/${star.id}`)).data).toMatchObject({
      followers_count: 0,
      following_count: 0,
    });
    expect((await get(target, star, `/api/posts/${post.id}`)).data).toMatchObject({
      like_count: 0,
      rewhisp_count: 0,
      reply_count: 0,
    });
    expect((await get(target, star, `/api/posts/${post.id}/replies`)).posts).toEqual([]);
  });
});
