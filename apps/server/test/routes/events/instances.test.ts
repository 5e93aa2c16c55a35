import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/app.js';
import { createDatabase } from '../../../src/db/create-database.js';
import type { Database } from '../../../src/db/database.js';
import { createInProcessBus } from '../../../src/events/bus.js';
import { openMigratedTestDatabase, postgresUrl, quietDatabaseLogger } from '../../helpers.js';
import { registerMember } from '../../members.js';
import { listen } from './live-app.js';
import { openEventStream } from './sse.js';

// Two server instances behind one load balancer: a member's stream is held by one, the write
// lands on the other. With PostgreSQL each instance has its own pool and its own LISTEN
// connection, exactly as two processes would. The embedded database can only be opened by one
// process, so without DATABASE_URL the test shows the in-process bus carrying events between two
// apps that share it; CI's PostgreSQL pass runs the real thing.
const title = postgresUrl
  ? 'delivers a message sent through one instance to a stream held open on another (PostgreSQL LISTEN/NOTIFY)'
  : 'without DATABASE_URL: delivers a message between two apps sharing the in-process bus (the PostgreSQL pass tests two instances)';

describe('several server instances', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let writer: App;
  let holder: App;
  let holderUrl: string;
  // Opening the database and two apps can take long on a busy machine: the hook's time limit
  // covers it, the test's covers the delivery.
  beforeAll(async () => {
    const testDatabase = await openMigratedTestDatabase();
    cleanups.push(() => testDatabase.destroy());
    const { config } = testDatabase;

    let secondDatabase: Database = testDatabase.database;
    const sharedBus = postgresUrl ? undefined : createInProcessBus();
    if (postgresUrl) {
      // A second pool on the same schema: what another process would open.
      secondDatabase = await createDatabase(config, quietDatabaseLogger);
      cleanups.push(() => secondDatabase.close());
    }
    const instances: { app: App; baseUrl: string }[] = [];
    for (const database of [testDatabase.database, secondDatabase]) {
      const instance = await listen(config, database, { bus: sharedBus });
      instances.push(instance);
      cleanups.push(() => instance.app.close());
    }
    [{ app: writer }, { app: holder, baseUrl: holderUrl }] = instances as [
      { app: App; baseUrl: string },
      { app: App; baseUrl: string },
    ];
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(title, async () => {
    if (postgresUrl) expect(writer.liveEvents.bus).not.toBe(holder.liveEvents.bus);
    else expect(writer.liveEvents.bus).toBe(holder.liveEvents.bus);

    const sender = await registerMember(writer);
    const recipient = await registerMember(writer);
    const stream = await openEventStream(`${holderUrl}/api/events?token=${recipient.token}`);
    cleanups.push(async () => stream.close());
    expect(stream.status).toBe(200);
    await stream.next((item) => item.event === 'unread', 5_000);

    const sent = await writer.inject({
      method: 'POST',
      url: '/api/messages',
      headers: sender.headers,
      payload: { recipient_id: recipient.id, content: 'From the other instance' },
    });
    expect(sent.statusCode).toBe(201);

    const message = await stream.next((item) => item.event === 'message', 2_000);
    expect(message.data).toMatchObject({
      id: sent.json().data.id,
      content: 'From the other instance',
      sender_id: sender.id,
    });
    await stream.next(
      (item) => item.event === 'unread' && (item.data as { messages: number }).messages === 1,
    );
  });
});
