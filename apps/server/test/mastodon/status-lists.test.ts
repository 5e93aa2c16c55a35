import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// An account's statuses, the tag timeline, bookmarks and favourites, and who favourited or
// reblogged a status, through the Mastodon client API (1.2), driven by masto.js and megalodon:
// each read as Whisp's own pages read it, and paged to its end by the Link headers.

const MASTODON_ID = /^[1-9][0-9]{17}$/;

const png = () =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: '#2980b9' } })
    .png()
    .toBuffer();

describe('Mastodon apps: lists of statuses and accounts', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;

  /** A new member, signed in to an app with these scopes. */
  async function memberWithApp(scopes?: string) {
    const member = await registerMember(server.app);
    const token = (await signInWithApp(server.url, member, scopes)).accessToken;
    return {
      member,
      token,
      app: createRestAPIClient({ url: server.url, accessToken: token }),
    };
  }

  /** Every status of a list, page by page as the app follows the Link header. */
  async function everyPage<Item extends { id: string }>(pages: AsyncIterable<Item[]>) {
    const seen: string[] = [];
    const sizes: number[] = [];
    for await (const page of pages) {
      seen.push(...page.map((item) => item.id));
      sizes.push(page.length);
    }
    return { seen, sizes };
  }

  /** The pages of a list, as an app reads them: each next one from the Link header's address. */
  async function* followingLinks(path: string, token: string) {
    let next: string | undefined = `${server.url}${path}`;
    while (next) {
      const response = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      yield (await response.json()) as { id: string }[];
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get('link') ?? '')?.[1];
    }
  }

  const whispApi = (member: TestMember, method: 'POST', url: string, payload?: object) =>
    server.app.inject({ method, url, headers: member.headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await startMastodonTestServer();
  });
  afterAll(() => server?.close());

  describe('an account’s statuses', () => {
    let alice: Awaited<ReturnType<typeof memberWithApp>>;
    let bob: Awaited<ReturnType<typeof memberWithApp>>;
    let aliceAccount: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      alice = await memberWithApp();
      bob = await memberWithApp();
      aliceAccount = (await alice.app.v1.accounts.verifyCredentials()).id;
      const bobs = await bob.app.v1.statuses.create({ status: 'Bob’s, rewhisped by Alice' });
      ids.first = (await alice.app.v1.statuses.create({ status: 'First #garden' })).id;
      ids.reply = (
        await alice.app.v1.statuses.create({ status: 'A reply', inReplyToId: bobs.id })
      ).id;
      const upload = await alice.app.v2.media.create({
        file: new Blob([new Uint8Array(await png())], { type: 'image/png' }),
      });
      ids.media = (
        await alice.app.v1.statuses.create({ status: 'A picture', mediaIds: [upload.id] })
      ).id;
      ids.reblog = (await alice.app.v1.statuses.$select(bobs.id).reblog()).id;
      ids.last = (await alice.app.v1.statuses.create({ status: 'Last #Garden' })).id;
    });

    it('lists every status newest first, and each filter leaves out what it names', async () => {
      const list = (params: mastodon.rest.v1.ListAccountStatusesParams = {}) =>
        bob.app.v1.accounts
          .$select(aliceAccount)
          .statuses.list(params)
          .then((statuses) => statuses.map((status) => status.id));
      const { first, reply, media, reblog, last } = ids;
      expect(await list()).toEqual([last, reblog, media, reply, first]);
      expect(await list({ excludeReplies: true })).toEqual([last, reblog, media, first]);
      expect(await list({ excludeReblogs: true })).toEqual([last, media, reply, first]);
      expect(await list({ excludeReplies: true, excludeReblogs: true })).toEqual([
        last,
        media,
        first,
      ]);
      expect(await list({ onlyMedia: true })).toEqual([media]);
      expect(await list({ tagged: 'garden' })).toEqual([last, first]);
      // Whisp pins nothing.
      expect(await list({ pinned: true })).toEqual([]);
      const [shared] = await bob.app.v1.accounts.$select(aliceAccount).statuses.list({ limit: 1 });
      expect(shared?.id).toMatch(MASTODON_ID);
    });

    it('pages to the end with no duplicate, by masto.js and megalodon', async () => {
      const { seen, sizes } = await everyPage(
        bob.app.v1.accounts.$select(aliceAccount).statuses.list({ limit: 2 }),
      );
      expect(seen).toEqual([ids.last, ids.reblog, ids.media, ids.reply, ids.first]);
      expect(sizes).toEqual([2, 2, 1]);

      const megalodon = generator('mastodon', server.url, bob.token);
      const page = await megalodon.getAccountStatuses(aliceAccount, {
        limit: 2,
        exclude_replies: true,
        only_media: false,
      });
      expect(page.data.map((status) => status.id)).toEqual([ids.last, ids.reblog]);
      expect(String(page.headers.link)).toContain('exclude_replies=true');
      const maxId = /max_id=(\d+)/.exec(String(page.headers.link))?.[1];
      const next = await megalodon.getAccountStatuses(aliceAccount, {
        limit: 2,
        exclude_replies: true,
        only_media: false,
        max_id: maxId,
      });
      expect(next.data.map((status) => status.id)).toEqual([ids.media, ids.first]);
      // Newer than the second: min_id gives the ones just after it.
      const newer = await bob.app.v1.accounts
        .$select(aliceAccount)
        .statuses.list({ minId: ids.reply, limit: 2 });
      expect(newer.map((status) => status.id)).toEqual([ids.reblog, ids.media]);
    });

    it('gives a stranger an empty list of a private member’s, and a follower the statuses', async () => {
      const carol = await memberWithApp();
      const carolAccount = (await carol.app.v1.accounts.verifyCredentials()).id;
      const written = await carol.app.v1.statuses.create({ status: 'For my followers' });
      const turned = await whispApi(carol.member, 'POST', '/api/users/me', { is_private: true });
      expect(turned.statusCode).toBe(200);
      expect(await bob.app.v1.accounts.$select(carolAccount).statuses.list()).toEqual([]);
      // Carol accepts Alice's request: Alice reads them.
      await alice.app.v1.accounts.$select(carolAccount).follow();
      await carol.app.v1.followRequests.$select(aliceAccount).authorize();
      const seen = await alice.app.v1.accounts.$select(carolAccount).statuses.list();
      expect(seen.map((status) => status.id)).toEqual([written.id]);
      // Blocked, she does not exist for Bob.
      const bobAccount = (await bob.app.v1.accounts.verifyCredentials()).id;
      await carol.app.v1.accounts.$select(bobAccount).block();
      await expect(bob.app.v1.accounts.$select(carolAccount).statuses.list()).rejects.toMatchObject(
        { statusCode: 404 },
      );
      await expect(
        bob.app.v1.accounts.$select('999999999999999999').statuses.list(),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });

  it('pages the tag timeline to its end, by masto.js and megalodon', async () => {
    const writer = await memberWithApp();
    const reader = await memberWithApp();
    const tag = `tag${Date.now()}`;
    const written: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      written.push((await writer.app.v1.statuses.create({ status: `${index} #${tag}` })).id);
    }
    await writer.app.v1.statuses.create({ status: 'Untagged' });
    const { seen, sizes } = await everyPage(
      reader.app.v1.timelines.tag.$select(tag.toUpperCase()).list({ limit: 2 }),
    );
    expect(seen).toEqual([...written].reverse());
    expect(sizes).toEqual([2, 2, 1]);
    expect(await reader.app.v1.timelines.tag.$select(tag).list({ onlyMedia: true })).toEqual([]);
    const megalodon = generator('mastodon', server.url, reader.token);
    const first = await megalodon.getTagTimeline(tag, { limit: 3 });
    expect(String(first.headers.link)).toMatch(
      new RegExp(
        `^<${server.url}/api/v1/timelines/tag/${tag}\\?limit=3&max_id=\\d+>; rel="next", `,
      ),
    );
    const since = await megalodon.getTagTimeline(tag, { since_id: written[2] });
    expect(since.data.map((status) => status.id)).toEqual([written[4], written[3]]);
  });

  it('pages bookmarks and favourites in the order they were made, by the hidden row ids', async () => {
    const writer = await memberWithApp();
    const reader = await memberWithApp();
    const written: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      written.push((await writer.app.v1.statuses.create({ status: `Keep ${index}` })).id);
    }
    // Marked oldest whisp last, so the lists' order is the marks', not the whisps'.
    const marked = [written[3], written[1], written[4], written[2], written[0]] as string[];
    for (const id of marked) {
      await reader.app.v1.statuses.$select(id).bookmark();
      await reader.app.v1.statuses.$select(id).favourite();
    }
    const newestMark = [...marked].reverse();
    const bookmarks = await everyPage(reader.app.v1.bookmarks.list({ limit: 2 }));
    expect(bookmarks).toEqual({ seen: newestMark, sizes: [2, 2, 1] });
    const favourites = await everyPage(reader.app.v1.favourites.list({ limit: 2 }));
    expect(favourites).toEqual({ seen: newestMark, sizes: [2, 2, 1] });

    const megalodon = generator('mastodon', server.url, reader.token);
    const first = await megalodon.getFavourites({ limit: 2 });
    expect(first.data.map((status) => status.id)).toEqual(newestMark.slice(0, 2));
    // The Link header names the like, not the status: no status id in it.
    const maxId = /max_id=(\d+)/.exec(String(first.headers.link))?.[1] ?? '';
    expect(maxId).toMatch(MASTODON_ID);
    expect(written).not.toContain(maxId);
    const second = await megalodon.getFavourites({ limit: 2, max_id: maxId });
    expect(second.data.map((status) => status.id)).toEqual(newestMark.slice(2, 4));
    const bookmarked = await megalodon.getBookmarks({ limit: 10 });
    expect(bookmarked.data.map((status) => status.id)).toEqual(newestMark);

    // Unmarked, a whisp leaves the lists; the writer's own lists are empty.
    await reader.app.v1.statuses.$select(marked[0] ?? '').unbookmark();
    expect((await reader.app.v1.bookmarks.list()).map((status) => status.id)).toEqual(
      newestMark.slice(0, 4),
    );
    expect(await writer.app.v1.favourites.list()).toEqual([]);
  });

  it('lists who favourited and reblogged a status, leaving out members hidden from the viewer', async () => {
    const writer = await memberWithApp();
    const fans = [await memberWithApp(), await memberWithApp(), await memberWithApp()];
    const status = await writer.app.v1.statuses.create({ status: 'Popular' });
    const accountIds: string[] = [];
    for (const fan of fans) {
      accountIds.push((await fan.app.v1.accounts.verifyCredentials()).id);
      await fan.app.v1.statuses.$select(status.id).favourite();
      await fan.app.v1.statuses.$select(status.id).reblog();
    }
    const latestFirst = [...accountIds].reverse();
    // masto.js types these lists without a limit: an app's own client follows the Link header.
    for (const side of ['favourited_by', 'reblogged_by']) {
      const listed = await everyPage(
        followingLinks(`/api/v1/statuses/${status.id}/${side}?limit=2`, writer.token),
      );
      expect(listed, side).toEqual({ seen: latestFirst, sizes: [2, 1] });
    }

    // The writer blocks the second fan: gone from both lists for the writer.
    await writer.app.v1.accounts.$select(accountIds[1] ?? '').block();
    const megalodon = generator('mastodon', server.url, writer.token);
    const likers = await megalodon.getStatusFavouritedBy(status.id);
    expect(likers.data.map((account) => account.id)).toEqual([accountIds[2], accountIds[0]]);
    const rewhispers = await megalodon.getStatusRebloggedBy(status.id);
    expect(rewhispers.data.map((account) => account.id)).toEqual([accountIds[2], accountIds[0]]);
    await expect(
      writer.app.v1.statuses.$select('999999999999999999').favouritedBy.list(),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  describe('search', () => {
    it('finds accounts, statuses and hashtags, each kind alone with type', async () => {
      const stamp = String(Date.now()).slice(-8);
      const writer = await memberWithApp();
      const found = await registerMember(server.app, { username: `zinnia_${stamp}` });
      const foundId = (
        await createRestAPIClient({
          url: server.url,
          accessToken: (await signInWithApp(server.url, found)).accessToken,
        }).v1.accounts.verifyCredentials()
      ).id;
      const tag = `meadow${stamp}`;
      const tagged = await writer.app.v1.statuses.create({
        status: `Buttercups in the ${tag} #${tag}`,
      });
      const searcher = await memberWithApp();

      const all = await searcher.app.v2.search.list({ q: `zinnia_${stamp}` });
      expect(all.accounts.map((account) => account.id)).toEqual([foundId]);
      expect(all.statuses).toEqual([]);

      const words = await searcher.app.v2.search.list({ q: `buttercups ${tag}`, type: 'statuses' });
      expect(words.statuses.map((status) => status.id)).toEqual([tagged.id]);
      expect(words.accounts).toEqual([]);
      expect(words.hashtags).toEqual([]);

      const hashtags = await searcher.app.v2.search.list({ q: tag.slice(0, -2), type: 'hashtags' });
      expect(hashtags.hashtags).toEqual([
        { name: tag, url: `${server.url}/search?q=%23${tag}`, history: [] },
      ]);

      // A #tag: the hashtag and the whisps carrying it, no member.
      const megalodon = generator('mastodon', server.url, searcher.token);
      const byTag = await megalodon.search(`#${tag}`, { limit: 5 });
      expect(byTag.data.statuses.map((status) => status.id)).toEqual([tagged.id]);
      expect(byTag.data.hashtags.map((hashtag) => hashtag.name)).toEqual([tag]);
      expect(byTag.data.accounts).toEqual([]);

      // Only this account's statuses; only followed accounts.
      const writerId = (await writer.app.v1.accounts.verifyCredentials()).id;
      const byWriter = await megalodon.search(tag, { type: 'statuses', account_id: writerId });
      expect(byWriter.data.statuses.map((status) => status.id)).toEqual([tagged.id]);
      const byOther = await megalodon.search(tag, { type: 'statuses', account_id: foundId });
      expect(byOther.data.statuses).toEqual([]);
      const followed = await megalodon.search(`zinnia_${stamp}`, { following: true });
      expect(followed.data.accounts).toEqual([]);
      // An offset past the one match finds nothing more.
      const past = await megalodon.search(`zinnia_${stamp}`, { type: 'accounts', offset: 1 });
      expect(past.data.accounts).toEqual([]);
    });
  });

  it('refuses a token without the route’s scope', async () => {
    const reader = await memberWithApp('read:statuses');
    const accountId = (await (await memberWithApp()).app.v1.accounts.verifyCredentials()).id;
    expect(await reader.app.v1.accounts.$select(accountId).statuses.list()).toEqual([]);
    for (const refused of [
      () => reader.app.v1.bookmarks.list(),
      () => reader.app.v1.favourites.list(),
      () => reader.app.v2.search.list({ q: 'anything' }),
    ]) {
      await expect(refused()).rejects.toMatchObject({ statusCode: 403 });
    }
  });
});
