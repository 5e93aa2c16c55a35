import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CurrentUser, Profile, SuggestedUser, UserSummary } from '../src/index.js';
import { localAddress } from '../src/mocks/builders.js';
import { buildSuggestedUser } from '../src/mocks/index.js';
import {
  followRequestKeys,
  followRequestMutations,
  userKeys,
  userMutations,
} from '../src/react/index.js';
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

describe('follow request calls', () => {
  it('lists requests with pictures on the API host, and answers them at their paths', async () => {
    const listed = answer({ success: true, data: [person('bob')] });
    const client = clientWith('token');
    expect((await client.users.followRequests())[0]?.avatar).toBe(`${API}/media/avatar-bob.webp`);
    const decided = answer({ success: true, message: 'ok', data: { followers_count: 3 } });
    expect(await client.users.acceptFollowRequest('bob 1')).toEqual({ followers_count: 3 });
    expect(await client.users.rejectFollowRequest('cat')).toEqual({ followers_count: 3 });
    expect(listed[0]).toMatchObject({ method: 'GET', path: '/api/users/me/follow-requests' });
    expect(decided.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/users/me/follow-requests/bob%201/accept',
      'POST /api/users/me/follow-requests/cat/reject',
    ]);
  });

  it('sends is_private with the profile changes', async () => {
    const seen = answer({ success: true, user: { id: 'me' }, message: 'Profile updated' });
    await clientWith('token').users.updateMe({ is_private: true });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/me',
      json: { is_private: true },
    });
  });

  it('takes an answered request off the list at once and puts it back when the save fails', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(followRequestKeys.all, [person('bob'), person('cat')]);
    const options = followRequestMutations.accept(clientWith('token'), queryClient);
    const context = await options.onMutate?.('bob', undefined as never);
    expect(
      queryClient.getQueryData<UserSummary[]>(followRequestKeys.all)?.map((m) => m.id),
    ).toEqual(['cat']);
    options.onError?.(new Error('offline'), 'bob', context, undefined as never);
    expect(
      queryClient.getQueryData<UserSummary[]>(followRequestKeys.all)?.map((m) => m.id),
    ).toEqual(['bob', 'cat']);
  });

  it('moves the member’s followers count to the server’s once a request is accepted', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userKeys.me(), { id: 'me', username: 'me' } as CurrentUser);
    queryClient.setQueryData(userKeys.detail('me'), { id: 'me', followers_count: 1 } as Profile);
    answer({ success: true, message: 'ok', data: { followers_count: 2 } });
    const options = followRequestMutations.accept(clientWith('token'), queryClient);
    const result = await options.mutationFn?.('bob', undefined as never);
    await options.onSuccess?.(result as never, 'bob', { before: undefined }, undefined as never);
    expect(queryClient.getQueryData<Profile>(userKeys.detail('me'))?.followers_count).toBe(2);
  });

  it('shows a follow of a private member as requested on every cached copy of them, suggestions included', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(userKeys.detail('ann'), {
      id: 'ann',
      is_following: false,
      is_requested: false,
      followers_count: 4,
    } as Profile);
    const suggestion = buildSuggestedUser({ id: 'ann', followers_count: 4, is_requested: false });
    queryClient.setQueryData(userKeys.suggested(5), [suggestion]);
    answer({
      success: true,
      message: 'Follow request sent',
      data: { is_following: false, is_requested: true, followers_count: 4 },
    });
    const options = userMutations.follow(clientWith('token'), queryClient);
    const variables = { id: 'ann', following: true };
    const state = await options.mutationFn?.(variables, undefined as never);
    await options.onSuccess?.(state as never, variables, undefined, undefined as never);
    expect(queryClient.getQueryData<Profile>(userKeys.detail('ann'))).toMatchObject({
      is_following: false,
      is_requested: true,
    });
    // Who to follow reads Requested for them too.
    expect(queryClient.getQueryData<SuggestedUser[]>(userKeys.suggested(5))?.[0]).toEqual({
      ...suggestion,
      is_requested: true,
    });
  });
});
