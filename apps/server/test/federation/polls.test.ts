import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { call, eventually, type FederatedServer, startFederatedServer } from './two-servers.js';

interface PollShape {
  id: string;
  options: { title: string; votes_count: number | null }[];
  voters_count: number;
  multiple: boolean;
}

// A poll crosses as a Question (Mastodon's way): its options and end; a vote comes back as a
// Note named after the option, and the author's server sends the new counts to the others.
describe('a poll between two Whisp servers', { timeout: 90_000 }, () => {
  let north: FederatedServer;
  let south: FederatedServer;
  let alice: TestMember;
  let bob: TestMember;
  let carol: TestMember;

  beforeAll(async () => {
    [north, south] = await Promise.all([startFederatedServer(), startFederatedServer()]);
    alice = await registerMember(north.app, { username: 'alice' });
    carol = await registerMember(north.app, { username: 'carol' });
    bob = await registerMember(south.app, { username: 'bob' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([north?.close(), south?.close()]);
  });

  it('arrives as a poll, takes a vote from the other server, and both show the count', async () => {
    const found = await call(south, bob, 'GET', `/api/users/lookup?acct=alice@${north.host}`);
    await call(south, bob, 'POST', `/api/users/${found.body.data.id}/follow`);
    await south.settled();
    await eventually(async () => {
      const profile = await call(south, bob, 'GET', `/api/users/${found.body.data.id}`);
      expect(profile.body.data.is_following).toBe(true);
    });

    const posted = await call(north, alice, 'POST', '/api/posts', {
      content: 'Tea or coffee?',
      poll: { options: ['Tea', 'Coffee'], multiple: false, expires_in: 3600 },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    await north.settled();
    const onSouth = await eventually(async () => {
      const feed = await call(south, bob, 'GET', '/api/posts/following');
      const whisp = feed.body.posts.find(
        (post: { content: string }) => post.content === 'Tea or coffee?',
      );
      expect(whisp?.poll).toBeTruthy();
      return whisp as { id: string; poll: PollShape };
    });
    expect(onSouth.poll.options.map((option) => option.title)).toEqual(['Tea', 'Coffee']);
    expect(onSouth.poll.multiple).toBe(false);

    const voted = await call(south, bob, 'POST', `/api/polls/${onSouth.poll.id}/votes`, {
      choices: [1],
    });
    expect(voted.status, JSON.stringify(voted.body)).toBe(200);
    await south.settled();

    // The vote reaches alice's server and counts there once, however often it is delivered.
    await eventually(async () => {
      const whisp = await call(north, alice, 'GET', `/api/posts/${posted.body.data.id}`);
      expect(whisp.body.data.poll.voters_count).toBe(1);
      expect(whisp.body.data.poll.options[1].votes_count).toBe(1);
    });
    // Carol votes on alice's server, which sends its counts: south shows them, bob's vote and
    // carol's, and the whisp is not marked edited for it.
    const carolVoted = await call(
      north,
      carol,
      'POST',
      `/api/polls/${posted.body.data.poll.id}/votes`,
      {
        choices: [0],
      },
    );
    expect(carolVoted.status, JSON.stringify(carolVoted.body)).toBe(200);
    await north.settled();
    await eventually(async () => {
      const whisp = await call(south, bob, 'GET', `/api/posts/${onSouth.id}`);
      expect(whisp.body.data.poll.voters_count).toBe(2);
      expect(
        whisp.body.data.poll.options.map((option: PollShape['options'][0]) => option.votes_count),
      ).toEqual([1, 1]);
      expect(whisp.body.data.edited_at).toBeNull();
    });
  });
});
