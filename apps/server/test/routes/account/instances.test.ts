import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { App } from '../../../src/app.js';
import { tokenOf } from '../../contract/account-helpers.js';
import { readOutbox } from '../../contract/target.js';
import { registerMember, type TestMember } from '../../members.js';
import { openTwoInstances, type TwoInstances } from '../../two-instances.js';

// Two instances on one database and one bus, as behind a load balancer: what ends a session on
// one is refused at once by the other, although the other had the session in its cache.
describe('sessions ended on one instance are refused at once on another', () => {
  let instances: TwoInstances;
  let a: App;
  let b: App;
  beforeAll(async () => {
    instances = await openTwoInstances({ inProcessBus: true });
    ({ a, b } = instances);
  });
  afterAll(() => instances?.close());

  const me = (app: App, token: string) =>
    app.inject({
      method: 'GET',
      url: '/api/users/me/sessions',
      headers: { authorization: `Bearer ${token}` },
    });

  async function secondSession(member: TestMember) {
    const response = await b.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(response.statusCode, response.body).toBe(200);
    const token = response.json().data.token as string;
    // Cached by b from here on.
    expect((await me(b, token)).statusCode).toBe(200);
    return token;
  }

  it('after ending a session', async () => {
    const member = await registerMember(a);
    const other = await secondSession(member);
    const listed = (await me(a, member.token)).json().data as { id: string; current: boolean }[];
    const otherId = listed.find((session) => !session.current)?.id;

    const ended = await a.inject({
      method: 'DELETE',
      url: `/api/users/me/sessions/${otherId}`,
      headers: member.headers,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await me(b, other)).statusCode).toBe(401);
  });

  it('after a password change', async () => {
    const member = await registerMember(a);
    const other = await secondSession(member);
    const changed = await a.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: member.headers,
      payload: { current_password: member.password, new_password: 'another passphrase' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(b, other)).statusCode).toBe(401);
    expect((await me(b, member.token)).statusCode).toBe(200);
  });

  it('after a password reset', async () => {
    const member = await registerMember(a);
    const other = await secondSession(member);
    await a.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: member.email },
    });
    const mail = await vi.waitFor(
      async () => {
        const sent = await readOutbox(instances.config.dataDir);
        const found = sent.find((candidate) => candidate.to === member.email);
        if (!found) throw new Error('The reset mail has not been written yet');
        return found;
      },
      { timeout: 10_000, interval: 50 },
    );
    const token = tokenOf(mail);

    const reset = await a.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'another passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await me(b, other)).statusCode).toBe(401);
    expect((await me(b, member.token)).statusCode).toBe(401);
  });
});
