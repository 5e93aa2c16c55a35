import { sql } from 'kysely';
import type { Repositories } from '../db/repositories/index.js';
import { toMessage } from '../routes/messages/mappers.js';
import { toNotification } from '../routes/notifications/mappers.js';
import type { EventBus } from './bus.js';
import type { LiveEvent } from './live-event.js';

/** One open `GET /api/events` response. */
export interface LiveStream {
  readonly memberId: string;
  /** Writes raw SSE text; false once the client has gone. */
  write(text: string): boolean;
  end(): void;
  /**
   * Whether the session the stream was opened with still signs its member in. Asked when the
   * member's sessions may have changed (a `member` event: sign-out, suspension), so a stream
   * outlives neither.
   */
  isSignedIn?(): Promise<boolean>;
}

interface StreamState {
  stream: LiveStream;
  /** The id of the last event sent: `unread` events repeat it, Last-Event-ID resumes from it. */
  lastSeq: number;
  /** Recently sent ids, so a replay and a live delivery of one event send it once. */
  sent: Set<number>;
}

type Task =
  | { type: 'event'; event: LiveEvent }
  | { type: 'replay'; state: StreamState; afterSeq: number | undefined }
  | { type: 'recheck' };

export interface LiveEventHubOptions {
  bus: EventBus;
  /** Read when an event arrives (the repositories are made after the hub). */
  repositories: () => Repositories;
  readHighWaterMark: () => Promise<number>;
  heartbeatMs: number;
  log: { warn(details: object, message: string): void };
  /** WHISP_PUBLIC_URL: notifications name their actor with a link under it. */
  publicUrl: string;
}

// A stream resumed after a long absence gets this much; the client reloads its lists on open.
const REPLAY_LIMIT = 200;
const REMEMBERED_IDS = 500;

