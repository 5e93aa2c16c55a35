import { describe, expect, it } from 'vitest';
import { createDecoyVerifier, hashPassword, verifyPassword } from '../../src/auth/passwords.js';
import { createSessionToken, hashSessionToken } from '../../src/auth/tokens.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse', 10);

    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  });

  it('salts every hash, so one password never gives the same hash twice', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });

  it('keeps its parameters with the hash, so a hash of another cost still verifies', async () => {
    const cheap = await hashPassword('pass phrase', 10);
    const dearer = await hashPassword('pass phrase', 12);

    expect(cheap).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(dearer).toMatch(/^scrypt\$12\$8\$1\$/);
    expect(await verifyPassword('pass phrase', cheap)).toBe(true);
    expect(await verifyPassword('pass phrase', dearer)).toBe(true);
  });

  it('hashes at the OWASP cost (N=2^17) within the memory Node allows it', async () => {
    const hash = await hashPassword('production cost', 17);

    expect(await verifyPassword('production cost', hash)).toBe(true);
  });

  it('refuses a stored value that is not one of its hashes', async () => {
    expect(await verifyPassword('anything', 'plain text')).toBe(false);
  });

  it('spends a real password check on an unknown account', async () => {
    const decoy = createDecoyVerifier(12);
    await decoy.ready();
    const known = await hashPassword('other', 12);

    const timeOf = async (check: () => Promise<unknown>) => {
      const started = process.hrtime.bigint();
      for (let round = 0; round < 3; round += 1) await check();
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const decoyMs = await timeOf(() => decoy.verify('guess'));
    const knownMs = await timeOf(() => verifyPassword('guess', known));

    // Same work, so the same time give or take a busy machine's noise; no work would be ~0.
    expect(decoyMs).toBeGreaterThan(knownMs * 0.4);
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
