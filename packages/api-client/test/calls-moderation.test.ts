import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ModerationReport, UserSummary } from '../src/index.js';
import { moderationKeys, moderationMutations, postKeys } from '../src/react/index.js';
import { API, clientWith, setupRecordingServer } from './support/recorder.js';

const answer = setupRecordingServer();

const person = (id: string): UserSummary => ({
  id,
  username: id,
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
  it('reports a whisp and a member with the reason and details', async () => {
    const seen = answer({ success: true, message: 'Thank you for your report' }, 201);
    const client = clientWith('token');
    expect(await client.moderation.reportPost('post 1', { reason: 'spam' })).toBe(
      'Thank you for your report',
    );
    await client.moderation.reportUser('bob', { reason: 'harassment', details: 'Threats' });
    expect(seen.map(({ method, path, json }) => ({ method, path, json }))).toEqual([
      { method: 'POST', path: '/api/posts/post%201/report', json: { reason: 'spam' } },
      {
        method: 'POST',
        path: '/api/users/bob/report',
        json: { reason: 'harassment', details: 'Threats' },
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
});
