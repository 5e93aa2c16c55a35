import { ApiError, CLIENT_ERROR_CODES } from '../http/ApiError.js';
import type { ApiContext } from '../http/context.js';
import { joinUrl } from '../http/createFetcher.js';
import { NO_TOKEN_MESSAGE } from '../http/messages.js';
import type { Message, Notification, UnreadCounts } from '../models.js';

/** The part of the browser's EventSource the client uses (so tests and old browsers can supply one). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent | Event) => void): void;
  close(): void;
}

export type EventSourceConstructor = new (url: string) => EventSourceLike;

/** EventSource.CLOSED: the browser gave up and will not reconnect by itself. */
export const EVENT_SOURCE_CLOSED = 2;

export interface LiveEventHandlers {
  notification?(notification: Notification): void;
  message?(message: Message): void;
  unread?(counts: UnreadCounts): void;
  open?(): void;
  /** `closed`: the stream will not come back by itself (401, not a stream, unreachable for good). */
  error?(info: { closed: boolean }): void;
}

export interface LiveEventStream {
  close(): void;
}

export function createEventsApi({ baseUrl, tokenStore, media }: ApiContext) {
  const streamUrl = () => {
    const token = tokenStore.get();
    if (!token) {
      throw new ApiError(NO_TOKEN_MESSAGE, { status: 0, code: CLIENT_ERROR_CODES.noToken });
    }
    // EventSource cannot set an Authorization header, so the contract allows the token in the query.
    return joinUrl(baseUrl, '/api/events', { token });
  };

  return {
    /** The URL of GET /api/events for the stored token. */
    streamUrl,

    /**
     * Opens the live event stream. Throws when there is no token or no EventSource to use
     * (Node without a polyfill); the subscription helper then polls instead.
     */
    open(
      handlers: LiveEventHandlers,
      options: { EventSource?: EventSourceConstructor } = {},
    ): LiveEventStream {
      const Source =
        options.EventSource ?? (globalThis as { EventSource?: EventSourceConstructor }).EventSource;
      if (!Source) throw new Error('EventSource is not available here');
      const source = new Source(streamUrl());
      const parse = <T>(event: MessageEvent | Event): T | undefined => {
        try {
          return JSON.parse(String((event as MessageEvent).data)) as T;
        } catch {
          return undefined;
        }
      };
      source.addEventListener('open', () => handlers.open?.());
      source.addEventListener('error', () =>
        handlers.error?.({ closed: source.readyState === EVENT_SOURCE_CLOSED }),
      );
      source.addEventListener('notification', (event) => {
        const notification = parse<Notification>(event);
        if (notification) handlers.notification?.(media.notification(notification));
      });
      source.addEventListener('message', (event) => {
        const message = parse<Message>(event);
        if (message) handlers.message?.(message);
      });
      source.addEventListener('unread', (event) => {
        const counts = parse<UnreadCounts>(event);
        if (counts) handlers.unread?.(counts);
      });
      return { close: () => source.close() };
    },
  };
}

export type EventsApi = ReturnType<typeof createEventsApi>;
