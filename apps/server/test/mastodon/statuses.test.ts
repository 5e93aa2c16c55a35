import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Statuses and timelines through the Mastodon client API (1.2), driven by masto.js and megalodon
// with members' tokens from the consent flow, checked against Whisp's own API where both show
// the same thing.

const MASTODON_ID = /^[1-9][0-9]{17}$/;

describe('Mastodon apps: statuses and timelines', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;
  let alice: TestMember;
  let bob: TestMember;
  let aliceApp: mastodon.rest.Client;
  let bobApp: mastodon.rest.Client;
  let bobToken: string;

  beforeAll(async () => {
    server = await startMastodonTestServer();
    alice = await registerMember(server.app);
    bob = await registerMember(server.app);
    const aliceToken = (await signInWithApp(server.url, alice)).accessToken;
    bobToken = (await signInWithApp(server.url, bob)).accessToken;
    aliceApp = createRestAPIClient({ url: server.url, accessToken: aliceToken });
    bobApp = createRestAPIClient({ url: server.url, accessToken: bobToken });
    // Bob follows Alice, through Whisp's own API.
    const followed = await server.app.inject({
      method: 'POST',
      url: `/api/users/${alice.id}/follow`,
      headers: bob.headers,
    });
    expect(followed.statusCode).toBe(200);
  });
  afterAll(() => server?.close());

  it('posts once for one Idempotency-Key, as HTML with links, mentions and tags', async () => {
    const text = `Hello @${bob.username}, see https://example.com/a?b=1&c=2 #Whisp <3`;
    const meta = { requestInit: { headers: { 'Idempotency-Key': 'first-post' } } };
    const first = await aliceApp.v1.statuses.create(
      { status: text, spoilerText: 'Greetings' },
      meta,
    );
    const again = await aliceApp.v1.statuses.create(
      { status: text, spoilerText: 'Greetings' },
      meta,
    );
    expect(again.id).toBe(first.id);
    expect(first.id).toMatch(MASTODON_ID);
    expect(first).toMatchObject({
      visibility: 'public',
      sensitive: true,
      spoilerText: 'Greetings',
      inReplyToId: null,
      reblog: null,
      favouritesCount: 0,
      favourited: false,
      tags: [{ name: 'whisp', url: `${server.url}/search?q=%23whisp` }],
      mentions: [{ username: bob.username, acct: bob.username }],
      account: { username: alice.username },
    });
    expect(first.content).toBe(
      `<p>Hello <span class="h-card"><a href="${server.url}/user/${bob.username}" class="u-url mention">@<span>${bob.username}</span></a></span>, ` +
        'see <a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener noreferrer" target="_blank">https://example.com/a?b=1&amp;c=2</a> ' +
        `<a href="${server.url}/search?q=%23Whisp" class="mention hashtag" rel="tag">#<span>Whisp</span></a> &lt;3</p>`,
    );
    const mine = await server.app.inject({
      method: 'GET',
      url: `/api/users/${alice.id}/posts?tab=posts`,
      headers: alice.headers,
    });
    expect(mine.json().posts.map((post: { content: string }) => post.content)).toEqual([text]);
  });

  it('replies, and reads the thread back as context', async () => {
    const root = await aliceApp.v1.statuses.create({ status: 'A question' });
    const reply = await bobApp.v1.statuses.create({ status: 'An answer', inReplyToId: root.id });
    expect(reply.inReplyToId).toBe(root.id);
    expect(reply.inReplyToAccountId).toBe(root.account.id);
    const answer = await aliceApp.v1.statuses.create({ status: 'Thanks', inReplyToId: reply.id });
    const context = await aliceApp.v1.statuses.$select(reply.id).context.fetch();
    expect(context.ancestors.map((status) => status.id)).toEqual([root.id]);
    expect(context.descendants.map((status) => status.id)).toEqual([answer.id]);
    const fetched = await bobApp.v1.statuses.$select(root.id).fetch();
    expect(fetched.repliesCount).toBe(1);
  });

  it('shows each status in timelines and notifications as it shows it alone', async () => {
    // Timelines and notifications read a status's Mastodon ids, account and mentions in the
    // page's own statement; a status alone reads them apart. Both must say the same.
    const root = await aliceApp.v1.statuses.create({
      status: `Which one, @${bob.username}?`,
      poll: { options: ['This', 'That'], expiresIn: 3600 },
    });
    const reply = await bobApp.v1.statuses.create({
      status: `@${alice.username} this one #choices`,
      inReplyToId: root.id,
    });
    await bobApp.v1.statuses.$select(root.id).reblog();
    const alone = async (id: string) => bobApp.v1.statuses.$select(id).fetch();
    // Home (Whisp's Following) leaves replies out: the reblog, then the status itself.
    const home = await bobApp.v1.timelines.home.list({ limit: 2 });
    expect(home.map((status) => status.reblog?.id ?? status.id)).toEqual([root.id, root.id]);
    for (const status of home) expect(status).toEqual(await alone(status.id));
    expect(home[1]?.mentions).toEqual([expect.objectContaining({ username: bob.username })]);
    const [listed] = await bobApp.v1.timelines.public.list({ limit: 1 });
    expect(listed).toEqual(await alone(root.id));
    const mentions = await aliceApp.v1.notifications.list({ types: ['mention', 'reblog'] });
    expect(mentions.find((notification) => notification.type === 'reblog')?.status?.id).toBe(
      root.id,
    );
    const replied = mentions.find((notification) => notification.status?.id === reply.id);
    expect(replied?.status).toMatchObject({
      inReplyToId: root.id,
      inReplyToAccountId: root.account.id,
      mentions: [{ id: root.account.id, username: alice.username }],
    });
    for (const notification of mentions) {
      // The actor's account is read with the list, the status's with the page.
      expect(notification.account).toEqual(
        await aliceApp.v1.accounts.$select(notification.account.id).fetch(),
      );
      expect(notification.status).toEqual(
        await aliceApp.v1.statuses.$select(notification.status?.id ?? '').fetch(),
      );
    }
  });

  it('favourites, reblogs and bookmarks, each undone, as Whisp’s own API counts them', async () => {
    const status = await aliceApp.v1.statuses.create({ status: 'Like me' });
    const liked = await bobApp.v1.statuses.$select(status.id).favourite();
    expect(liked).toMatchObject({ favourited: true, favouritesCount: 1 });
    const reblog = await bobApp.v1.statuses.$select(status.id).reblog();
    expect(reblog.id).not.toBe(status.id);
    expect(reblog.reblog).toMatchObject({ id: status.id, reblogged: true, reblogsCount: 1 });
    expect(reblog.account.username).toBe(bob.username);
    const marked = await bobApp.v1.statuses.$select(status.id).bookmark();
    expect(marked.bookmarked).toBe(true);

    const whisp = await server.app.inject({
      method: 'GET',
      url: `/api/posts/${(await server.app.repositories.mastodon.postIdOf(status.id)) ?? ''}`,
      headers: bob.headers,
    });
    expect(whisp.json().data).toMatchObject({
      like_count: 1,
      rewhisp_count: 1,
      is_liked: true,
      is_rewhisped: true,
      is_bookmarked: true,
    });

    expect(await bobApp.v1.statuses.$select(status.id).unfavourite()).toMatchObject({
      favourited: false,
      favouritesCount: 0,
    });
    expect(await bobApp.v1.statuses.$select(status.id).unreblog()).toMatchObject({
      reblogged: false,
      reblogsCount: 0,
    });
    expect((await bobApp.v1.statuses.$select(status.id).unbookmark()).bookmarked).toBe(false);
  });

  it('edits and deletes only the author’s own status, and gives the text back for a redraft', async () => {
    const status = await aliceApp.v1.statuses.create({ status: 'First draft' });
    const edited = await aliceApp.v1.statuses.$select(status.id).update({ status: 'Second draft' });
    expect(edited.content).toBe('<p>Second draft</p>');
    expect(edited.editedAt).not.toBeNull();
    const source = await aliceApp.v1.statuses.$select(status.id).source.fetch();
    expect(source).toMatchObject({ id: status.id, text: 'Second draft', spoilerText: '' });
    await expect(bobApp.v1.statuses.$select(status.id).remove()).rejects.toMatchObject({
      statusCode: 404,
    });
    const removed = await aliceApp.v1.statuses.$select(status.id).remove();
    expect(removed.text).toBe('Second draft');
    await expect(aliceApp.v1.statuses.$select(status.id).fetch()).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('votes in a poll made through the Mastodon API', async () => {
    const status = await aliceApp.v1.statuses.create({
      status: 'Tea or coffee?',
      poll: { options: ['Tea', 'Coffee'], expiresIn: 3600, multiple: false },
    });
    expect(status.poll).toMatchObject({
      id: status.id,
      multiple: false,
      votesCount: 0,
      options: [{ title: 'Tea' }, { title: 'Coffee' }],
      voted: false,
      expired: false,
    });
    expect(status.poll?.expiresAt).toMatch(/Z$/);

    const voted = await bobApp.v1.polls.$select(status.id).votes.create({ choices: [1] });
    expect(voted).toMatchObject({ voted: true, ownVotes: [1], votesCount: 1, votersCount: 1 });
    expect(voted.options[1]?.votesCount).toBe(1);
    // Once only, as in Whisp's own API; and never in one's own poll.
    await expect(
      bobApp.v1.polls.$select(status.id).votes.create({ choices: [0] }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      aliceApp.v1.polls.$select(status.id).votes.create({ choices: [0] }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const seen = await aliceApp.v1.polls.$select(status.id).fetch();
    expect(seen.votesCount).toBe(1);
  });

  it('pages the home timeline to its end with no duplicate, and min_id reads what came after', async () => {
    const carol = await registerMember(server.app);
    const carolToken = (await signInWithApp(server.url, carol)).accessToken;
    const carolApp = createRestAPIClient({ url: server.url, accessToken: carolToken });
    const dave = await registerMember(server.app);
    const daveApp = createRestAPIClient({
      url: server.url,
      accessToken: (await signInWithApp(server.url, dave)).accessToken,
    });
    await server.app.inject({
      method: 'POST',
      url: `/api/users/${dave.id}/follow`,
      headers: carol.headers,
    });
    const written: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      written.push((await daveApp.v1.statuses.create({ status: `Dave ${index}` })).id);
    }
    const seen: string[] = [];
    for await (const page of carolApp.v1.timelines.home.list({ limit: 3 })) {
      seen.push(...page.map((status) => status.id));
    }
    expect(seen).toEqual([...written].reverse());

    // An app catching up: min_id gives the ones just after it, newest first.
    const newer = await carolApp.v1.timelines.home.list({ minId: written[2], limit: 2 });
    expect(newer.map((status) => status.id)).toEqual([written[4], written[3]]);
    const since = await carolApp.v1.timelines.home.list({ sinceId: written[4], limit: 10 });
    expect(since.map((status) => status.id)).toEqual([written[6], written[5]]);

    // megalodon follows the Link header too.
    const megalodon = generator('mastodon', server.url, carolToken);
    const first = await megalodon.getHomeTimeline({ limit: 4 });
    const link = String(first.headers.link);
    expect(link).toMatch(
      new RegExp(`^<${server.url}/api/v1/timelines/home\\?limit=4&max_id=\\d+>; rel="next", `),
    );
    const maxId = /max_id=(\d+)/.exec(link)?.[1];
    const second = await megalodon.getHomeTimeline({ limit: 4, max_id: maxId });
    expect([...first.data, ...second.data].map((status) => status.id)).toEqual(
      [...written].reverse(),
    );
  });

  it('lists the public timeline, and nothing for remote only', async () => {
    const status = await aliceApp.v1.statuses.create({ status: 'For everyone' });
    const timeline = await bobApp.v1.timelines.public.list({ limit: 5 });
    expect(timeline.map((entry) => entry.id)).toContain(status.id);
    const local = await bobApp.v1.timelines.public.list({ local: true, limit: 5 });
    expect(local.map((entry) => entry.id)).toContain(status.id);
    expect(await bobApp.v1.timelines.public.list({ remote: true })).toEqual([]);
  });

  it('refuses a read-only token a write', async () => {
    const reader = (await signInWithApp(server.url, bob, 'read')).accessToken;
    const readOnly = createRestAPIClient({ url: server.url, accessToken: reader });
    await expect(readOnly.v1.statuses.create({ status: 'Not allowed' })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await readOnly.v1.timelines.home.list()).toBeInstanceOf(Array);
  });
});
