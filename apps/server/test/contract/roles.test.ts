import { errorMessage, type Role } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { signUpAs } from './moderation-helpers.js';
import {
  type Answer,
  expectError,
  expectInvalid,
  type Member,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
} from './target.js';

const me = async (target: Target, member: Member) =>
  ok(await target.call('GET', '/api/users/me', { token: member.token })).data;

const setRole = (target: Target, actor: Member, memberId: string, role: unknown) =>
  target.call('PUT', `/api/admin/users/${memberId}/role`, {
    token: actor.token,
    json: { role },
  });

type Caller = 'nobody' | 'member' | 'moderator' | 'admin';

/**
 * Every moderation and admin endpoint, with a request that is valid in itself: who may call it is
 * all that differs. The ids name nothing, so an allowed caller hears 404 (or the queue's 200)
 * while a refused one hears 401 or 403 before anything is looked up.
 */
const ENDPOINTS: {
  method: string;
  path: string;
  json?: unknown;
  allowed: Caller[];
  allowedStatus: number;
}[] = [
  {
    method: 'GET',
    path: '/api/moderation/reports',
    allowed: ['moderator', 'admin'],
    allowedStatus: 200,
  },
  {
    method: 'GET',
    path: '/api/moderation/reports?status=resolved',
    allowed: ['moderator', 'admin'],
    allowedStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/moderation/reports/00000000-0000-4000-8000-000000000000/resolve',
    json: { action: 'dismiss' },
    allowed: ['moderator', 'admin'],
    allowedStatus: 404,
  },
  {
    method: 'GET',
    path: '/api/moderation/log',
    allowed: ['moderator', 'admin'],
    allowedStatus: 200,
  },
  {
    method: 'POST',
    path: '/api/moderation/users/00000000-0000-4000-8000-000000000000/unsuspend',
    allowed: ['moderator', 'admin'],
    allowedStatus: 404,
  },
  {
    method: 'PUT',
    path: '/api/admin/users/00000000-0000-4000-8000-000000000000/role',
    json: { role: 'moderator' },
    allowed: ['admin'],
    allowedStatus: 404,
  },
];

describe.each(TARGETS)('roles and access (%s)', (name) => {
  const target = useTarget(name);

  describe.each(ENDPOINTS)('$method $path', (endpoint) => {
    it.each<Caller>(['nobody', 'member', 'moderator', 'admin'])('as %s', async (caller) => {
      const member = caller === 'nobody' ? undefined : await signUpAs(target, caller as Role);
      const answer: Answer = await target.call(endpoint.method, endpoint.path, {
        ...(member ? { token: member.token } : {}),
        ...(endpoint.json ? { json: endpoint.json } : {}),
      });
      if (caller === 'nobody') {
        expectError(answer, 401, 'AUTHENTICATION_REQUIRED', 'Authentication required');
      } else if (!endpoint.allowed.includes(caller)) {
        const refusal = endpoint.allowed.includes('moderator') ? 'forbidden' : 'adminOnly';
        expectError(answer, 403, 'FORBIDDEN', errorMessage(refusal));
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(endpoint.allowedStatus);
      }
    });
  });

  it('shows every member their role, member by default', async () => {
    const member = await signUp(target);
    expect((await me(target, member)).role).toBe('member');
    const moderator = await signUpAs(target, 'moderator');
    expect((await me(target, moderator)).role).toBe('moderator');
  });

  it('lets an admin make a moderator, who reaches the queue at once, and take it back', async () => {
    const [admin, member] = [await signUpAs(target, 'admin'), await signUp(target)];
    const queue = () => target.call('GET', '/api/moderation/reports', { token: member.token });
    expect((await queue()).status).toBe(403);

    expect(ok(await setRole(target, admin, member.id, 'moderator'))).toEqual({
      success: true,
      data: { id: member.id, username: member.username, role: 'moderator' },
    });
    expect((await me(target, member)).role).toBe('moderator');
    expect((await queue()).status).toBe(200);

    ok(await setRole(target, admin, member.id, 'member'));
    expect((await me(target, member)).role).toBe('member');
    expectError(await queue(), 403, 'FORBIDDEN', errorMessage('forbidden'));
  });

  it('lets an admin make another admin, but nobody change their own role', async () => {
    const [admin, member] = [await signUpAs(target, 'admin'), await signUp(target)];
    ok(await setRole(target, admin, member.id, 'admin'));
    ok(await target.call('GET', '/api/moderation/log', { token: member.token }));
    expectError(
      await setRole(target, admin, admin.id, 'member'),
      403,
      'FORBIDDEN',
      errorMessage('cannotChangeOwnRole'),
    );
    expect((await me(target, admin)).role).toBe('admin');
  });

  it('refuses roles that do not exist and members that do not', async () => {
    const [admin, member] = [await signUpAs(target, 'admin'), await signUp(target)];
    expectInvalid(
      await setRole(target, admin, member.id, 'owner'),
      'role',
      expect.any(String) as unknown as string,
    );
    expectError(
      await setRole(target, admin, 'no-such-member', 'moderator'),
      404,
      'USER_NOT_FOUND',
      'User not found',
    );
    // A moderator is not an admin: roles are not theirs to give.
    const moderator = await signUpAs(target, 'moderator');
    expectError(
      await setRole(target, moderator, member.id, 'moderator'),
      403,
      'FORBIDDEN',
      errorMessage('adminOnly'),
    );
  });
});
