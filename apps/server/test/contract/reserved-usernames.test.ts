import { describe, expect, it } from 'vitest';
import { expectError, ok, TARGETS, type Target, uniqueWord, useTarget } from './target.js';

// Usernames that could pass for the server or its staff cannot be registered, in any case and
// whatever spaces surround them. The list as the API's version 1.2 states it, typed here rather
// than read from the contract, so a name dropped from the contract fails this test.
const RESERVED = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'support',
  'help',
  'staff',
  'whisp',
  'root',
  'system',
  'security',
  'abuse',
  'postmaster',
  'noreply',
  'no_reply',
  'api',
  'settings',
  'about',
  'official',
];

/** Every case, and the spaces a form or a paste can bring: ASCII, no-break and other Unicode. */
const spellings = (name: string) => [
  name,
  name.toUpperCase(),
  name.charAt(0).toUpperCase() + name.slice(1),
  `  ${name} `,
  `\u00a0${name}\u00a0`,
  `${name}\u00a0`,
  `\u2003\u202f${name.toUpperCase()}\u3000\t`,
];

const register = (target: Target, username: string) => {
  const email = `${uniqueWord('reserved')}@example.com`;
  return target.call('POST', '/api/auth/register', {
    json: { email, password: 'correct horse battery', username, display_name: 'Someone' },
  });
};

describe.each(TARGETS)('reserved usernames (%s)', (name) => {
  const target = useTarget(name);

  it.each(RESERVED)('refuses %s in any case and with spaces around it', async (reserved) => {
    for (const username of spellings(reserved)) {
      const answer = await register(target, username);
      expect(answer.status, JSON.stringify(username)).toBe(400);
      expectError(answer, 400, 'USERNAME_RESERVED', 'This username is reserved');
    }
  });

  it('lets names that only contain a reserved one be registered', async () => {
    const suffix = uniqueWord('');
    for (const username of [`admin${suffix}`, `${suffix}_support`, `whisp_${suffix}`]) {
      const body = ok(await register(target, ` ${username}\u00a0`), 201);
      expect(body.data.user.username).toBe(username);
    }
  });

  it('still lists the form’s problems first: a malformed reserved name is a validation error', async () => {
    const answer = await target.call('POST', '/api/auth/register', {
      json: { email: 'not-an-email', password: 'correct horse battery', username: 'admin' },
    });
    expectError(answer, 400, 'VALIDATION_ERROR', 'Please enter a valid email address', [
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'display_name', message: 'Display name is required' },
    ]);
  });
});
