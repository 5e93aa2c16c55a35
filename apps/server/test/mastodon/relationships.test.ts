import { describeError } from '@whisp/api-client/contract';
import { MASTODON_MESSAGES } from '@whisp/api-client/contract/mastodon';
import { createRestAPIClient, type mastodon } from 'masto';
import generator from 'megalodon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { startMastodonTestServer } from './server.js';
import { signInWithApp } from './sign-in.js';

// Relationships through the Mastodon client API (1.2), driven by masto.js and megalodon with
// members' tokens from the consent flow: following (a private member is asked), blocking and
// muting with Whisp's own rules, the account lists paged to their end, and the scopes each needs.

const MASTODON_ID = /^[1-9][0-9]{17}$/;

const RELATIONSHIP_FLAGS = [
  'following',
  'showing_reblogs',
  'notifying',
  'followed_by',
  'blocking',
  'blocked_by',
  'muting',
  'muting_notifications',
  'requested',
  'requested_by',
  'domain_blocking',
  'endorsed',
];

describe('Mastodon apps: relationships', () => {
  let server: Awaited<ReturnType<typeof startMastodonTestServer>>;

  beforeAll(async () => {
    server = await startMastodonTestServer();
  });
  afterAll(() => server?.close());

  /** A new member signed in to a Mastodon app, and their account id there. */
  async function signedIn(scopes?: string) {
    const member = await registerMember(server.app);
    const { accessToken } = await signInWithApp(server.url, member, scopes);
    const masto = createRestAPIClient({ url: server.url, accessToken });
    const { id } = await masto.v1.accounts.verifyCredentials();
    return {
      member,
      accessToken,
      masto,
      megalodon: generator('mastodon', server.url, accessToken),
      id,
    };
  }

  type SignedIn = Awaited<ReturnType<typeof signedIn>>;

  const call = (method: 'GET' | 'POST', path: string, token: string) =>
    fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${token}` } });

  /** The member's profile through Whisp's own API, as the web app reads it. */
  async function whispProfile(viewer: TestMember, member: TestMember) {
    const answer = await server.app.inject({
      method: 'GET',
      url: `/api/users/${member.id}`,
      headers: viewer.headers,
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { is_following: boolean; is_requested: boolean };
  }

  async function makePrivate(member: TestMember) {
    const changed = await server.app.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: member.headers,
      payload: { is_private: true },
    });
    expect(changed.statusCode).toBe(200);
  }

  it('follows with masto.js, and both members, megalodon and Whisp’s own API see the same follow', async () => {
    const alice = await signedIn();
    const bob = await signedIn();

    const followed = await alice.masto.v1.accounts.$select(bob.id).follow({ reblogs: false });
    expect(followed).toMatchObject({
      id: bob.id,
      following: true,
      showingReblogs: true,
      requested: false,
      followedBy: false,
      blockedBy: false,
      note: '',
    });
    expect((await whispProfile(alice.member, bob.member)).is_following).toBe(true);
    expect((await alice.masto.v1.accounts.$select(bob.id).fetch()).followersCount).toBe(1);

    const seenByBob = await bob.megalodon.getRelationships([alice.id]);
    expect(seenByBob.data).toEqual([
      expect.objectContaining({ id: alice.id, following: false, followed_by: true }),
    ]);

    // Every flag a boolean (Tusky and Ice Cubes read each), `languages` null, in the ids' order;
    // unknown and malformed ids left out, each id answered once.
    const raw = await call(
      'GET',
      `/api/v1/accounts/relationships?id[]=${bob.id}&id[]=123456789012345678&id[]=nope&id[]=${alice.id}&id[]=${bob.id}`,
      alice.accessToken,
    );
    expect(raw.status).toBe(200);
    const answered = (await raw.json()) as Record<string, unknown>[];
    expect(answered.map((relationship) => relationship.id)).toEqual([bob.id, alice.id]);
    for (const relationship of answered) {
      for (const flag of RELATIONSHIP_FLAGS)
        expect(typeof relationship[flag], flag).toBe('boolean');
      expect(relationship).toMatchObject({ languages: null, note: '' });
    }
    // A single `id=` is read too.
    const single = await call(
      'GET',
      `/api/v1/accounts/relationships?id=${bob.id}`,
      alice.accessToken,
    );
    expect(await single.json()).toEqual([expect.objectContaining({ id: bob.id, following: true })]);

    const unfollowed = await alice.megalodon.unfollowAccount(bob.id);
    expect(unfollowed.data).toMatchObject({ following: false, showing_reblogs: false });
    expect((await whispProfile(alice.member, bob.member)).is_following).toBe(false);
    expect((await alice.masto.v1.accounts.$select(bob.id).fetch()).followersCount).toBe(0);
  });

  it('asks a private member, who sees the request and authorizes it', async () => {
    const alice = await signedIn();
    const dave = await signedIn();
    const carol = await signedIn();
    await makePrivate(carol.member);

    const asked = await alice.megalodon.followAccount(carol.id);
    expect(asked.data).toMatchObject({ following: false, requested: true });
    expect((await whispProfile(alice.member, carol.member)).is_requested).toBe(true);
    await dave.masto.v1.accounts.$select(carol.id).follow();

    // Carol's requests, the latest first, in masto.js and megalodon.
    const requests = await carol.masto.v1.followRequests.list();
    expect(requests.map((account) => account.id)).toEqual([dave.id, alice.id]);
    const megalodonRequests = await carol.megalodon.getFollowRequests();
    expect(megalodonRequests.data.map((account) => account.id)).toEqual([dave.id, alice.id]);
    const [fromAlice] = await carol.masto.v1.accounts.relationships.fetch({ id: [alice.id] });
    expect(fromAlice).toMatchObject({ requestedBy: true, followedBy: false });

    // A private member's lists are their followers' alone: an empty list for anyone else.
    expect(await alice.masto.v1.accounts.$select(carol.id).followers.list()).toEqual([]);

    const authorized = await carol.masto.v1.followRequests.$select(alice.id).authorize();
    expect(authorized).toMatchObject({ id: alice.id, followedBy: true, requestedBy: false });
    const accepted = await carol.megalodon.rejectFollowRequest(dave.id);
    expect(accepted.data).toMatchObject({ followed_by: false, requested_by: false });
    expect(await carol.masto.v1.followRequests.list()).toEqual([]);

    const [withCarol] = await alice.masto.v1.accounts.relationships.fetch({ id: [carol.id] });
    expect(withCarol).toMatchObject({ following: true, requested: false });
    expect((await whispProfile(alice.member, carol.member)).is_following).toBe(true);
    // Now a follower, Alice reads Carol's lists.
    const followers = await alice.masto.v1.accounts.$select(carol.id).followers.list();
    expect(followers.map((account) => account.id)).toEqual([alice.id]);

    // No request is left to answer.
    const again = await call(
      'POST',
      `/api/v1/follow_requests/${dave.id}/authorize`,
      carol.accessToken,
    );
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: MASTODON_MESSAGES.recordNotFound });
  });

  it('accepts a request through megalodon', async () => {
    const erin = await signedIn();
    const frank = await signedIn();
    await makePrivate(erin.member);
    await frank.masto.v1.accounts.$select(erin.id).follow();
    const accepted = await erin.megalodon.acceptFollowRequest(frank.id);
    expect(accepted.data).toMatchObject({ id: frank.id, followed_by: true });
    const [withErin] = (await frank.megalodon.getRelationships([erin.id])).data;
    expect(withErin).toMatchObject({ following: true, requested: false });
  });

  it('blocks and mutes with Whisp’s rules: a block ends the follows both ways and stops new ones', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const carol = await signedIn();
    await alice.masto.v1.accounts.$select(bob.id).follow();
    await bob.masto.v1.accounts.$select(alice.id).follow();

    const blocked = await alice.masto.v1.accounts.$select(bob.id).block();
    expect(blocked).toMatchObject({ blocking: true, following: false, followedBy: false });
    expect((await alice.masto.v1.blocks.list()).map((account) => account.id)).toEqual([bob.id]);
    const megalodonBlocks = await alice.megalodon.getBlocks();
    expect(megalodonBlocks.data.map((account) => account.id)).toEqual([bob.id]);
    const [withBob] = await alice.masto.v1.accounts.relationships.fetch({ id: [bob.id] });
    expect(withBob).toMatchObject({ blocking: true, blockedBy: false });

    // Bob cannot follow Alice back, in Whisp's words; nor learn from relationships that she
    // blocked him: she is not there for him, as in Whisp's own API.
    const refused = await call('POST', `/api/v1/accounts/${alice.id}/follow`, bob.accessToken);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: describeError('blocked').message });
    expect((await bob.megalodon.getRelationships([alice.id])).data).toEqual([]);

    const unblocked = await alice.megalodon.unblockAccount(bob.id);
    expect(unblocked.data).toMatchObject({ blocking: false, following: false });
    expect(await alice.masto.v1.blocks.list()).toEqual([]);

    const muted = await alice.megalodon.muteAccount(carol.id, true);
    expect(muted.data).toMatchObject({ muting: true, muting_notifications: true });
    expect((await alice.masto.v1.mutes.list()).map((account) => account.id)).toEqual([carol.id]);
    // Carol notices nothing.
    const [withAlice] = await carol.masto.v1.accounts.relationships.fetch({ id: [alice.id] });
    expect(withAlice).toMatchObject({ muting: false, blocking: false });
    const unmuted = await alice.masto.v1.accounts.$select(carol.id).unmute();
    expect(unmuted).toMatchObject({ muting: false, mutingNotifications: false });
    expect(await alice.masto.v1.mutes.list()).toEqual([]);
  });

  describe('a member with five followers, paged two at a time', () => {
    let popular: SignedIn;
    let reader: SignedIn;
    /** The followers' ids, the latest follow first. */
    let expected: string[];

    beforeAll(async () => {
      popular = await signedIn();
      reader = await signedIn();
      const followers: SignedIn[] = [];
      for (let index = 0; index < 5; index += 1) followers.push(await signedIn());
      // Not in the order they joined: the list follows the follows.
      const order = [2, 0, 4, 1, 3].map((index) => followers[index] as SignedIn);
      for (const follower of order) {
        await follower.masto.v1.accounts.$select(popular.id).follow();
      }
      expected = order.map((follower) => follower.id).reverse();
    }, 60_000);

    it('reads every follower once through masto.js’s paginator', async () => {
      const pages: mastodon.v1.Account[][] = [];
      for await (const page of reader.masto.v1.accounts.$select(popular.id).followers.list({
        limit: 2,
      })) {
        pages.push(page);
      }
      // The walk ends after the short page: it links to nothing older.
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(pages.flat().map((account) => account.id)).toEqual(expected);
    });

    it('reads every follower once through megalodon, by the max_id of each next link', async () => {
      const seen: string[] = [];
      let maxId: string | undefined;
      for (let page = 0; page < 10; page += 1) {
        const answer = await reader.megalodon.getAccountFollowers(popular.id, {
          limit: 2,
          ...(maxId ? { max_id: maxId } : {}),
        });
        seen.push(...answer.data.map((account) => account.id));
        const link = answer.headers.link as string | undefined;
        // Absolute, with a numeric max_id (Ice Cubes reads it with `max_id=[0-9]+`).
        expect(link).toContain(`<${server.url}/api/v1/accounts/${popular.id}/followers?`);
        maxId = /max_id=([0-9]+)/.exec(link ?? '')?.[1];
        if (answer.data.length < 2) {
          // The end: a page shorter than asked links to nothing older, as Mastodon.
          expect(maxId).toBeUndefined();
          break;
        }
        expect(maxId).toMatch(MASTODON_ID);
      }
      expect(seen).toEqual(expected);
      // megalodon's own walk of the next links gives the same.
      const all = await reader.megalodon.getAccountFollowers(popular.id, {
        limit: 2,
        get_all: true,
      });
      expect(all.data.map((account) => account.id)).toEqual(expected);
    });

    it('pages newer from a prev link: min_id the ones just after, since_id the newest', async () => {
      /** The page at a path (or a Link address), and its links by rel. */
      const read = async (address: string) => {
        const url = new URL(address, server.url);
        const answer = await call('GET', url.pathname + url.search, reader.accessToken);
        const links = Object.fromEntries(
          [...(answer.headers.get('link') ?? '').matchAll(/<([^>]+)>; rel="(\w+)"/g)].map(
            ([, target, rel]) => [rel, target as string],
          ),
        );
        const accounts = (await answer.json()) as { id: string }[];
        return { ids: accounts.map((account) => account.id), links };
      };
      const first = await read(`/api/v1/accounts/${popular.id}/followers?limit=2`);
      const second = await read(first.links.next as string);
      const third = await read(second.links.next as string);
      expect([first.ids, second.ids, third.ids]).toEqual([
        expected.slice(0, 2),
        expected.slice(2, 4),
        expected.slice(4),
      ]);
      // Back from the last page: the two follows just after its one, then the newest two.
      const newer = new URL(third.links.prev as string);
      expect(newer.searchParams.get('limit')).toBe('2');
      expect((await read(newer.href)).ids).toEqual(expected.slice(2, 4));
      const since = newer.searchParams.get('min_id') as string;
      const newest = await read(
        `/api/v1/accounts/${popular.id}/followers?limit=2&since_id=${since}`,
      );
      expect(newest.ids).toEqual(expected.slice(0, 2));
    });

    it('lists whom a follower follows', async () => {
      const follower = expected[0] as string;
      const following = await reader.masto.v1.accounts.$select(follower).following.list();
      expect(following.map((account) => account.id)).toEqual([popular.id]);
    });
  });

  it('refuses a write the token has no scope for, and what Whisp’s rules do not allow', async () => {
    const reading = await signedIn('read');
    const other = await signedIn();

    // A `read` token reads relationships but follows nobody.
    const readOnly = await call('POST', `/api/v1/accounts/${other.id}/follow`, reading.accessToken);
    expect(readOnly.status).toBe(403);
    expect(await readOnly.json()).toEqual({ error: MASTODON_MESSAGES.outsideScopes });
    await expect(reading.masto.v1.accounts.$select(other.id).follow()).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await reading.masto.v1.accounts.relationships.fetch({ id: [other.id] })).toEqual([
      expect.objectContaining({ following: false }),
    ]);

    // Granular scopes: blocking is not following.
    const blocking = await signedIn('read write:blocks');
    expect(
      (await call('POST', `/api/v1/accounts/${other.id}/block`, blocking.accessToken)).status,
    ).toBe(200);
    expect(
      (await call('POST', `/api/v1/accounts/${other.id}/mute`, blocking.accessToken)).status,
    ).toBe(403);

    // Unknown accounts are not found; nobody follows or blocks themself.
    for (const path of [
      '/api/v1/accounts/123456789012345678/follow',
      '/api/v1/accounts/not-a-number/block',
      '/api/v1/accounts/123456789012345678/followers',
      '/api/v1/follow_requests/123456789012345678/authorize',
    ]) {
      const answer = await call(
        path.endsWith('followers') ? 'GET' : 'POST',
        path,
        other.accessToken,
      );
      expect(answer.status, path).toBe(404);
      expect(await answer.json()).toEqual({ error: MASTODON_MESSAGES.recordNotFound });
    }
    const self = await call('POST', `/api/v1/accounts/${other.id}/follow`, other.accessToken);
    expect(self.status).toBe(403);
    expect(await self.json()).toEqual({
      error: describeError('cannotFollowYourself', 'follow').message,
    });
    const selfBlock = await call('POST', `/api/v1/accounts/${other.id}/block`, other.accessToken);
    expect(await selfBlock.json()).toEqual({
      error: describeError('cannotBlockYourself', 'block').message,
    });
  });
});
