import { testMessageQueue } from '@fedify/testing';
import { Temporal } from '@js-temporal/polyfill';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseKvStore } from '../../src/federation/kv-store.js';
import { DatabaseMessageQueue } from '../../src/federation/message-queue.js';
import { openMigratedTestDatabase } from '../helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openDatabase() {
  const testDatabase = await openMigratedTestDatabase();
  cleanups.push(() => testDatabase.destroy());
  return testDatabase.database.kysely;
}

async function collect<T>(iterable: AsyncIterable<T>) {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('DatabaseMessageQueue', () => {
  // Both queues share one database, as two instances would; the suite checks each message
  // reaches exactly one listener, delays are kept, and same-key messages run in order.
  it('passes Fedify’s message queue conformance suite', async () => {
    const db = await openDatabase();
    await testMessageQueue(
      () => new DatabaseMessageQueue(db, { pollIntervalMs: 200 }),
      ({ controller }) => controller.abort(),
      { testOrderingKey: true },
    );
  }, 120_000);

  it('keeps messages for a listener that starts later', async () => {
    const db = await openDatabase();
    await new DatabaseMessageQueue(db).enqueueMany([{ n: 1 }, { n: 2 }]);
    const received: unknown[] = [];
    const controller = new AbortController();
    const listening = new DatabaseMessageQueue(db, { pollIntervalMs: 50 }).listen(
      (message) => {
        received.push(message);
        if (received.length === 2) controller.abort();
      },
      { signal: controller.signal },
    );
    await listening;
    expect(received).toEqual([{ n: 1 }, { n: 2 }]);
    const left = await db.selectFrom('fedify_messages').select('id').execute();
    expect(left).toEqual([]);
  });

  it('drops a message whose handler throws and goes on with the next', async () => {
    const db = await openDatabase();
    const queue = new DatabaseMessageQueue(db, { pollIntervalMs: 50 });
    await queue.enqueueMany(['fails', 'works']);
    const errors: unknown[] = [];
    const received: unknown[] = [];
    const controller = new AbortController();
    await new DatabaseMessageQueue(db, {
      pollIntervalMs: 50,
      log: { error: (details) => errors.push(details) },
    }).listen(
      (message) => {
        if (message === 'fails') throw new Error('boom');
        received.push(message);
        controller.abort();
      },
      { signal: controller.signal },
    );
    expect(received).toEqual(['works']);
    expect(errors).toHaveLength(1);
    expect(await queue.getDepth()).toEqual({ queued: 0, ready: 0, delayed: 0 });
  });

  it('hands a message over after its lease ends, as when an instance died mid-way', async () => {
    const db = await openDatabase();
    await new DatabaseMessageQueue(db).enqueue('orphan');
    // Claimed by an instance that is gone: its lease ran out a minute ago.
    await sql`update fedify_messages set claimed_until = now() - interval '1 minute'`.execute(db);
    const controller = new AbortController();
    const received: unknown[] = [];
    await new DatabaseMessageQueue(db, { pollIntervalMs: 50 }).listen(
      (message) => {
        received.push(message);
        controller.abort();
      },
      { signal: controller.signal },
    );
    expect(received).toEqual(['orphan']);
  });

  it('counts ready and delayed messages, per queue name', async () => {
    const db = await openDatabase();
    const inbox = new DatabaseMessageQueue(db, { queue: 'inbox' });
    await inbox.enqueue('now');
    await inbox.enqueue('later', { delay: Temporal.Duration.from({ minutes: 5 }) });
    await new DatabaseMessageQueue(db, { queue: 'outbox' }).enqueue('elsewhere');
    expect(await inbox.getDepth()).toEqual({ queued: 2, ready: 1, delayed: 1 });
  });
});

describe('DatabaseKvStore', () => {
  it('gets, sets, overwrites and deletes JSON values under list keys', async () => {
    const store = new DatabaseKvStore(await openDatabase());
    expect(await store.get(['a'])).toBeUndefined();
    await store.set(['a'], 'text');
    expect(await store.get(['a'])).toBe('text');
    await store.set(['a'], { nested: [1, null, true] });
    expect(await store.get(['a'])).toEqual({ nested: [1, null, true] });
    await store.delete(['a']);
    expect(await store.get(['a'])).toBeUndefined();
  });

  it('shares values between stores on one database', async () => {
    const db = await openDatabase();
    await new DatabaseKvStore(db).set(['shared', 'key'], 42);
    expect(await new DatabaseKvStore(db).get(['shared', 'key'])).toBe(42);
  });

  it('reads an expired value as absent', async () => {
    const store = new DatabaseKvStore(await openDatabase());
    await store.set(['short'], 1, { ttl: Temporal.Duration.from({ milliseconds: 100 }) });
    await store.set(['long'], 2, { ttl: Temporal.Duration.from({ hours: 1 }) });
    expect(await store.get(['short'])).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await store.get(['short'])).toBeUndefined();
    expect(await store.get(['long'])).toBe(2);
    expect(await collect(store.list())).toEqual([{ key: ['long'], value: 2 }]);
    expect(await store.deleteExpired()).toBe(1);
  });

  it('swaps a value only when it is the one expected', async () => {
    const store = new DatabaseKvStore(await openDatabase());
    expect(await store.cas(['c'], undefined, { v: 1 })).toBe(true);
    expect(await store.cas(['c'], undefined, { v: 9 })).toBe(false);
    expect(await store.cas(['c'], { v: 2 }, { v: 9 })).toBe(false);
    expect(await store.cas(['c'], { v: 1 }, { v: 2 })).toBe(true);
    expect(await store.get(['c'])).toEqual({ v: 2 });

    await store.set(['gone'], 'old', { ttl: Temporal.Duration.from({ milliseconds: 50 }) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await store.cas(['gone'], 'old', 'new')).toBe(false);
    expect(await store.cas(['gone'], undefined, 'new')).toBe(true);
    expect(await store.get(['gone'])).toBe('new');
  });

  it('lists the entries under a key prefix', async () => {
    const store = new DatabaseKvStore(await openDatabase());
    await store.set(['cache', 'x'], 1);
    await store.set(['cache', 'y', 'z'], 2);
    await store.set(['cache'], 0);
    await store.set(['cachet'], 3);
    await store.set(['other', 'x'], 4);
    const listed = await collect(store.list(['cache']));
    expect(listed).toEqual([
      { key: ['cache'], value: 0 },
      { key: ['cache', 'x'], value: 1 },
      { key: ['cache', 'y', 'z'], value: 2 },
    ]);
    expect(await collect(store.list())).toHaveLength(5);
  });
});
