import { ApiError, createMemoryTokenStore, createWhispClient } from '../../src/index.js';
import { runComposerFlows } from './composerFlows.js';
import { runInboxFlows } from './inboxFlows.js';
import { runWhispFlows } from './whispFlows.js';

/** The smallest valid PNG: the server decodes uploads, so the bytes must be a real image. */
export const PNG_1X1 = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
);

/**
 * Where two answers differ in structure: keys all the way down, value types, arrays by their
 * first items. A null matches any type (the field is nullable and one side had no value).
 */
export function shapeDifferences(mock: unknown, server: unknown, path = '$'): string[] {
  if (mock === null || server === null) return [];
  if (Array.isArray(mock) || Array.isArray(server)) {
    if (!Array.isArray(mock) || !Array.isArray(server)) return [`${path}: array on one side only`];
    return mock.length && server.length ? shapeDifferences(mock[0], server[0], `${path}[0]`) : [];
  }
  if (typeof mock === 'object' && typeof server === 'object') {
    const a = mock as Record<string, unknown>;
    const b = server as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    return keys.flatMap((key) => {
      if (!(key in a)) return [`${path}.${key}: only the server sends it`];
      if (!(key in b)) return [`${path}.${key}: only the mock sends it`];
      return shapeDifferences(a[key], b[key], `${path}.${key}`);
    });
  }
  return typeof mock === typeof server
    ? []
    : [`${path}: ${typeof mock} in the mock, ${typeof server} on the server`];
}

/** What one call of a flow answered: its payload, or the error a person would see. */
export type Outcome =
  | { ok: unknown }
  | { error: { status: number; code: string; message: string } };

async function outcome(promise: Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: await promise };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: { status: error.status, code: error.code, message: error.message } };
  }
}

const client = (baseUrl: string, token: string | null = null) =>
  createWhispClient({ baseUrl, tokenStore: createMemoryTokenStore(token) });

/** The main flows of two new members, Ada and Ben; returns what every call answered. */
export async function runFlows(baseUrl: string) {
  const results: Record<string, Outcome> = {};
  const record: Recorder = async (name, promise) => {
    const result = await outcome(promise);
    results[name] = result;
    return result;
  };
  const ada = client(baseUrl);
  const ben = client(baseUrl);

  await record('health', ada.health.check());
  // `optional` sends the request without a token instead of refusing it in the client.
  await record(
    'me without a token',
    client(baseUrl, null).request('/api/users/me', { auth: 'optional' }),
  );
  await record('me with a dead token', client(baseUrl, 'not-a-session').users.me());
  await record(
    'register',
    ada.auth.register({
      email: 'ada@contract.test',
      password: 'ada-password-1',
      username: 'ada_contract',
      display_name: 'Ada',
      bio: 'First',
    }),
  );
  await record(
    'register with a taken username',
    client(baseUrl).auth.register({
      email: 'other@contract.test',
      password: 'long-password',
      username: 'ada_contract',
      display_name: 'Other',
    }),
  );
  await record(
    'register with a taken email',
    client(baseUrl).auth.register({
      email: 'ada@contract.test',
      password: 'long-password',
      username: 'someone_else',
      display_name: 'Other',
    }),
  );
  await record(
    'register with a short password',
    client(baseUrl).auth.register({
      email: 'c@contract.test',
      password: 'short',
      username: 'carl_c',
      display_name: 'Carl',
    }),
  );
  await record(
    'register ben',
    ben.auth.register({
      email: 'ben@contract.test',
      password: 'ben-password-1',
      username: 'ben_contract',
      display_name: 'Ben',
    }),
  );
  await record(
    'login with a wrong password',
    client(baseUrl).auth.login({ email: 'ada@contract.test', password: 'wrong-password' }),
  );
  await record('login', ada.auth.login({ email: 'ada@contract.test', password: 'ada-password-1' }));
  await record('me', ada.users.me());
  await record(
    'update profile',
    ada.users.updateMe({ bio: 'Writes contracts', display_name: 'Ada L.' }),
  );
  await record('bio too long', ada.users.updateMe({ bio: 'x'.repeat(161) }));
  await record(
    'banner position (clamped)',
    ada.users.setBannerPosition({ position_x: 150, position_y: -3 }),
  );
  await record(
    'avatar upload',
    ada.users.uploadAvatar(new File([PNG_1X1], 'ada.png', { type: 'image/png' })),
  );
  await record(
    'svg avatar refused',
    ada.users.uploadAvatar(
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', { type: 'image/svg+xml' }),
    ),
  );

  const benId = (results['register ben'] as { ok: { user: { id: string } } }).ok.user.id;
  await record('profile by username', ada.users.profile('ben_contract'));
  await record('unknown profile', ada.users.profile('nobody_at_all'));
  await record('lookup by username', ada.users.lookup({ acct: '@ben_contract' }));
  // Neither the mocks nor a server that does not federate reach another server: nobody there.
  await record('lookup of another server', ada.users.lookup({ acct: 'nobody@elsewhere.example' }));
  await record('profile by id', ada.users.byId(benId));
  await record('suggested', ada.users.suggested({ limit: 5 }));
  await record('follow', ada.users.follow(benId));
  await record('follow again', ada.users.follow(benId));
  await record('followers', ada.users.followers(benId));
  await record('following of ben', ada.users.following(benId));
  await record('unfollow', ada.users.unfollow(benId));
  await record('follow yourself', ben.users.follow(benId));
  await runWhispFlows(record, ada, ben, benId);
  await runComposerFlows(record, ada, ben);
  await runInboxFlows(record, ada, ben, benId);
  await record('logout', ada.auth.logout());
  await record(
    'me after logout',
    client(baseUrl, (results.login as { ok: { token: string } }).ok.token).users.me(),
  );
  return results;
}

export type Recorder = (name: string, promise: Promise<unknown>) => Promise<Outcome>;
