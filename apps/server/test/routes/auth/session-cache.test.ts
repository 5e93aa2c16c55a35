import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../src/app.js';
import { hashSessionToken } from '../../../src/auth/tokens.js';
import { createInProcessBus, type EventBus } from '../../../src/events/bus.js';
import { openMigratedTestDatabase, type TestDatabase } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

/** An in-process bus whose connection the test can "lose" and bring back. */
function switchableBus() {
  const bus = createInProcessBus();
  let listening = true;
  const resyncs = new Set<() => void>();
  const switchable: EventBus = {
    ...bus,
    isListening: () => listening,
    onResync(listener) {
      resyncs.add(listener);
      return () => void resyncs.delete(listener);
    },
  };
  return {
    bus: switchable,
    lose() {
      listening = false;
    },
    comeBack() {
      listening = true;
      for (const listener of resyncs) listener();
    },
  };
}

// Two instances of the app on one database, as behind a load balancer, sharing one bus.
describe('sign-ins remembered between requests', () => {
  let testDatabase: TestDatabase;
  let a: App;
  let b: App;
  const connection = switchableBus();
  beforeAll(async () => {
    testDatabase = await openMigratedTestDatabase();
    const build = () =>
      buildApp({
        config: testDatabase.config,
        database: testDatabase.database,
        liveEvents: { bus: connection.bus },
      });
    a = await build();
    b = await build();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await testDatabase.destroy();
  });

  const me = (app: App, member: TestMember) =>
    app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
  const revokeInDatabase = (member: TestMember) =>
    testDatabase.database.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashSessionToken(member.token))
      .execute();

  it('refuses a token signed out on one instance at once on the other, which had it cached', async () => {
    const member = await registerMember(a);
    expect((await me(b, member)).statusCode).toBe(200);

    const logout = await a.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: member.headers,
    });
    expect(logout.statusCode).toBe(200);

    const after = await me(b, member);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await me(a, member)).statusCode).toBe(401);
  });

  it('shows a new display name and banner position at once on the other instance', async () => {
    const member = await registerMember(a, { display_name: 'Before' });
    expect((await me(b, member)).json().data.display_name).toBe('Before');

    await a.inject({
      method: 'POST',
      url: '/api/users/me',
      headers: member.headers,
      payload: { display_name: 'After' },
    });
    await a.inject({
      method: 'PUT',
      url: '/api/users/banner/position',
      headers: member.headers,
      payload: { position_x: 10, position_y: 90 },
    });

    const shown = (await me(b, member)).json().data;
    expect(shown.display_name).toBe('After');
    expect(shown).toMatchObject({ banner_position_x: 10, banner_position_y: 90 });
  });

  it('asks the database on every request while the bus may be missing announcements', async () => {
    const member = await registerMember(a);
    expect((await me(b, member)).statusCode).toBe(200);
    // Revoked behind the servers' back: nothing is announced, so the cached sign-in still works
    // (for at most the cache's time to live)...
    await revokeInDatabase(member);
    expect((await me(b, member)).statusCode).toBe(200);

    // ...but not while the bus is down, when an announcement could have been missed.
    connection.lose();
    try {
      expect((await me(b, member)).statusCode).toBe(401);
    } finally {
      connection.comeBack();
    }
  });

  it('starts afresh from the database when the bus comes back', async () => {
    const member = await registerMember(a);
    expect((await me(b, member)).statusCode).toBe(200);
    await revokeInDatabase(member);

    connection.lose();
    connection.comeBack();

    expect((await me(b, member)).statusCode).toBe(401);
  });
});
