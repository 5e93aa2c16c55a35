import { describe, expect, it } from 'vitest';
import { ERRORS } from '../src/contract/errors.js';
import { ApiError, createMemoryTokenStore, createWhispClient } from '../src/index.js';
import { MOCK_OIDC_PROVIDER } from '../src/mocks/index.js';
import type { MockOidcAccount } from '../src/mocks/store/identities.js';
import { accountMutations, userKeys, userQueries } from '../src/react/index.js';
import { runMutation, setupQueryWorld } from './support/queryWorld.js';
import { API } from './support/recorder.js';

// A member who signed up with another account has no password (and here no email) on the mock
// server as on the real one (apps/server/test/routes/account-data/passwordless.test.ts): they
// set a password without a current one and confirm a deletion with their username.

const { world } = setupQueryWorld();

const NO_EMAIL: MockOidcAccount = {
  subject: 'example-kit',
  preferred_username: 'kit_no_mail',
  name: 'Kit',
  email: null,
  email_verified: false,
};

/** Signs up at the mocks' provider as a browser would, and answers the signed-in client. */
async function providerMember() {
  world.mock.store.answerOidcAs(MOCK_OIDC_PROVIDER.id, { account: NO_EMAIL });
  await fetch(`${API}/api/auth/oidc/${MOCK_OIDC_PROVIDER.id}/start`, { redirect: 'manual' });
  const client = createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(null) });
  const completion = await client.identities.complete();
  if (completion.status !== 'signed-in') throw new Error('expected a sign-in');
  return { client, user: completion.session.user };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('a member without a password on the mock server', () => {
  it('reads has_password false and a null email, where a member with one reads true', async () => {
    const { client, user } = await providerMember();
    expect(user).toMatchObject({ email: null, has_password: false });
    expect(await client.users.me()).toMatchObject({ email: null, has_password: false });
    expect((await world.client.users.me()).has_password).toBe(true);
  });

  it('sets a password without the current one, then needs it like anyone', async () => {
    const { client } = await providerMember();
    const given = await refusal(
      client.account.changePassword({ current_password: 'a guess', new_password: 'first one!' }),
    );
    expect(given).toMatchObject({ code: ERRORS.wrongPassword.code });

    expect(await client.account.changePassword({ new_password: 'first one!' })).toEqual({
      message: 'Your password has been changed.',
    });

    expect((await client.users.me()).has_password).toBe(true);
    const asked = await refusal(client.account.changePassword({ new_password: 'second one' }));
    expect(asked).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'current_password', message: 'Password is required' }],
    });
  });

  it('reads has_password true in the cached member once the first password is set', async () => {
    const { client } = await providerMember();
    await world.queryClient.fetchQuery(userQueries.me(client));

    await runMutation(
      world.queryClient,
      accountMutations.changePassword(client, world.queryClient),
      { new_password: 'first one!' },
    );

    expect(world.queryClient.getQueryData<{ has_password: boolean }>(userKeys.me())).toMatchObject({
      has_password: true,
    });
  });

  it('deletes the account with the username in any case, and not with another', async () => {
    const { client } = await providerMember();
    for (const confirmation of [{ username: 'someone_else' }, { username: '' }, 'a guess']) {
      const refused = await refusal(client.accountData.deleteAccount(confirmation));
      expect(refused.code).toBe(
        typeof confirmation === 'string' ? ERRORS.wrongPassword.code : ERRORS.wrongUsername.code,
      );
    }
    expect(world.mock.store.data.users.some((u) => u.username === 'kit_no_mail')).toBe(true);

    expect(await client.accountData.deleteAccount({ username: 'Kit_No_Mail' })).toEqual({
      message: 'Your account has been deleted.',
    });
    expect(world.mock.store.data.users.some((u) => u.username === 'kit_no_mail')).toBe(false);
    expect(client.tokenStore.get()).toBeNull();
  });

  it('refuses the username alone from a member who has a password', async () => {
    const me = await world.client.users.me();
    const refused = await refusal(
      world.client.accountData.deleteAccount({ username: me.username }),
    );
    expect(refused).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'password', message: 'Password is required' }],
    });
  });
});
