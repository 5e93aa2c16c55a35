import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPasswordWithScrypt } from '../../../src/auth/passwords.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember } from '../../members.js';

describe('passwords hashed before Argon2id', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const login = (email: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const storedHash = async (id: string) =>
    (
      await testApp.database.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
  const storeHash = (id: string, hash: string) =>
    testApp.database.kysely
      .updateTable('users')
      .set({ password_hash: hash })
      .where('id', '=', id)
      .execute();

  it('signs in a member whose stored hash is scrypt, then keeps an Argon2id hash that works', async () => {
    const member = await registerMember(testApp.app);
    const scryptHash = await hashPasswordWithScrypt(member.password, 10);
    await storeHash(member.id, scryptHash);

    const first = await login(member.email, member.password);

    expect(first.statusCode).toBe(200);
    const upgraded = await storedHash(member.id);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);
    const second = await login(member.email, member.password);
    expect(second.statusCode).toBe(200);
    expect(await storedHash(member.id)).toBe(upgraded);
  });

  it('keeps the scrypt hash when the password is wrong', async () => {
    const member = await registerMember(testApp.app);
    const scryptHash = await hashPasswordWithScrypt(member.password, 10);
    await storeHash(member.id, scryptHash);

    const response = await login(member.email, 'not the password');

    expect(response.statusCode).toBe(401);
    expect(await storedHash(member.id)).toBe(scryptHash);
  });

  it('stores new members with Argon2id', async () => {
    const member = await registerMember(testApp.app);

    expect(await storedHash(member.id)).toMatch(/^\$argon2id\$/);
  });
});
