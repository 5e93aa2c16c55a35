import { describe, expect, it } from 'vitest';
import {
  createDecoyVerifier,
  hashPassword,
  hashPasswordWithScrypt,
  needsRehash,
  verifyPassword,
} from '../../src/auth/passwords.js';
import { createSessionToken, hashSessionToken } from '../../src/auth/tokens.js';
import { DEFAULT_PASSWORD_HASH_MEMORY_MIB } from '../../src/config.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse', 1);

    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('salts every hash, so one password never gives the same hash twice', async () => {
    expect(await hashPassword('same', 1)).not.toBe(await hashPassword('same', 1));
  });

  it('hashes with Argon2id at OWASP strength (19 MiB, two passes, one lane) by default', async () => {
    const hash = await hashPassword('production cost', DEFAULT_PASSWORD_HASH_MEMORY_MIB);

    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('production cost', hash)).toBe(true);
    expect(needsRehash(hash, DEFAULT_PASSWORD_HASH_MEMORY_MIB)).toBe(false);
  });

  it('keeps its parameters with the hash, so a hash of another cost still verifies', async () => {
    const cheap = await hashPassword('pass phrase', 1);
    const dearer = await hashPassword('pass phrase', 4);

    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);
    expect(dearer).toMatch(/^\$argon2id\$v=19\$m=4096,t=2,p=1\$/);
    expect(await verifyPassword('pass phrase', cheap)).toBe(true);
    expect(await verifyPassword('pass phrase', dearer)).toBe(true);
    expect(needsRehash(cheap, 4)).toBe(true);
  });

  it('still verifies the scrypt hashes made before Argon2id, and marks them for a rehash', async () => {
    const old = await hashPasswordWithScrypt('old password', 10);

    expect(old).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(await verifyPassword('old passwort', old)).toBe(false);
    expect(needsRehash(old, 1)).toBe(true);
  });

  it('verifies a scrypt hash at the old production cost (N=2^17) within the memory Node allows it', async () => {
    const hash = await hashPasswordWithScrypt('production cost', 17);

    expect(await verifyPassword('production cost', hash)).toBe(true);
  });

  it('refuses a stored value that is not one of its hashes', async () => {
    for (const stored of [
      'plain text',
      '$argon2id$v=19$m=1024,t=2,p=1$garbage',
      'scrypt$30$8$1$a$b',
    ]) {
      expect(await verifyPassword('anything', stored), stored).toBe(false);
    }
  });

  it('spends a real password check on an unknown account: a full-cost hash, really verified', async () => {
    // By what the decoy does, not how long it takes (timings belong in benchmarks): its hash has
    // the parameters of a member's, and its answer can only come from checking against it.
    const decoy = createDecoyVerifier(8, 'the decoy secret');
    const decoyHash = await decoy.ready();

    expect(decoyHash).toMatch(/^\$argon2id\$v=19\$m=8192,t=2,p=1\$/);
    expect(needsRehash(decoyHash, 8)).toBe(false);
    expect(await decoy.ready()).toBe(decoyHash);
    expect(await decoy.verify('the decoy secret')).toBe(true);
    expect(await decoy.verify('guess')).toBe(false);
  });

  it('makes a server’s own decoy of a random secret, which no password tried matches', async () => {
    const decoy = createDecoyVerifier(1);

    for (const guess of ['', 'password', 'undefined', 'the decoy secret']) {
      expect(await decoy.verify(guess), guess).toBe(false);
    }
  });
});

describe('session tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, createSessionToken));

    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256', () => {
    expect(hashSessionToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
