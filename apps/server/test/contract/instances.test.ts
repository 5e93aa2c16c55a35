import { errorMessage, INSTANCE_POLICY_REASON_MAX_LENGTH } from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { signUpAs } from './moderation-helpers.js';
import {
  expectError,
  expectInvalid,
  ISO_TIME,
  type Member,
  ok,
  signUp,
  TARGETS,
  type Target,
  uniqueWord,
  useTarget,
} from './target.js';

// Every test names its own servers: the targets live for the whole file.
const newHost = (name = 'remote') => `${uniqueWord(name)}.example`;

const listInstances = async (target: Target, moderator: Member) =>
  ok(await target.call('GET', '/api/moderation/instances', { token: moderator.token })).data;

const setPolicy = (target: Target, moderator: Member, host: string, body: unknown) =>
  target.call('PUT', `/api/moderation/instances/${host}`, { token: moderator.token, json: body });

const liftPolicy = (target: Target, moderator: Member, host: string) =>
  target.call('DELETE', `/api/moderation/instances/${host}`, { token: moderator.token });

const instanceOf = async (target: Target, moderator: Member, host: string) =>
  (await listInstances(target, moderator)).find(
    (instance: { host: string }) => instance.host === host,
  );

describe.each(TARGETS)('instances (%s)', (name) => {
  const target = useTarget(name);

  it('lists the servers of remote members known here, with their member counts and no policy', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [busy, quiet] = [newHost('busy'), newHost('quiet')];
    await target.addRemoteMember('alice', busy);
    await target.addRemoteMember('bob', busy);
    await target.addRemoteMember('alice', quiet);

    const listed = await listInstances(target, moderator);
    expect(
      listed.filter((instance: { host: string }) => [busy, quiet].includes(instance.host)),
    ).toEqual([
      { host: busy, members: 2, policy: null, reason: null, since: null },
      { host: quiet, members: 1, policy: null, reason: null, since: null },
    ]);
    const hosts = listed.map((instance: { host: string }) => instance.host);
    expect(hosts).toEqual([...hosts].sort());
  });

  it('silences a server: the list shows the policy, its reason and since when', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const host = newHost();
    await target.addRemoteMember('carol', host);

    const silenced = ok(
      await setPolicy(target, moderator, host, {
        policy: 'silence',
        reason: '  Pile-ons from its members  ',
      }),
    ).data;
    expect(silenced).toEqual({
      host,
      members: 1,
      policy: 'silence',
      reason: 'Pile-ons from its members',
      since: expect.stringMatching(ISO_TIME),
    });
    expect(await instanceOf(target, moderator, host)).toEqual(silenced);
  });

  it('suspends a server over its silence, and one nobody here has met yet', async () => {
    const admin = await signUpAs(target, 'admin');
    const known = newHost();
    await target.addRemoteMember('dave', known);
    ok(await setPolicy(target, admin, known, { policy: 'silence', reason: 'Noisy' }));

    const suspended = ok(
      await setPolicy(target, admin, known, { policy: 'suspend', reason: 'Spam waves' }),
    ).data;
    expect(suspended).toMatchObject({
      host: known,
      members: 1,
      policy: 'suspend',
      reason: 'Spam waves',
    });

    const unknown = newHost('spam');
    const ahead = ok(
      await setPolicy(target, admin, unknown, { policy: 'suspend', reason: 'Known spam source' }),
    ).data;
    expect(ahead).toMatchObject({ host: unknown, members: 0, policy: 'suspend' });
    expect(await instanceOf(target, admin, unknown)).toEqual(ahead);
  });

  it('takes a host in any case and with a port, encoded or not, and stores it lower case', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const host = `${newHost()}:8443`;
    const answer = ok(
      await setPolicy(target, moderator, host.toUpperCase(), { policy: 'silence', reason: 'Why' }),
    ).data;
    expect(answer.host).toBe(host);
    expect(await instanceOf(target, moderator, host)).toMatchObject({ policy: 'silence' });
    // As the client sends it: encodeURIComponent turns the port's colon into %3A.
    ok(await liftPolicy(target, moderator, encodeURIComponent(host.toUpperCase())));
    expect(await instanceOf(target, moderator, host)).toBeUndefined();
  });

  it('lifts a policy: a known server stays listed without it, an unknown one leaves the list', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const [known, unknown] = [newHost(), newHost()];
    await target.addRemoteMember('erin', known);
    ok(await setPolicy(target, moderator, known, { policy: 'suspend', reason: 'Spam' }));
    ok(await setPolicy(target, moderator, unknown, { policy: 'silence', reason: 'Spam' }));

    expect(ok(await liftPolicy(target, moderator, known)).data).toEqual({
      host: known,
      members: 1,
      policy: null,
      reason: null,
      since: null,
    });
    expect(await instanceOf(target, moderator, known)).toMatchObject({ policy: null });
    expect(ok(await liftPolicy(target, moderator, unknown)).data).toMatchObject({ members: 0 });
    expect(await instanceOf(target, moderator, unknown)).toBeUndefined();
  });

  it('answers 404 to lifting a policy a server does not have', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const host = newHost();
    await target.addRemoteMember('frank', host);
    expectError(
      await liftPolicy(target, moderator, host),
      404,
      'INSTANCE_POLICY_NOT_FOUND',
      errorMessage('instancePolicyNotFound'),
    );
  });

  it('refuses members with 403, whatever they ask', async () => {
    const member = await signUp(target);
    const host = newHost();
    const forbidden = ['FORBIDDEN', errorMessage('forbidden')] as const;
    expectError(
      await target.call('GET', '/api/moderation/instances', { token: member.token }),
      403,
      ...forbidden,
    );
    expectError(
      await setPolicy(target, member, host, { policy: 'suspend', reason: 'Mine' }),
      403,
      ...forbidden,
    );
    // Refused before the host is read: a bad one is no different.
    expectError(await setPolicy(target, member, 'not a host', {}), 403, ...forbidden);
    expectError(await liftPolicy(target, member, host), 403, ...forbidden);
  });

  it('refuses a host that names no server with 400', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const body = { policy: 'silence', reason: 'Why' };
    for (const host of [
      'https%3A%2F%2Fexample.com',
      'alice%40example.com',
      '-bad.example',
      'bad_name.example',
      'example.com%3A99999',
      `${'a'.repeat(64)}.example`,
    ]) {
      expectInvalid(
        await setPolicy(target, moderator, host, body),
        'host',
        errorMessage('instanceHostInvalid'),
      );
    }
    expectInvalid(
      await liftPolicy(target, moderator, 'a..b'),
      'host',
      errorMessage('instanceHostInvalid'),
    );
  });

  it('needs a reason, within its limit, and one of the policies', async () => {
    const moderator = await signUpAs(target, 'moderator');
    const host = newHost();
    const required = errorMessage('instanceReasonRequired');
    expectInvalid(
      await setPolicy(target, moderator, host, { policy: 'silence' }),
      'reason',
      required,
    );
    expectInvalid(
      await setPolicy(target, moderator, host, { policy: 'silence', reason: '   ' }),
      'reason',
      required,
    );
    expectInvalid(
      await setPolicy(target, moderator, host, {
        policy: 'silence',
        reason: 'x'.repeat(INSTANCE_POLICY_REASON_MAX_LENGTH + 1),
      }),
      'reason',
      errorMessage('instanceReasonTooLong'),
    );
    expectInvalid(
      await setPolicy(target, moderator, host, { policy: 'block', reason: 'Why' }),
      'policy',
      errorMessage('instancePolicyInvalid'),
    );
    ok(
      await setPolicy(target, moderator, host, {
        policy: 'silence',
        reason: 'x'.repeat(INSTANCE_POLICY_REASON_MAX_LENGTH),
      }),
    );
    expect(await instanceOf(target, moderator, host)).toMatchObject({ policy: 'silence' });
  });
});
