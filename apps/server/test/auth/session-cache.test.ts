import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionMember } from '../../src/auth/session-cache.js';
import type { SignedInMember } from '../../src/db/repositories/users.js';

const member = (id: string, name = `Member ${id}`) =>
  ({ id, display_name: name, following_count: 0 }) as SignedInMember;
const inAnHour = () => new Date(Date.now() + 3_600_000);

/** A clock the test moves, and a "database" that counts its lookups. */
function setUp(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const sessions = new Map<string, SessionMember>();
  let lookups = 0;
  const cache = createSessionCache({
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => now,
  });
  const find = async (hash: string) => {
    lookups += 1;
    return sessions.get(hash);
  };
  const signIn = async (hash: string) => cache.get(hash) ?? (await cache.load(hash, find));
  return {
    cache,
    sessions,
    find,
    signIn,
    lookups: () => lookups,
    advance: (ms: number) => {
      now += ms;
    },
    at: () => now,
  };
}

describe('the sign-in cache', () => {
  it('asks the database once for a session used again and again', async () => {
    const t = setUp();
    t.sessions.set('a', { member: member('1'), expiresAt: inAnHour() });

    for (let index = 0; index < 5; index += 1) expect((await t.signIn('a'))?.id).toBe('1');

    expect(t.lookups()).toBe(1);
  });

  it('keeps no answer for an unknown token, so it is asked again', async () => {
    const t = setUp();

    expect(await t.signIn('nobody')).toBeUndefined();
    expect(await t.signIn('nobody')).toBeUndefined();

    expect(t.lookups()).toBe(2);
    expect(t.cache.size).toBe(0);
  });

  it('asks again once the time to live has passed', async () => {
    const t = setUp({ ttlMs: 1_000 });
    t.sessions.set('a', { member: member('1'), expiresAt: inAnHour() });
    await t.signIn('a');

    t.advance(999);
    await t.signIn('a');
    expect(t.lookups()).toBe(1);

    t.advance(1);
    t.sessions.delete('a'); // revoked behind the server's back
    expect(await t.signIn('a')).toBeUndefined();
    expect(t.lookups()).toBe(2);
  });

  it('never serves a session past its own expiry, however fresh the entry', async () => {
    const t = setUp({ ttlMs: 60_000 });
    t.sessions.set('a', { member: member('1'), expiresAt: new Date(t.at() + 500) });
    await t.signIn('a');

    t.advance(500);

    expect(t.cache.get('a')).toBeUndefined();
  });

  it('forgets every session of a member who changed, and only theirs', async () => {
    const t = setUp();
    t.sessions.set('phone', { member: member('1'), expiresAt: inAnHour() });
    t.sessions.set('laptop', { member: member('1'), expiresAt: inAnHour() });
    t.sessions.set('other', { member: member('2'), expiresAt: inAnHour() });
    for (const hash of ['phone', 'laptop', 'other']) await t.signIn(hash);

    t.cache.forgetMember('1');

    expect(t.cache.get('phone')).toBeUndefined();
    expect(t.cache.get('laptop')).toBeUndefined();
    expect(t.cache.get('other')?.id).toBe('2');
  });

  it('does not keep an answer read while the member was being forgotten', async () => {
    const t = setUp();
    t.sessions.set('a', { member: member('1', 'Old name'), expiresAt: inAnHour() });
    let answer: (value: SessionMember | undefined) => void = () => {};
    // The lookup reads the row from before the change and answers after the change is announced.
    const slowFind = () =>
      new Promise<SessionMember | undefined>((resolve) => {
        answer = resolve;
      });
    const loading = t.cache.load('a', slowFind);
    t.cache.forgetMember('1');
    answer({ member: member('1', 'Old name'), expiresAt: inAnHour() });

    expect((await loading)?.display_name).toBe('Old name');
    expect(t.cache.get('a')).toBeUndefined();
  });

  it('holds at most maxEntries sessions, dropping the oldest first', async () => {
    const t = setUp({ maxEntries: 2 });
    for (const hash of ['a', 'b', 'c']) {
      t.sessions.set(hash, { member: member(hash), expiresAt: inAnHour() });
      await t.signIn(hash);
    }

    expect(t.cache.size).toBe(2);
    expect(t.cache.get('a')).toBeUndefined();
    expect(t.cache.get('c')?.id).toBe('c');
  });

  it('starts afresh when cleared', async () => {
    const t = setUp();
    t.sessions.set('a', { member: member('1'), expiresAt: inAnHour() });
    await t.signIn('a');

    t.cache.clear();
    await t.signIn('a');

    expect(t.lookups()).toBe(2);
  });
});
