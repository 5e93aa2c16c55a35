import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestMember } from '../members.js';
import { createLiveTestApp, type LiveTestApp } from '../routes/events/live-app.js';
import { type OpenStream, openEventStream } from '../routes/events/sse.js';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`Not within ${ms} ms`)), ms),
    ),
  ]);

// An open event stream is a session in use: suspension (or signing out) must not leave it open.
describe('live event streams of ended sessions', () => {
  let live: LiveTestApp;
  const streams: OpenStream[] = [];
  beforeAll(async () => {
    live = await createLiveTestApp();
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await live?.close();
  });

  const open = async (member: TestMember) => {
    const stream = await openEventStream(`${live.baseUrl}/api/events`, member.headers);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((item) => item.event === 'unread');
    return stream;
  };

  it('ends the streams of a member suspended by a moderator', async () => {
    const moderator = await registerMember(live.app);
    await live.app.repositories.moderation.setRole(moderator.id, 'moderator');
    const [reporter, member] = [await registerMember(live.app), await registerMember(live.app)];
    const stream = await open(member);
    await live.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/report`,
      headers: reporter.headers,
      payload: { reason: 'spam' },
    });
    const queue = await live.app.inject({
      method: 'GET',
      url: '/api/moderation/reports',
      headers: moderator.headers,
    });
    const report = queue
      .json()
      .data.find((entry: { user: { id: string } }) => entry.user.id === member.id);
    const resolved = await live.app.inject({
      method: 'POST',
      url: `/api/moderation/reports/${report.id}/resolve`,
      headers: moderator.headers,
      payload: { action: 'suspend_user' },
    });
    expect(resolved.statusCode).toBe(200);
    await within(stream.ended, 2_000);
  });

  it('ends the stream of a session signed out, and keeps the member’s other session’s', async () => {
    const member = await registerMember(live.app);
    const login = await live.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    const other = { ...member, headers: { authorization: `Bearer ${login.json().data.token}` } };
    const [signedOut, kept] = [await open(member), await open(other)];
    let keptEnded = false;
    void kept.ended.then(() => {
      keptEnded = true;
    });

    await live.app.inject({ method: 'POST', url: '/api/auth/logout', headers: member.headers });
    await within(signedOut.ended, 2_000);
    // The kept stream still delivers: a follow of the member reaches it.
    const fan = await registerMember(live.app);
    await live.app.inject({
      method: 'POST',
      url: `/api/users/${member.id}/follow`,
      headers: fan.headers,
    });
    await kept.next((item) => item.event === 'notification');
    expect(keptEnded).toBe(false);
  });
});
