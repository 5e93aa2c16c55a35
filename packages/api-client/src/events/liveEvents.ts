import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { WhispClient } from '../client.js';
import { NOTIFICATION_POLL_INTERVAL_MS } from '../contract/limits.js';
import { appendMessage } from '../messages/messages.queries.js';
import type { Message, Notification, UnreadCounts } from '../models.js';
import { prependNotification } from '../notifications/notifications.queries.js';
import { messageKeys, notificationKeys } from '../query/keys.js';
import type { EventSourceConstructor, LiveEventStream } from './events.api.js';

export interface LiveEventsOptions {
  client: WhispClient;
  queryClient: QueryClient;
  /** Defaults to the browser's; without one (Node, old browsers) the helper polls. */
  EventSource?: EventSourceConstructor;
  pollIntervalMs?: number;
  onNotification?(notification: Notification): void;
  onMessage?(message: Message): void;
  /** `live` while the stream is open, `polling` while it is not. */
  onModeChange?(mode: 'live' | 'polling'): void;
}

/**
 * Keeps notifications, messages and the unread badges current for the signed-in member: from the
 * live event stream while it is open, and by reloading every 30 seconds (product-spec section 4)
 * while it is not: before it opens, while the browser reconnects, or for good when it cannot.
 * Returns the function that stops it all.
 */
export function subscribeToLiveEvents(options: LiveEventsOptions): () => void {
  const { client, queryClient } = options;
  const interval = options.pollIntervalMs ?? NOTIFICATION_POLL_INTERVAL_MS;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stream: LiveEventStream | undefined;
  let stopped = false;
  // Counts events, so that only the newest `unread` is applied when several wait on a cancel.
  let unreadEvents = 0;

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount() }),
      queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
    ]);

  const startPolling = () => {
    if (timer !== undefined || stopped) return;
    timer = setInterval(() => void reload(), interval);
    options.onModeChange?.('polling');
  };
  const stopPolling = () => {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
  };

  try {
    stream = client.events.open(
      {
        open: () => {
          stopPolling();
          options.onModeChange?.('live');
          // Whatever happened while the stream was down is fetched once.
          void reload();
        },
        error: ({ closed }) => {
          if (closed) stream?.close();
          startPolling();
        },
        notification: (notification) => {
          applyAcrossFetch(queryClient, notificationKeys.lists(), () =>
            prependNotification(queryClient, notification),
          );
          options.onNotification?.(notification);
        },
        message: (message) => {
          applyAcrossFetch(queryClient, messageKeys.conversation(message.conversation_id), () =>
            appendMessage(queryClient, message),
          );
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversations() });
          options.onMessage?.(message);
        },
        unread: (counts: UnreadCounts) => {
          // A count fetch still in flight (the first load, or the reload when the stream opened)
          // was answered before this event, so it would overwrite it with an older number when it
          // lands: cancel it first. A cancelled fetch reverts its query, so set after the cancel.
          const event = ++unreadEvents;
          void Promise.all([
            queryClient.cancelQueries({ queryKey: notificationKeys.unreadCount(), exact: true }),
            queryClient.cancelQueries({ queryKey: messageKeys.unreadCount(), exact: true }),
          ]).then(() => {
            if (event !== unreadEvents || stopped) return;
            queryClient.setQueryData(notificationKeys.unreadCount(), counts.notifications);
            queryClient.setQueryData(messageKeys.unreadCount(), counts.messages);
          });
        },
      },
      { EventSource: options.EventSource },
    );
  } catch {
    // No EventSource here, or no token yet: polling still keeps the badges right.
    startPolling();
  }

  return () => {
    stopped = true;
    stopPolling();
    stream?.close();
  };
}

/**
 * Applies a live update to a cached query now, and again once a fetch of it that is in flight has
 * landed. That fetch may have been answered before the update happened (the reload when the stream
 * opens, a first load), and landing would replace the update with the older answer. `apply` must
 * be idempotent: when the answer already has the update, the second call changes nothing.
 */
function applyAcrossFetch(queryClient: QueryClient, queryKey: QueryKey, apply: () => void) {
  apply();
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus === 'idle') return;
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') unsubscribe();
    else if (query.state.fetchStatus === 'idle') {
      unsubscribe();
      apply();
    }
  });
}
