import { Temporal } from '@js-temporal/polyfill';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSessionToken } from '../../../src/auth/tokens.js';
import type { Config } from '../../../src/config.js';
import { DatabaseKvStore } from '../../../src/federation/kv-store.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember, type TestMember } from '../../members.js';

// Often enough that the test sees several sweeps in a moment.
const SWEEP_EVERY_MS = 50;

/** A server with one member, and how to sign that member in and look at their stored sessions. */
function setUp(endedSessionsSweep?: Config['endedSessionsSweep']) {
  const world = {} as { testApp: TestApp; member: TestMember };
  beforeAll(async () => {
    world.testApp = await createTestApp({
      config: endedSessionsSweep ? { endedSessionsSweep } : {},
    });
    world.member = await registerMember(world.testApp.app);
  });
  afterAll(() => world.testApp.close());

  return {
    world,
    async signIn() {
      const response = await world.testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: world.member.email, password: world.member.password },
      });
      return response.json().data.token as string;
    },
    me: (token: string) =>
      world.testApp.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      }),
    async storedHashes() {
      const rows = await world.testApp.database.kysely
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', world.member.id)
        .execute();
      return rows.map((row) => row.token_hash);
    },
  };
}

describe('the sweep of ended sessions', () => {
  const { world, signIn, me, storedHashes } = setUp({
    firstAfterMs: SWEEP_EVERY_MS,
    everyMs: SWEEP_EVERY_MS,
  });

  it('deletes signed-out and expired sessions and keeps the ones still signed in', async () => {
    const [signedOut, expired, live] = [await signIn(), await signIn(), await signIn()];
    await world.testApp.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${signedOut}` },
    });
    await world.testApp.database.kysely
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashSessionToken(expired))
      .execute();

    await vi.waitFor(
      async () => {
        const hashes = await storedHashes();
        expect(hashes).not.toContain(hashSessionToken(signedOut));
        expect(hashes).not.toContain(hashSessionToken(expired));
      },
      { timeout: 5_000, interval: SWEEP_EVERY_MS },
    );
    expect((await storedHashes()).sort()).toEqual(
      [hashSessionToken(world.member.token), hashSessionToken(live)].sort(),
    );
    expect((await me(live)).statusCode).toBe(200);
    expect((await me(world.member.token)).statusCode).toBe(200);
    expect((await me(signedOut)).statusCode).toBe(401);
    expect((await me(expired)).statusCode).toBe(401);
  });

  it('deletes the federation store’s expired entries and keeps the others', async () => {
    const store = new DatabaseKvStore(world.testApp.database.kysely);
    const lasting = Temporal.Duration.from({ hours: 1 });
    await store.set(['sweep', 'kept'], 1, { ttl: lasting });
    await store.set(['sweep', 'forever'], 2);
    await store.set(['sweep', 'gone'], 3, { ttl: lasting });
    await world.testApp.database.kysely
      .updateTable('fedify_kv')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(sql<boolean>`key = array['sweep', 'gone']`)
      .execute();

    await vi.waitFor(
      async () => {
        const keys = await world.testApp.database.kysely
          .selectFrom('fedify_kv')
          .select('key')
          .where(sql<boolean>`key[1] = 'sweep'`)
          .execute();
        expect(keys.map((row) => row.key[1]).sort()).toEqual(['forever', 'kept']);
      },
      { timeout: 5_000, interval: SWEEP_EVERY_MS },
    );
  });
});

describe('deleting ended sessions', () => {
  // No sweep of its own runs here (the tests' default), so every count below is this call's.
  const { world, signIn, storedHashes } = setUp();

  it('deletes a backlog larger than one batch, all of it, and nothing else', async () => {
    const ended = await Promise.all(Array.from({ length: 7 }, signIn));
    const live = await signIn();
    await world.testApp.database.kysely
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where(
        'token_hash',
        'in',
        ended.map((token) => hashSessionToken(token)),
      )
      .execute();

    const deleted = await world.testApp.app.repositories.sessions.deleteEnded(new Date(), 3);

    expect(deleted).toBe(7);
    expect((await storedHashes()).sort()).toEqual(
      [hashSessionToken(world.member.token), hashSessionToken(live)].sort(),
    );
  });
});
