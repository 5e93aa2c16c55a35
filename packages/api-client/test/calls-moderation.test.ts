import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ModerationInstance, ModerationReport, UserSummary } from '../src/index.js';
import { localAddress } from '../src/mocks/builders.js';
import { moderationKeys, moderationMutations, postKeys } from '../src/react/index.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const person = (id: string): UserSummary => ({
  id,
  username: id,
  ...localAddress(id),
  display_name: id,
  avatar: `/media/avatar-${id}.webp`,
  is_verified: false,
});

const openReport: ModerationReport = {
  id: 'report-1',
  status: 'open',
  reason: 'spam',
  details: null,
  created_at: '2026-11-25T10:00:00.000Z',
  reporter: person('ada'),
  target_type: 'user',
  post: null,
  user: person('bob'),
  resolution: null,
};

describe('moderation calls', () => {
  it('reports a whisp and a member with the reason, details and forwarding choice', async () => {
    const seen = answer({ success: true, message: 'Thank you for your report' }, 201);
    const client = clientWith('token');
    expect(await client.moderation.reportPost('post 1', { reason: 'spam' })).toBe(
      'Thank you for your report',
    );
    await client.moderation.reportUser('bob', {
      reason: 'harassment',
      details: 'Threats',
      forward: true,
    });
    expect(seen.map(({ method, path, json }) => ({ method, path, json }))).toEqual([
      { method: 'POST', path: '/api/posts/post%201/report', json: { reason: 'spam' } },
      {
        method: 'POST',
        path: '/api/users/bob/report',
        json: { reason: 'harassment', details: 'Threats', forward: true },
      },
    ]);
  });

  it('lists the queue by status with the members’ pictures on the API host', async () => {
    const seen = answer({ success: true, data: [openReport] });
    const [report] = await clientWith('token').moderation.listReports('resolved');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/moderation/reports' });
    expect(seen[0]?.query).toEqual({ status: 'resolved' });
    expect(report?.reporter.avatar).toBe(`${API}/media/avatar-ada.webp`);
    expect(report?.user.avatar).toBe(`${API}/media/avatar-bob.webp`);
  });

  it('resolves, reads the log, lifts a suspension and sets a role at their paths', async () => {
    const seen = answer({ success: true, data: openReport });
    const client = clientWith('token');
    await client.moderation.resolveReport('report-1', { action: 'suspend_user', note: 'Threats' });
    answer({ success: true, data: [] });
    await client.moderation.log();
    answer({ success: true, data: { id: 'bob', suspended: false } });
    expect(await client.moderation.unsuspend('bob')).toEqual({ id: 'bob', suspended: false });
    const roles = answer({
      success: true,
      data: { id: 'bob', username: 'bob', role: 'moderator' },
    });
    expect(await client.moderation.setRole('bob', 'moderator')).toMatchObject({
      role: 'moderator',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/moderation/reports/report-1/resolve',
      json: { action: 'suspend_user', note: 'Threats' },
    });
    expect(roles[0]).toMatchObject({
      method: 'PUT',
      path: '/api/admin/users/bob/role',
      json: { role: 'moderator' },
    });
  });

  it('refreshes the queue, the log and the feeds after a removal', async () => {
    answer({ success: true, data: { ...openReport, status: 'resolved' } });
    const client = clientWith('token');
    const queryClient = new QueryClient();
    queryClient.setQueryData(moderationKeys.reports('open'), [openReport]);
    queryClient.setQueryData(postKeys.list({ feed: 'for-you' }), []);
    const options = moderationMutations.resolveReport(client, queryClient);
    const variables = { id: 'report-1', action: 'remove_post' as const };
    const result = await options.mutationFn?.(variables, undefined as never);
    await options.onSuccess?.(result as ModerationReport, variables, undefined, undefined as never);
    expect(queryClient.getQueryState(moderationKeys.reports('open'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(postKeys.list({ feed: 'for-you' }))?.isInvalidated).toBe(true);
  });

  it('lists servers, and sets and lifts a policy at the host’s path', async () => {
    const suspended: ModerationInstance = {
      host: 'spam.example:8443',
      members: 2,
      policy: 'suspend',
      reason: 'Spam',
      since: '2026-11-25T10:00:00.000Z',
    };
    const client = clientWith('token');
    const listed = answer({ success: true, data: [suspended] });
    expect(await client.moderation.listInstances()).toEqual([suspended]);
    const set = answer({ success: true, data: suspended });
    await client.moderation.setInstancePolicy('spam.example:8443', {
      policy: 'suspend',
      reason: 'Spam',
    });
    const lifted = answer({ success: true, data: { ...suspended, policy: null } });
    await client.moderation.liftInstancePolicy('spam.example:8443');
    expect(listed[0]).toMatchObject({ method: 'GET', path: '/api/moderation/instances' });
    expect(set[0]).toMatchObject({
      method: 'PUT',
      path: '/api/moderation/instances/spam.example%3A8443',
      json: { policy: 'suspend', reason: 'Spam' },
    });
    expect(lifted[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/moderation/instances/spam.example%3A8443',
    });
  });

  it('shows a new policy in the cached list at once, and drops a lifted server nobody here knows', async () => {
    const known: ModerationInstance = {
      host: 'b.example',
      members: 3,
      policy: null,
      reason: null,
      since: null,
    };
    const client = clientWith('token');
    const queryClient = new QueryClient();
    queryClient.setQueryData(moderationKeys.instances(), [known]);

    const suspended = { ...known, host: 'a.example', members: 0, policy: 'suspend' as const };
    answer({ success: true, data: suspended });
    const set = moderationMutations.setInstancePolicy(client, queryClient);
    const variables = { host: 'a.example', policy: 'suspend' as const, reason: 'Spam' };
    const result = await set.mutationFn?.(variables, undefined as never);
    await set.onSuccess?.(result as ModerationInstance, variables, undefined, undefined as never);
    expect(queryClient.getQueryData(moderationKeys.instances())).toEqual([suspended, known]);

    const lifted = { ...suspended, policy: null, reason: null, since: null };
    answer({ success: true, data: lifted });
    const lift = moderationMutations.liftInstancePolicy(client, queryClient);
    const gone = await lift.mutationFn?.('a.example', undefined as never);
    await lift.onSuccess?.(gone as ModerationInstance, 'a.example', undefined, undefined as never);
    expect(queryClient.getQueryData(moderationKeys.instances())).toEqual([known]);
  });
});
