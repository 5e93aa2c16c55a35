import { describe, expect, it } from 'vitest';
import { INVALID_SESSION, signIn, statusOfToken } from './account-helpers.js';
import {
  expectError,
  ISO_TIME,
  type Member,
  ok,
  signUp,
  TARGETS,
  type Target,
  useTarget,
} from './target.js';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0';

interface SessionEntry {
  id: string;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  current: boolean;
}

async function sessionsOf(target: Target, token: string): Promise<SessionEntry[]> {
  return ok(await target.call('GET', '/api/users/me/sessions', { token })).data;
}

/** The member signed in twice more: on a phone, then on a laptop. */
async function signedInThrice(target: Target) {
  const member = await signUp(target);
  const phone = ok(await signIn(target, member, member.password, PHONE)).data.token as string;
  const laptop = ok(await signIn(target, member, member.password, LAPTOP)).data.token as string;
  return { member, phone, laptop };
}

const endSession = (target: Target, member: Pick<Member, 'token'>, id: string) =>
  target.call('DELETE', `/api/users/me/sessions/${id}`, { token: member.token });

describe.each(TARGETS)('sessions (%s)', (name) => {
  const target = useTarget(name);

  it('lists the member’s sessions newest first, with their browsers and the current one marked', async () => {
    const { member, phone, laptop } = await signedInThrice(target);

    const fromPhone = await sessionsOf(target, phone);
    expect(fromPhone).toHaveLength(3);
    expect(fromPhone.map((session) => session.user_agent).slice(0, 2)).toEqual([LAPTOP, PHONE]);
    expect(fromPhone.map((session) => session.current)).toEqual([false, true, false]);
    for (const session of fromPhone) {
      expect(session.created_at).toMatch(ISO_TIME);
      expect(session.last_used_at).toMatch(ISO_TIME);
      expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(
        Date.parse(session.created_at),
      );
    }
    const times = fromPhone.map((session) => Date.parse(session.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // The same sessions from another of them: only `current` moves.
    const fromLaptop = await sessionsOf(target, laptop);
    expect(fromLaptop.map((session) => session.id)).toEqual(fromPhone.map((session) => session.id));
    expect(fromLaptop.map((session) => session.current)).toEqual([true, false, false]);
    expect((await sessionsOf(target, member.token))[2]?.current).toBe(true);
  });

  it('ends one session: its token is refused at once, the others keep working', async () => {
    const { member, phone, laptop } = await signedInThrice(target);
    const phoneSession = (await sessionsOf(target, phone)).find((session) => session.current);

    expect(ok(await endSession(target, member, phoneSession?.id ?? ''))).toEqual({
      success: true,
      message: 'Session ended',
    });

    expectError(
      await target.call('GET', '/api/users/me', { token: phone }),
      401,
      'INVALID_TOKEN',
      INVALID_SESSION,
    );
    expect(await statusOfToken(target, laptop)).toBe(200);
    expect(await statusOfToken(target, member.token)).toBe(200);
    const left = await sessionsOf(target, member.token);
    expect(left.map((session) => session.id)).not.toContain(phoneSession?.id);
    expect(left).toHaveLength(2);
  });

  it('answers 404 for a session that is not the member’s, unknown or already ended', async () => {
    const { member, phone } = await signedInThrice(target);
    const stranger = await signUp(target);
    const strangerSession = (await sessionsOf(target, stranger.token))[0]?.id ?? '';
    const phoneSession = (await sessionsOf(target, phone)).find((session) => session.current);
    ok(await endSession(target, member, phoneSession?.id ?? ''));

    for (const id of [strangerSession, 'not-a-session', phoneSession?.id ?? '']) {
      expectError(
        await endSession(target, member, id),
        404,
        'SESSION_NOT_FOUND',
        'Session not found',
      );
    }
    // The stranger's session was left alone.
    expect(await statusOfToken(target, stranger.token)).toBe(200);
  });

  it('ends the current session too, when asked', async () => {
    const member = await signUp(target);
    const [current] = await sessionsOf(target, member.token);
    ok(await endSession(target, member, current?.id ?? ''));
    expect(await statusOfToken(target, member.token)).toBe(401);
  });

  it('needs a session', async () => {
    expectError(
      await target.call('GET', '/api/users/me/sessions'),
      401,
      'AUTHENTICATION_REQUIRED',
      'Authentication required',
    );
  });
});
