import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashSessionToken } from '../../../src/auth/tokens.js';
import { tokenOf } from '../../contract/account-helpers.js';
import { readOutbox } from '../../contract/target.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { registerMember } from '../../members.js';
import { StatementLog, startupSweepDone } from '../../statement-log.js';

/**
 * Keeps the app's mail worker from claiming mail until released: what a request does is then
 * told apart from what the worker does after it.
 */
function holdMailWorker(testApp: TestApp) {
  const queue = testApp.app.repositories.mailQueue;
  const claimDue = queue.claimDue;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  queue.claimDue = async (...args) => {
    await held;
    return claimDue(...args);
  };
  return () => {
    queue.claimDue = claimDue;
    release();
  };
}

describe('password reset on the server', () => {
  const log = new StatementLog();
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      wrapDatabase: (database) => ({ ...database, kysely: database.kysely.withPlugin(log) }),
    });
    await startupSweepDone(testApp.app, log);
  });
  afterAll(() => testApp?.close());

  const request = (email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email },
    });
  const confirm = (token: string, password: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });

  async function mailTo(email: string) {
    return vi.waitFor(
      async () => {
        const found = (await readOutbox(testApp.config.dataDir)).filter((m) => m.to === email);
        if (found.length === 0) throw new Error(`No mail to ${email} yet`);
        return found[found.length - 1] as (typeof found)[number];
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('does the same work for an account and for an address nobody has: one insert into the queue', async () => {
    const member = await registerMember(testApp.app);
    const nobody = `nobody_${Date.now()}@example.com`;
    const release = holdMailWorker(testApp);
    try {
      const work: string[][] = [];
      for (const email of [member.email, nobody]) {
        const before = log.statements.length;
        expect((await request(email)).statusCode).toBe(200);
        work.push(log.statements.slice(before));
      }
      expect(work[0]).toEqual(work[1]);
      expect(work[0]).toHaveLength(1);
      expect(work[0]?.[0]).toMatch(/^insert into "mail_queue"/);
    } finally {
      release();
    }
    // Looked up and mailed afterwards, by the worker.
    await mailTo(member.email);
    expect((await readOutbox(testApp.config.dataDir)).some((m) => m.to === nobody)).toBe(false);
  });

  it('refuses a link past its hour', async () => {
    const member = await registerMember(testApp.app);
    await request(member.email);
    const token = tokenOf(await mailTo(member.email));
    await testApp.database.kysely
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('token_hash', '=', hashSessionToken(token))
      .execute();

    const answer = await confirm(token, 'a new passphrase');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      success: false,
      code: 'RESET_TOKEN_INVALID',
      message: 'This reset link is invalid or has expired.',
    });
    const signIn = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('takes a link once even when it is used twice at the same moment', async () => {
    const member = await registerMember(testApp.app);
    await request(member.email);
    const token = tokenOf(await mailTo(member.email));

    const answers = await Promise.all([
      confirm(token, 'first passphrase'),
      confirm(token, 'second passphrase'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const rows = await testApp.database.kysely
      .selectFrom('password_reset_tokens')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('the hourly sweep', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({
      config: { endedSessionsSweep: { firstAfterMs: 50, everyMs: 50 } },
    });
  });
  afterAll(() => testApp?.close());

  it('also deletes reset links past their hour, and keeps the live ones', async () => {
    const member = await registerMember(testApp.app);
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
    await testApp.database.kysely
      .insertInto('password_reset_tokens')
      .values([
        {
          user_id: member.id,
          token_hash: 'expired',
          requested_at: at(-7_200_000),
          expires_at: at(-1_000),
        },
        { user_id: member.id, token_hash: 'live', requested_at: at(0), expires_at: at(3_600_000) },
      ])
      .execute();

    const hashes = () =>
      testApp.database.kysely.selectFrom('password_reset_tokens').select('token_hash').execute();
    await vi.waitFor(
      async () => expect((await hashes()).map((row) => row.token_hash)).toEqual(['live']),
      { timeout: 5_000, interval: 50 },
    );
  });
});