export function frame(event: string, id: number, data: unknown) {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * The open streams of this instance, by member. Each member's events are handled in order, one
 * at a time: a row is read once however many tabs the member has open, then written to each.
 */
export function createLiveEventHub(options: LiveEventHubOptions) {
  const streams = new Map<string, Set<StreamState>>();
  const queues = new Map<string, Task[]>();
  let closed = false;

  const heartbeat = setInterval(() => {
    for (const states of streams.values()) {
      for (const state of states) state.stream.write(': heartbeat\n\n');
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  const unsubscribe = options.bus.subscribe((event) => {
    // Whisps' own events are the Mastodon API's streams' (routes/mastodon/streaming.ts).
    if (event.kind.startsWith('status') || !streams.has(event.memberId)) return;
    // A `member` event is never sent down a stream: it makes the streams check their sessions.
    enqueue(
      event.memberId,
      event.kind === 'member' ? { type: 'recheck' } : { type: 'event', event },
    );
  });
  const stopResync = options.bus.onResync(() => {
    for (const [memberId, states] of streams) {
      for (const state of states)
        enqueue(memberId, { type: 'replay', state, afterSeq: state.lastSeq });
    }
  });

  function enqueue(memberId: string, task: Task) {
    const queue = queues.get(memberId);
    if (queue) {
      queue.push(task);
      return;
    }
    queues.set(memberId, [task]);
    void drain(memberId);
  }

  async function drain(memberId: string) {
    for (;;) {
      const tasks = queues.get(memberId) ?? [];
      if (tasks.length === 0) {
        queues.delete(memberId);
        return;
      }
      // Everything queued so far, then one `unread` with the counts after all of it.
      queues.set(memberId, []);
      try {
        for (const task of tasks) await run(memberId, task);
        await sendUnread(memberId);
      } catch (error) {
        options.log.warn({ err: error, memberId }, 'Could not deliver a live event');
      }
    }
  }

  function send(targets: Iterable<StreamState>, seq: number, event: string, data: unknown) {
    for (const state of targets) {
      if (state.sent.has(seq)) continue;
      state.sent.add(seq);
      if (state.sent.size > REMEMBERED_IDS) {
        state.sent.delete(state.sent.values().next().value as number);
      }
      state.lastSeq = Math.max(state.lastSeq, seq);
      state.stream.write(frame(event, state.lastSeq, data));
    }
  }

  async function run(memberId: string, task: Task) {
    const { notifications, messages } = options.repositories();
    if (task.type === 'recheck') {
      await endSignedOut(memberId);
      return;
    }
    if (task.type === 'replay') {
      await replay(memberId, task.state, task.afterSeq);
      return;
    }
    const { event } = task;
    const targets = streams.get(memberId);
    if (!targets || !event.id) return;
    if (event.kind === 'notification') {
      const row = await notifications.findOne(memberId, event.id);
      if (row) {
        send(targets, row.event_seq, 'notification', toNotification(row, options.publicUrl));
      }
    } else if (event.kind === 'message') {
      const row = await messages.findForMember(memberId, event.id);
      if (row) send(targets, row.event_seq, 'message', toMessage(row, memberId));
    }
  }

  /** Ends the member's streams whose session ended (signed out, or the member suspended). */
  async function endSignedOut(memberId: string) {
    for (const state of [...(streams.get(memberId) ?? [])]) {
      if (!state.stream.isSignedIn || (await state.stream.isSignedIn())) continue;
      state.stream.end();
      const current = streams.get(memberId);
      current?.delete(state);
      if (current?.size === 0) streams.delete(memberId);
    }
  }

  async function replay(memberId: string, state: StreamState, afterSeq: number | undefined) {
    if (afterSeq === undefined) {
      // A new stream starts from now; its first event (the counts) carries where "now" is.
      state.lastSeq = Math.max(state.lastSeq, await options.readHighWaterMark());
      return;
    }
    const { notifications, messages } = options.repositories();
    const [missedNotifications, missedMessages] = await Promise.all([
      notifications.since(memberId, afterSeq, REPLAY_LIMIT),
      messages.since(memberId, afterSeq, REPLAY_LIMIT),
    ]);
    const missed = [
      ...missedNotifications.map((row) => ({
        seq: row.event_seq,
        event: 'notification',
        data: toNotification(row, options.publicUrl) as unknown,
      })),
      ...missedMessages.map((row) => ({
        seq: row.event_seq,
        event: 'message',
        data: toMessage(row, memberId),
      })),
    ].sort((a, b) => a.seq - b.seq);
    // When either list was cut at the limit, stop where it was cut, so nothing is skipped
    // silently in between (the client reloads its lists when the stream opens anyway).
    const cutAt = Math.min(
      ...[missedNotifications, missedMessages]
        .filter((rows) => rows.length === REPLAY_LIMIT)
        .map((rows) => rows[rows.length - 1]?.event_seq ?? Number.POSITIVE_INFINITY),
    );
    state.lastSeq = Math.max(state.lastSeq, afterSeq);
    for (const item of missed) {
      if (item.seq <= cutAt) send([state], item.seq, item.event, item.data);
    }
  }

  async function sendUnread(memberId: string) {
    const targets = streams.get(memberId);
    if (!targets || targets.size === 0) return;
    const { notifications, messages } = options.repositories();
    const [notificationCount, messageCount] = await Promise.all([
      notifications.unreadCount(memberId),
      messages.unreadCount(memberId),
    ]);
    for (const state of targets) {
      state.stream.write(
        frame('unread', state.lastSeq, {
          notifications: notificationCount,
          messages: messageCount,
        }),
      );
    }
  }

  return {
    /**
     * Starts delivering to a stream: what it missed since `lastEventId` (when resuming), then the
     * unread counts, then every event as it happens. Returns the function that detaches it.
     */
    open(stream: LiveStream, lastEventId: number | undefined) {
      if (closed) {
        stream.end();
        return () => {};
      }
      const state: StreamState = { stream, lastSeq: 0, sent: new Set() };
      let states = streams.get(stream.memberId);
      if (!states) {
        states = new Set();
        streams.set(stream.memberId, states);
      }
      states.add(state);
      enqueue(stream.memberId, { type: 'replay', state, afterSeq: lastEventId });
      return () => {
        const current = streams.get(stream.memberId);
        current?.delete(state);
        if (current?.size === 0) streams.delete(stream.memberId);
      };
    },

    /** How many streams are open (for tests and shutdown logs). */
    get size() {
      let count = 0;
      for (const states of streams.values()) count += states.size;
      return count;
    },

    /** Ends every stream, so a shutdown is not held up by clients that never hang up. */
    close() {
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      stopResync();
      for (const states of streams.values()) {
        for (const state of states) state.stream.end();
      }
      streams.clear();
      queues.clear();
    },
  };
}

export type LiveEventHub = ReturnType<typeof createLiveEventHub>;

/** The newest event id handed out so far, across all members. */
export async function readSequenceHighWaterMark(
  db: Parameters<ReturnType<typeof sql>['execute']>[0],
): Promise<number> {
  const { rows } = await sql<{
    last_value: number | string;
  }>`select last_value from live_event_seq`.execute(db);
  return Number(rows[0]?.last_value ?? 0);
}
