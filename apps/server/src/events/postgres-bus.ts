import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from '../db/schema.js';
import { createListeners, type EventBus } from './bus.js';
import { LIVE_EVENT_KINDS, type LiveEvent } from './live-event.js';

export interface PostgresBusOptions {
  connectionString: string;
  /** Publishes through the app's pool: the listening connection only listens. */
  kysely: Kysely<DatabaseSchema>;
  log: { warn(details: object, message: string): void; info(message: string): void };
  /** First wait before reconnecting the listening connection; doubles up to 30 s. */
  reconnectDelayMs?: number;
}

// NOTIFY payloads must stay under 8000 bytes; an event is about 120.
const EVENTS_PER_NOTIFY = 40;
const MAX_RECONNECT_DELAY_MS = 30_000;

const isLiveEvent = (value: unknown): value is LiveEvent =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LiveEvent).memberId === 'string' &&
  LIVE_EVENT_KINDS.includes((value as LiveEvent).kind);

/**
 * LISTEN/NOTIFY, so that every server instance sharing the database delivers an event to the
 * streams it holds, whichever instance took the write. The channel is named after the schema,
 * so installations (or test runs) sharing one PostgreSQL server never hear each other.
 */
export async function createPostgresBus(options: PostgresBusOptions): Promise<EventBus> {
  const events = createListeners<[LiveEvent]>();
  const resyncs = createListeners<[]>();
  const firstDelay = options.reconnectDelayMs ?? 1_000;
  let client: pg.Client | undefined;
  let channel = '';
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let delay = firstDelay;

  async function connect() {
    const connection = new pg.Client({ connectionString: options.connectionString });
    connection.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      let batch: unknown;
      try {
        batch = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (!Array.isArray(batch)) return;
      for (const event of batch) if (isLiveEvent(event)) events.call(event);
    });
    connection.on('error', (error) => {
      options.log.warn({ err: error }, 'The live events connection to PostgreSQL failed');
      lost(connection);
    });
    connection.on('end', () => lost(connection));
    await connection.connect();
    try {
      const { rows } = await connection.query<{ schema: string }>(
        'select current_schema() as schema',
      );
      channel = `whisp_live_events:${rows[0]?.schema ?? 'public'}`;
      await connection.query(`LISTEN ${connection.escapeIdentifier(channel)}`);
    } catch (error) {
      await connection.end().catch(() => {});
      throw error;
    }
    client = connection;
  }

  function lost(connection: pg.Client) {
    if (client !== connection || closed) return;
    client = undefined;
    connection.removeAllListeners('end');
    void connection.end().catch(() => {});
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      try {
        await connect();
        delay = firstDelay;
        options.log.info('The live events connection to PostgreSQL is back');
        // Whatever was published while nobody listened is read from the database instead.
        resyncs.call();
      } catch (error) {
        options.log.warn({ err: error }, 'Reconnecting live events to PostgreSQL failed');
        delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
        scheduleReconnect();
      }
    }, delay);
    reconnectTimer.unref();
  }

  await connect();

  return {
    async publish(batch) {
      const sent: Promise<unknown>[] = [];
      for (let start = 0; start < batch.length; start += EVENTS_PER_NOTIFY) {
        const payload = JSON.stringify(batch.slice(start, start + EVENTS_PER_NOTIFY));
        sent.push(
          sql`select pg_notify(${channel}, ${payload})`.execute(options.kysely).catch((error) => {
            // The change itself is committed; streams catch up when they reconnect.
            options.log.warn({ err: error }, 'Publishing live events to PostgreSQL failed');
          }),
        );
      }
      // pg_notify's statement returns after PostgreSQL queued the notification for every
      // listening connection, so each instance has it before this instance answers anyone.
      await Promise.all(sent);
    },
    isListening: () => client !== undefined,
    subscribe: events.add,
    onResync: resyncs.add,
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      events.clear();
      resyncs.clear();
      const connection = client;
      client = undefined;
      await connection?.end().catch(() => {});
    },
  };
}
