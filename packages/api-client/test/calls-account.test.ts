import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../src/contract/endpoints/account.js';
import type { AccountSession } from '../src/index.js';
import { accountKeys, accountMutations } from '../src/react/index.js';
import { clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const session = (id: string, current = false): AccountSession => ({
  id,
  created_at: '2026-11-25T10:00:00.000Z',
  last_used_at: '2026-11-25T11:00:00.000Z',
  user_agent: 'Mozilla/5.0 Firefox/133.0',
  current,
});

describe('account calls', () => {
  it('asks for a reset link without a token, even when one is stored', async () => {
    const seen = answer({ success: true, message: ACCOUNT_MESSAGES.passwordResetRequested });
    const result = await clientWith('old-token').account.requestPasswordReset('ada@example.com');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/password-reset/request',
      authorization: null,
      json: { email: 'ada@example.com' },
    });
    expect(result).toEqual({ message: ACCOUNT_MESSAGES.passwordResetRequested });
  });

  it('confirms a reset with the link’s token and the new password, without a session', async () => {
    const seen = answer({ success: true, message: ACCOUNT_MESSAGES.passwordReset });
    const result = await clientWith(null).account.confirmPasswordReset({
      token: 'tok',
      password: 'a new passphrase',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/password-reset/confirm',
      authorization: null,
      json: { token: 'tok', password: 'a new passphrase' },
    });
    expect(result.message).toBe(ACCOUNT_MESSAGES.passwordReset);
  });

  it('changes the password with the session', async () => {
    const seen = answer({ success: true, message: ACCOUNT_MESSAGES.passwordChanged });
    await clientWith('secret-token').account.changePassword({
      current_password: 'old one',
      new_password: 'a new passphrase',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/users/me/password',
      authorization: 'Bearer secret-token',
      json: { current_password: 'old one', new_password: 'a new passphrase' },
    });
  });

  it('lists the sessions as the server sends them and ends one by its id', async () => {
    const listed = answer({ success: true, data: [session('b', true), session('a')] });
    const client = clientWith('secret-token');
    expect(await client.account.listSessions()).toEqual([session('b', true), session('a')]);
    expect(listed[0]).toMatchObject({ method: 'GET', path: '/api/users/me/sessions' });

    const ended = answer({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });
    await client.account.endSession('a/b');
    expect(ended[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/users/me/sessions/a%2Fb',
      authorization: 'Bearer secret-token',
    });
  });

  it('drops an ended session from the cached list at once', async () => {
    answer({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.sessions(), [session('b', true), session('a')]);
    const options = accountMutations.endSession(clientWith('secret-token'), queryClient);
    const result = await options.mutationFn?.('a', undefined as never);
    await options.onSuccess?.(result as never, 'a', undefined, undefined as never);
    expect(queryClient.getQueryData(accountKeys.sessions())).toEqual([session('b', true)]);
  });

  it('signs out here when the ended session is this one', async () => {
    answer({ success: true, message: ACCOUNT_MESSAGES.sessionEnded });
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountKeys.sessions(), [session('b', true), session('a')]);
    const client = clientWith('secret-token');
    const options = accountMutations.endSession(client, queryClient);
    const result = await options.mutationFn?.('b', undefined as never);
    await options.onSuccess?.(result as never, 'b', undefined, undefined as never);
    expect(client.tokenStore.get()).toBeNull();
    expect(queryClient.getQueryData(accountKeys.sessions())).toBeUndefined();
  });
});
