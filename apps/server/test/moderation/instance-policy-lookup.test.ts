import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instancePolicyOf } from '../../src/db/repositories/instances.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { registerMember, type TestMember } from '../members.js';

// What the federation code reads on every activity: the policy moderators set through the API.
describe('instancePolicyOf', () => {
  let testApp: TestApp;
  let moderator: TestMember;
  beforeAll(async () => {
    testApp = await createTestApp();
    moderator = await registerMember(testApp.app);
    await testApp.app.repositories.moderation.setRole(moderator.id, 'moderator');
  });
  afterAll(() => testApp.close());

  const call = (method: 'PUT' | 'DELETE', host: string, payload?: object) =>
    testApp.app.inject({
      method,
      url: `/api/moderation/instances/${host}`,
      headers: moderator.headers,
      ...(payload ? { payload } : {}),
    });
  const policyOf = (host: string) => instancePolicyOf(testApp.database.kysely, host);

  it('reads the policy in force, for the host in any case, and null once it is lifted', async () => {
    expect(await policyOf('spam.example')).toBeNull();

    expect(
      (await call('PUT', 'spam.example', { policy: 'silence', reason: 'Noisy' })).statusCode,
    ).toBe(200);
    expect(await policyOf('spam.example')).toBe('silence');
    expect(
      (await call('PUT', 'spam.example', { policy: 'suspend', reason: 'Spam' })).statusCode,
    ).toBe(200);
    expect(await policyOf('SPAM.example')).toBe('suspend');
    expect(await testApp.app.repositories.instances.policyOf('spam.example')).toBe('suspend');

    expect((await call('DELETE', 'spam.example')).statusCode).toBe(200);
    expect(await policyOf('spam.example')).toBeNull();
  });

  it('tells a host with a port from the same host without one', async () => {
    expect(
      (await call('PUT', 'ported.example:8443', { policy: 'suspend', reason: 'Spam' })).statusCode,
    ).toBe(200);
    expect(await policyOf('ported.example:8443')).toBe('suspend');
    expect(await policyOf('ported.example')).toBeNull();
  });
});
