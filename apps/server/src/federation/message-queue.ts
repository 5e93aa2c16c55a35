import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

export interface MessageQueueLog {
  error(details: object, message: string): void;
}

export interface DatabaseMessageQueueOptions {
  /** Rows of one queue name share a queue; Fedify may use one each for inbox, outbox, fan-out. */
  queue?: string;
  /** How often a listener looks for messages another instance enqueued or a delay released. */
  pollIntervalMs?: number;
  /**
   * How long a claimed message is this listener's. Longer than any handler runs (Fedify's
   * deliveries time out well within it); after it, another instance handles the message again.
   */
  leaseMs?: number;
  /** Messages claimed per statement. */
  batchSize?: number;
  log?: MessageQueueLog;
}

const DEFAULTS = { queue: 'default', pollIntervalMs: 500, leaseMs: 10 * 60_000, batchSize: 10 };

// Listeners in this process, per database: an enqueue wakes them at once instead of at the next
// poll. Other instances find the row by polling.
const listenersByDatabase = new WeakMap<Db, Set<() => void>>();

function wakeListeners(db: Db) {
  for (const wake of listenersByDatabase.get(db) ?? []) wake();
}

/**
 * Fedify's message queue in the fedify_messages table (0035_fedify_store_and_queue.sql): durable,
 * and shared by every instance on the database, each message handled by one of them.
 */
export class DatabaseMessageQueue implements MessageQueue {
  /** Fedify retries a failed message itself by enqueueing it again with its retry policy's delay. */
  readonly nativeRetrial = false;
  readonly #db: Db;
  readonly #options: Required<Omit<DatabaseMessageQueueOptions, 'log'>>;
  readonly #log: MessageQueueLog | undefined;

  constructor(db: Db, options: DatabaseMessageQueueOptions = {}) {
    this.#db = db;
    const { log, ...rest } = options;
    this.#options = { ...DEFAULTS, ...rest };
    this.#log = log;
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  async enqueueMany(
    messages: readonly unknown[],
    options?: MessageQueueEnqueueOptions,
  ): Promise<void> {
    if (messages.length === 0) return;
    const delaySeconds = options?.delay ? options.delay.total({ unit: 'millisecond' }) / 1000 : 0;
    await this.#db
      .insertInto('fedify_messages')
      .values(
        messages.map((message) => ({
          queue: this.#options.queue,
          message: sql`${JSON.stringify(message)}::jsonb`,
          ordering_key: options?.orderingKey ?? null,
          // The database's clock, as the claims compare against it.
          deliver_after: sql<Date>`now() + make_interval(secs => ${Math.max(0, delaySeconds)})`,
        })),
      )
      .execute();
    if (delaySeconds <= 0) wakeListeners(this.#db);
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const signal = options?.signal;
    let wake: (() => void) | undefined;
    let woken = false;
    const onWake = () => {
      woken = true;
      wake?.();
    };
    let listeners = listenersByDatabase.get(this.#db);
    if (!listeners) {
      listeners = new Set();
      listenersByDatabase.set(this.#db, listeners);
    }
    listeners.add(onWake);
    signal?.addEventListener('abort', onWake);
    try {
      while (!signal?.aborted) {
        woken = false;
        const handled = await this.#handleDue(handler, signal);
        if (handled > 0 || signal?.aborted) continue;
        // An enqueue during the pass must not wait for the next poll.
        if (woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#options.pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    } finally {
      listeners.delete(onWake);
      signal?.removeEventListener('abort', onWake);
    }
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const row = await this.#db
      .selectFrom('fedify_messages')
      .select([
        sql<string>`count(*)`.as('queued'),
        sql<string>`count(*) filter (where deliver_after <= now())`.as('ready'),
      ])
      .where('queue', '=', this.#options.queue)
      .where(unclaimed)
      .executeTakeFirstOrThrow();
    const queued = Number(row.queued);
    const ready = Number(row.ready);
    return { queued, ready, delayed: queued - ready };
  }

  /** One claim and its messages handled; how many were claimed. Never throws (listen must not). */
  async #handleDue(
    handler: (message: unknown) => Promise<void> | void,
    signal: AbortSignal | undefined,
  ): Promise<number> {
    let claimed: { id: string; message: unknown }[];
    try {
      claimed = await this.#claim();
    } catch (error) {
      this.#log?.error({ err: error }, 'Could not claim federation messages');
      return 0;
    }
    if (signal?.aborted) {
      // Stopping: the claim goes back to the queue at once, not after the lease.
      await this.#release(claimed.map((row) => row.id));
      return claimed.length;
    }
    // The claim's messages side by side: a delivery mostly waits on the other server, and one at
    // a time made a server that answers in 50 ms take 3 s to reach 50 servers (bench/federation).
    // A claim never holds two messages of one ordering key (#claim), so their order holds.
    await Promise.all(claimed.map((row) => this.#handleOne(handler, row)));
    return claimed.length;
  }

  async #handleOne(
    handler: (message: unknown) => Promise<void> | void,
    row: { id: string; message: unknown },
  ) {
    try {
      await handler(row.message);
    } catch (error) {
      // Fedify catches failures to retry them (nativeRetrial is false): one that still
      // reaches here would fail again, so it is logged and dropped rather than retried forever.
      this.#log?.error({ err: error }, 'A federation message handler failed');
    }
    try {
      await this.#db.deleteFrom('fedify_messages').where('id', '=', row.id).execute();
    } catch (error) {
      // It is handled again when its lease ends: Fedify's handlers tolerate a repeat.
      this.#log?.error({ err: error }, 'Could not remove a handled federation message');
    }
  }

  /**
   * `for update skip locked` keeps two instances from claiming one row at once; the lease keeps
   * it from being claimed again while it is handled. A row with an ordering key waits while an
   * older row with that key is left (queued, delayed or being handled), so those run in order.
   */
  async #claim() {
    const { queue, batchSize, leaseMs } = this.#options;
    const rows = await this.#db
      .updateTable('fedify_messages')
      .set({ claimed_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('fedify_messages as due')
          .select('due.id')
          .where('due.queue', '=', queue)
          .where('due.deliver_after', '<=', sql<Date>`now()`)
          .where(sql<SqlBool>`(due.claimed_until is null or due.claimed_until < now())`)
          .where(
            sql<SqlBool>`(due.ordering_key is null or not exists (
              select 1 from fedify_messages older
              where older.queue = due.queue
                and older.ordering_key = due.ordering_key
                and older.id < due.id
            ))`,
          )
          .orderBy('due.id')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'message'])
      .execute();
    // Oldest first: update … returning keeps no order.
    return rows.sort((a, b) => Number(BigInt(String(a.id)) - BigInt(String(b.id))));
  }

  async #release(ids: string[]) {
    if (ids.length === 0) return;
    try {
      await this.#db
        .updateTable('fedify_messages')
        .set({ claimed_until: null })
        .where('id', 'in', ids)
        .execute();
    } catch (error) {
      this.#log?.error({ err: error }, 'Could not release federation messages');
    }
  }
}

const unclaimed = sql<SqlBool>`(claimed_until is null or claimed_until < now())`;
