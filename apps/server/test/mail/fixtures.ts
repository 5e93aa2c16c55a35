import { hashPassword } from '../../src/auth/passwords.js';
import { createSessionToken, hashSessionToken } from '../../src/auth/tokens.js';
import type { MailConfig } from '../../src/config.js';
import type { TestApp } from '../helpers.js';

let counter = 0;

/**
 * A member made straight in the database with one session: mail tests need an account, not the
 * sign-up endpoint (its own tests cover it).
 */
export async function memberInDatabase(
  testApp: Pick<TestApp, 'app'>,
  details: { displayName?: string; password?: string } = {},
) {
  counter += 1;
  const name = `mail_${process.pid}_${counter}`;
  const password = details.password ?? 'correct horse battery';
  const email = `${name}@example.com`;
  const user = await testApp.app.repositories.users.create({
    email,
    username: name,
    passwordHash: await hashPassword(password, 1),
    displayName: details.displayName ?? `Member ${counter}`,
    bio: null,
  });
  const token = createSessionToken();
  await testApp.app.repositories.sessions.create(
    user.id,
    hashSessionToken(token),
    new Date(Date.now() + 60 * 60_000),
  );
  return { id: user.id, email, username: name, password, token };
}

export function requestReset(testApp: TestApp, email: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/request',
    payload: { email },
  });
}

export function confirmReset(testApp: TestApp, token: string, password: string) {
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });
}

/** The status a session token gets on an authenticated route. */
export async function statusOf(testApp: TestApp, token: string) {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/users/me/sessions',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.statusCode;
}

/** Mail settings for a test: retries within a fraction of a second. */
export function testMail(overrides: Partial<MailConfig> = {}): MailConfig {
  return {
    publicUrl: 'https://whisp.example/app',
    smtpUrl: undefined,
    from: 'Whisp <no-reply@whisp.example>',
    pollIntervalMs: 60_000,
    retry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 4 },
    ...overrides,
  };
}
