import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moderationInstanceSchema,
  moderationLogEntrySchema,
  moderationReportSchema,
} from '../src/contract/index.js';
import { createMemoryTokenStore, createWhispClient } from '../src/index.js';
import {
  buildModerationInstance,
  buildModerationLogEntry,
  buildModerationReport,
  buildUser,
  createMockApi,
  MOCK_ADMIN_TOKEN,
  MOCK_MODERATOR_TOKEN,
  MOCK_TOKEN,
} from '../src/mocks/index.js';

const API = 'http://mock.whisp.test';
const api = createMockApi({ baseUrl: API, delayMs: 0 });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const clientAs = (token: string) =>
  createWhispClient({ baseUrl: API, tokenStore: createMemoryTokenStore(token) });

describe('moderation fixtures and seeded mocks', () => {
  it('builds reports and log entries the contract reads as they are', () => {
    const open = buildModerationReport();
    const profile = buildModerationReport({ target_type: 'user', post: null });
    const resolved = buildModerationReport({
      resolution: {
        action: 'dismiss',
        note: null,
        moderator: buildUser(),
        resolved_at: '2026-01-15T11:00:00.000Z',
      },
    });
    for (const report of [open, profile, resolved]) {
      expect(moderationReportSchema.parse(report)).toEqual(report);
    }
    expect(resolved.status).toBe('resolved');
    const entry = buildModerationLogEntry({ action: 'suspend_user' });
    expect(moderationLogEntrySchema.parse(entry)).toEqual(entry);
  });

  it('seeds a moderator whose queue holds open reports of whisps and a profile', async () => {
    const queue = await clientAs(MOCK_MODERATOR_TOKEN).moderation.listReports();
    expect(queue.length).toBeGreaterThanOrEqual(3);
    expect(queue.map((report) => report.target_type)).toContain('user');
    expect(queue.every((report) => report.status === 'open')).toBe(true);
    expect((await clientAs(MOCK_ADMIN_TOKEN).users.me()).role).toBe('admin');
    await expect(clientAs(MOCK_TOKEN).moderation.listReports()).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('builds servers with and without a policy the contract reads as they are', () => {
    const plain = buildModerationInstance();
    const silenced = buildModerationInstance({ policy: 'silence' });
    for (const instance of [plain, silenced]) {
      expect(moderationInstanceSchema.parse(instance)).toEqual(instance);
    }
    expect(plain).toMatchObject({ policy: null, reason: null, since: null });
    expect(silenced.reason).toEqual(expect.any(String));
    expect(silenced.since).toEqual(expect.any(String));
  });

  it('seeds a suspended and a silenced server for moderators, and refuses members', async () => {
    const moderator = clientAs(MOCK_MODERATOR_TOKEN);
    const listed = await moderator.moderation.listInstances();
    expect(listed.map(({ host, policy }) => ({ host, policy }))).toEqual([
      { host: 'loud.example', policy: 'silence' },
      { host: 'spam.example', policy: 'suspend' },
    ]);
    await expect(clientAs(MOCK_TOKEN).moderation.listInstances()).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });
});
