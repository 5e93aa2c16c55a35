import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { EventSourceLike } from '../src/index.js';
import { buildMessage, buildNotification } from '../src/mocks/index.js';
import {
  messageKeys,
  messageQueries,
  notificationKeys,
  notificationQueries,
  subscribeToLiveEvents,
} from '../src/react/index.js';
import { defined } from './support/defined.js';
import { setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

const { world, server } = setupQueryWorld();

/** Stands in for the browser's EventSource (Node 20 has none); the test plays the server. */
class FakeEventSource implements EventSourceLike {
  static last: FakeEventSource | undefined;
  readyState = 0;
  private listeners = new Map<string, ((event: MessageEvent | Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.dispatch('open', new Event('open'));
  }
  send(type: string, data: unknown) {
    this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.dispatch('error', new Event('error'));
  }
  private dispatch(type: string, event: Event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** The notifications list, answered empty with this unread count, a tenth of a second late. */
function answerNotificationsSlowly(unreadCount: number) {
  server.use(
    http.get(`${API}/api/notifications`, async () => {
      await delay(100);
      return HttpResponse.json({
        success: true,
        data: { notifications: [], unread_count: unreadCount },
      });
    }),
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function subscribe(extra: { pollIntervalMs?: number; modes?: string[] } = {}) {
  return subscribeToLiveEvents({
    client: world.client,
    queryClient: world.queryClient,
    EventSource: FakeEventSource,
    pollIntervalMs: extra.pollIntervalMs ?? 60_000,
    onModeChange: (mode) => extra.modes?.push(mode),
  });
}

describe('live events', () => {
  it('opens the stream with the token in the URL', () => {
    const stop = subscribe();
    expect(FakeEventSource.last?.url).toBe(`${API}/api/events?token=mock-token-robin`);
    stop();
    expect(FakeEventSource.last?.readyState).toBe(2);
  });

  it('turns unread events into the badge counts', async () => {
    const stop = subscribe();
    FakeEventSource.last?.send('unread', { notifications: 4, messages: 2 });
    await vi.waitFor(() => {
      expect(world.queryClient.getQueryData(notificationKeys.unreadCount())).toBe(4);
      expect(world.queryClient.getQueryData(messageKeys.unreadCount())).toBe(2);
    });
    stop();
  });

  it('keeps the newest unread event over a count fetch that was answered before it', async () => {
    const { client, queryClient } = world;
    // The server answers the count request with 1, slowly: the event saying 2 comes meanwhile.
    answerNotificationsSlowly(1);
    const stop = subscribe();
    const stale = queryClient.fetchQuery(notificationQueries.unreadCount(client)).catch(() => {});
    await wait(20);
    FakeEventSource.last?.send('unread', { notifications: 1, messages: 0 });
    FakeEventSource.last?.send('unread', { notifications: 2, messages: 0 });
    await stale;
    await wait(150);
    expect(queryClient.getQueryData(notificationKeys.unreadCount())).toBe(2);
    stop();
  });

  it('puts a live notification on top of the cached list once, with its avatar prefixed', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchInfiniteQuery(notificationQueries.list(client));
    const stop = subscribe();
    const notification = buildNotification({ id: 'live-1' });
    notification.actor.avatar = '/media/actor.webp';
    FakeEventSource.last?.send('notification', notification);
    FakeEventSource.last?.send('notification', notification);
    const pages = defined(queryClient.getQueryData(notificationQueries.list(client).queryKey));
    const first = defined(pages.pages[0]);
    const ids = first.notifications.map((n) => n.id);
    expect(ids[0]).toBe('live-1');
    expect(ids.filter((id) => id === 'live-1')).toHaveLength(1);
    expect(defined(first.notifications[0]).actor.avatar).toBe(`${API}/media/actor.webp`);
    stop();
  });

  it('keeps a live notification that arrives while a fetch answered before it is landing', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchInfiniteQuery(notificationQueries.list(client));
    // The reload when the stream opens: answered with the list as it was, slowly.
    answerNotificationsSlowly(0);
    const stop = subscribe();
    const reload = queryClient.refetchQueries({ queryKey: notificationKeys.lists() });
    await wait(20);
    FakeEventSource.last?.send('notification', buildNotification({ id: 'live-2' }));
    await reload;
    const pages = defined(queryClient.getQueryData(notificationQueries.list(client).queryKey));
    expect(defined(pages.pages[0]).notifications.map((n) => n.id)).toEqual(['live-2']);
    stop();
  });

  it('keeps a live notification that arrives during the list’s first load', async () => {
    const { client, queryClient } = world;
    answerNotificationsSlowly(0);
    const stop = subscribe();
    const firstLoad = queryClient.fetchInfiniteQuery(notificationQueries.list(client));
    await wait(20);
    FakeEventSource.last?.send('notification', buildNotification({ id: 'live-3' }));
    await firstLoad;
    const pages = defined(queryClient.getQueryData(notificationQueries.list(client).queryKey));
    expect(defined(pages.pages[0]).notifications.map((n) => n.id)).toEqual(['live-3']);
    stop();
  });

  it('appends a live message to its open conversation', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchInfiniteQuery(messageQueries.conversation(client, 'conversation-1'));
    const stop = subscribe();
    FakeEventSource.last?.send(
      'message',
      buildMessage({ id: 'live-m', conversation_id: 'conversation-1' }),
    );
    const pages = defined(
      queryClient.getQueryData(messageQueries.conversation(client, 'conversation-1').queryKey),
    );
    expect(pages.pages.at(-1)?.at(-1)?.id).toBe('live-m');
    stop();
  });

  it('keeps a live message that arrives while its conversation is being fetched', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchInfiniteQuery(messageQueries.conversation(client, 'conversation-1'));
    server.use(
      http.get(`${API}/api/messages/conversations/conversation-1/messages`, async () => {
        await delay(100);
        return HttpResponse.json({ success: true, data: [] });
      }),
    );
    const stop = subscribe();
    const reload = queryClient.refetchQueries({
      queryKey: messageKeys.conversation('conversation-1'),
    });
    await wait(20);
    FakeEventSource.last?.send(
      'message',
      buildMessage({ id: 'live-m2', conversation_id: 'conversation-1' }),
    );
    await reload;
    const pages = defined(
      queryClient.getQueryData(messageQueries.conversation(client, 'conversation-1').queryKey),
    );
    expect(pages.pages.at(-1)?.map((m) => m.id)).toEqual(['live-m2']);
    stop();
  });

  it('polls every interval while the stream is down and stops once it is back', async () => {
    const { client, queryClient } = world;
    await queryClient.fetchQuery(notificationQueries.unreadCount(client));
    const key = notificationKeys.unreadCount();
    const modes: string[] = [];
    const stop = subscribe({ pollIntervalMs: 20, modes });
    FakeEventSource.last?.fail(false);
    expect(modes).toEqual(['polling']);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    await wait(50);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);

    FakeEventSource.last?.open();
    expect(modes).toEqual(['polling', 'live']);
    await queryClient.refetchQueries({ queryKey: key });
    await wait(50);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    stop();
  });

  it('falls back to polling for good when the stream is closed, or when there is no EventSource', async () => {
    const modes: string[] = [];
    const stop = subscribe({ modes });
    FakeEventSource.last?.fail(true);
    expect(FakeEventSource.last?.readyState).toBe(2);
    expect(modes).toEqual(['polling']);
    stop();

    const noStream: string[] = [];
    const stopPolling = subscribeToLiveEvents({
      client: world.client,
      queryClient: world.queryClient,
      onModeChange: (mode) => noStream.push(mode),
    });
    expect(noStream).toEqual(['polling']);
    stopPolling();
  });
});
