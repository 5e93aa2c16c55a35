import { QueryObserver } from '@tanstack/react-query';
import { DEFAULT_PREFERENCES } from '@whisp/api-client/contract';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../src/models.js';
import {
  preferencesMutations,
  preferencesQueries,
  userKeys,
  userQueries,
} from '../src/react/index.js';
import { runMutation, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world, server } = setupQueryWorld();

const cachedPreferences = () =>
  world.queryClient.getQueryData<CurrentUser>(userKeys.me())?.preferences;

/** Holds the server's answer until `release` is called, to look at the cache meanwhile. */
function holdPatch(answer: () => Response) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.patch(`${API}/api/users/me/preferences`, async () => {
      await released;
      return answer();
    }),
  );
  return () => release();
}

describe('preferences (Privacy and preferences 1.2)', () => {
  it('are read from the member, without a request of their own', async () => {
    const { client, queryClient } = world;
    const options = preferencesQueries.current(client);
    expect(options.queryKey).toEqual(userKeys.me());
    const observer = new QueryObserver(queryClient, options);
    const result = await observer.refetch();
    expect(result.data).toEqual(DEFAULT_PREFERENCES);
  });

  it('the client reads and saves them, the whole object coming back', async () => {
    const { client } = world;
    expect(await client.users.preferences()).toEqual(DEFAULT_PREFERENCES);
    expect(await client.users.updatePreferences({ notifications: { like: false } })).toEqual({
      ...DEFAULT_PREFERENCES,
      notifications: { ...DEFAULT_PREFERENCES.notifications, like: false },
    });
    expect((await client.users.me()).preferences.notifications.like).toBe(false);
  });

  it('a switch changes at once, and stays as the server answers', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchQuery(userQueries.me(client));
    const release = holdPatch(() =>
      HttpResponse.json({
        success: true,
        message: 'Preferences saved',
        data: { ...DEFAULT_PREFERENCES, data_saver: true },
      }),
    );
    const saving = runMutation(queryClient, preferencesMutations.update(client, queryClient), {
      data_saver: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cachedPreferences()?.data_saver).toBe(true);
    release();
    await saving;
    expect(cachedPreferences()).toEqual({ ...DEFAULT_PREFERENCES, data_saver: true });
  });

  it('goes back when the save fails, keeping the switches it did not touch', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchQuery(userQueries.me(client));
    const release = holdPatch(() =>
      HttpResponse.json(
        { success: false, message: 'Something went wrong', code: 'INTERNAL_ERROR' },
        { status: 500 },
      ),
    );
    const saving = runMutation(queryClient, preferencesMutations.update(client, queryClient), {
      messages_from: 'nobody',
      notifications: { mention: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cachedPreferences()).toMatchObject({
      messages_from: 'nobody',
      notifications: { mention: false },
    });
    // Another switch changed meanwhile (a save of its own that succeeded) must survive the rollback.
    queryClient.setQueryData<CurrentUser>(userKeys.me(), (user) =>
      user ? { ...user, preferences: { ...user.preferences, autoplay_media: false } } : user,
    );
    release();
    await expect(saving).rejects.toThrow('Something went wrong');
    expect(cachedPreferences()).toEqual({ ...DEFAULT_PREFERENCES, autoplay_media: false });
  });
});
