import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MutedWord, Profile, UserSummary } from '../src/index.js';
import { localAddress } from '../src/mocks/builders.js';
import { postKeys, safetyKeys, safetyMutations, userKeys } from '../src/react/index.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const person = (id: string): UserSummary => ({
  id,
  username: id,
  ...localAddress(id),
  display_name: id,
  avatar: `/media/avatar-${id}.webp`,
  is_verified: false,
});

const profile = (id: string): Profile => ({
  id,
  username: id,
  ...localAddress(id),
  display_name: id,
  bio: null,
  profile_picture_url: null,
  profile_banner_url: null,
  banner_position_x: 50,
  banner_position_y: 50,
  followers_count: 3,
  following_count: 2,
  posts_count: 1,
  is_verified: false,
  is_private: false,
  is_requested: false,
  is_following: true,
  is_followed_by: true,
  is_blocking: false,
  is_muting: false,
  message_permission: 'allowed',
  created_at: '2026-11-25T10:00:00.000Z',
});

const word: MutedWord = { id: 'w1', word: '#Spoilers', created_at: '2026-11-25T10:00:00.000Z' };

/** Runs a mutation's function and success callback as TanStack Query would. */
async function run<Variables, Result>(
  options: {
    mutationFn?: (variables: Variables, context: never) => Promise<Result>;
    onSuccess?: (result: Result, variables: Variables, a: undefined, b: never) => unknown;
  },
  variables: Variables,
) {
  const result = (await options.mutationFn?.(variables, undefined as never)) as Result;
  await options.onSuccess?.(result, variables, undefined, undefined as never);
  return result;
}

describe('safety calls', () => {
  it('blocks, unblocks, mutes and unmutes at their paths', async () => {
    const seen = answer({ success: true, data: { is_blocking: true } });
    const client = clientWith('token');
    expect(await client.safety.block('bob 1')).toEqual({ is_blocking: true });
    await client.safety.unblock('bob');
    await client.safety.mute('bob');
    await client.safety.unmute('bob');
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/users/bob%201/block',
      'POST /api/users/bob/unblock',
      'POST /api/users/bob/mute',
      'POST /api/users/bob/unmute',
    ]);
    expect(seen[0]?.authorization).toBe('Bearer token');
  });

  it('lists blocks and mutes with the pictures on the API host, and muted words', async () => {
    const lists = answer({ success: true, data: [person('bob')] });
    const client = clientWith('token');
    expect((await client.safety.blocks())[0]?.avatar).toBe(`${API}/media/avatar-bob.webp`);
    expect((await client.safety.mutes())[0]?.avatar).toBe(`${API}/media/avatar-bob.webp`);
    answer({ success: true, data: [word] });
    expect(await client.safety.mutedWords()).toEqual([word]);
    expect(lists.map(({ path }) => path)).toEqual(['/api/users/me/blocks', '/api/users/me/mutes']);
  });

  it('adds a muted word as { word } and removes one by id', async () => {
    const added = answer({ success: true, data: word }, 201);
    const client = clientWith('token');
    expect(await client.safety.addMutedWord('#Spoilers')).toEqual(word);
    const removed = answer({ success: true, message: 'Word unmuted' });
    await client.safety.removeMutedWord('w 1');
    expect(added[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/me/muted-words',
      json: { word: '#Spoilers' },
    });
    expect(removed[0]).toMatchObject({ method: 'DELETE', path: '/api/users/me/muted-words/w%201' });
  });

  it('shows a block on every cached copy of the profile, follows gone both ways, and refreshes the feeds', async () => {
    answer({ success: true, data: { is_blocking: true } });
    const client = clientWith('token');
    const queryClient = new QueryClient();
    queryClient.setQueryData(userKeys.byUsername('bob'), profile('bob'));
    queryClient.setQueryData(postKeys.list({ feed: 'following' }), { pages: [], pageParams: [] });
    await run(safetyMutations.block(client, queryClient), { id: 'bob', blocking: true });
    expect(queryClient.getQueryData(userKeys.byUsername('bob'))).toMatchObject({
      is_blocking: true,
      is_following: false,
      is_followed_by: false,
    });
    expect(queryClient.getQueryState(postKeys.list({ feed: 'following' }))?.isInvalidated).toBe(
      true,
    );
  });

  it('takes an unblocked or unmuted member off the cached lists, and keeps muted words in step', async () => {
    const client = clientWith('token');
    const queryClient = new QueryClient();
    queryClient.setQueryData(safetyKeys.blocks(), [person('bob'), person('eve')]);
    queryClient.setQueryData(safetyKeys.mutes(), [person('bob')]);
    queryClient.setQueryData(userKeys.detail('bob'), profile('bob'));
    answer({ success: true, data: { is_blocking: false } });
    await run(safetyMutations.block(client, queryClient), { id: 'bob', blocking: false });
    expect(queryClient.getQueryData<UserSummary[]>(safetyKeys.blocks())?.map((m) => m.id)).toEqual([
      'eve',
    ]);
    answer({ success: true, data: { is_muting: false } });
    await run(safetyMutations.mute(client, queryClient), { id: 'bob', muting: false });
    expect(queryClient.getQueryData(safetyKeys.mutes())).toEqual([]);
    expect(queryClient.getQueryData(userKeys.detail('bob'))).toMatchObject({ is_muting: false });

    queryClient.setQueryData<MutedWord[]>(safetyKeys.mutedWords(), []);
    answer({ success: true, data: word }, 201);
    await run(safetyMutations.addMutedWord(client, queryClient), '#Spoilers');
    // Muting the same word again answers with the one kept: it is listed once.
    answer({ success: true, data: word });
    await run(safetyMutations.addMutedWord(client, queryClient), '#SPOILERS');
    expect(queryClient.getQueryData(safetyKeys.mutedWords())).toEqual([word]);
    answer({ success: true, message: 'Word unmuted' });
    await run(safetyMutations.removeMutedWord(client, queryClient), 'w1');
    expect(queryClient.getQueryData(safetyKeys.mutedWords())).toEqual([]);
  });
});
