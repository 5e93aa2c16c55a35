import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { captureLogs, createTestApp, openMigratedTestDatabase, type TestApp } from '../helpers.js';
import { memberInDatabase, requestReset, testMail } from './fixtures.js';
import { addressOf, resetTokenIn, startSmtpServer, unusedPort } from './smtp.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const closeLater = <T extends { close(): Promise<unknown> }>(thing: T) => {
  cleanups.push(async () => void (await thing.close()));
  return thing;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the mail queue', () => {
  it('keeps a mail while the mail server is down and sends it once the server is up', async () => {
    const port = await unusedPort();
    const logs = captureLogs();
    const testApp = closeLater(
      await createTestApp({
        config: {
          // Attempts enough to outlast a slow start of the mail server on a busy machine.
          mail: testMail({
            smtpUrl: `smtp://127.0.0.1:${port}`,
            retry: { firstDelayMs: 100, maxDelayMs: 400, maxAttempts: 30 },
          }),
          logLevel: 'info',
        },
        logDestination: logs.destination,
      }),
    );
    const member = await memberInDatabase(testApp);
    expect((await requestReset(testApp, member.email)).statusCode).toBe(200);

    await expect
      .poll(() => logs.text(), { timeout: 10_000 })
      .toContain('mail could not be sent; it will be tried again');
    expect(logs.text()).toContain('ECONNREFUSED');
    const smtp = closeLater(await startSmtpServer(port));

    const [mail] = await smtp.receivedAtLeast(1);
    expect(addressOf(mail?.to)?.address).toBe(member.email);
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a mail across a restart: the next server started on the database sends it', async () => {
    const testDatabase = await openMigratedTestDatabase();
    cleanups.push(() => testDatabase.destroy());
    const port = await unusedPort();
    const logs = captureLogs();
    const before = await buildApp({
      config: {
        ...testDatabase.config,
        mail: testMail({ smtpUrl: `smtp://127.0.0.1:${port}` }),
        logLevel: 'info',
      },
      database: testDatabase.database,
      logDestination: logs.destination,
    });
    const member = await memberInDatabase({ app: before });
    await before.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: member.email },
    });
    await expect.poll(() => logs.text(), { timeout: 10_000 }).toContain('will be tried again');
    await before.close();

    const smtp = closeLater(await startSmtpServer());
    const after = closeLater(
      await buildApp({
        // The retry may fall due just after this server starts: its poll finds it then.
        config: {
          ...testDatabase.config,
          mail: testMail({ smtpUrl: smtp.url, pollIntervalMs: 50 }),
        },
        database: testDatabase.database,
      }),
    );
    await after.ready();
    const [mail] = await smtp.receivedAtLeast(1);
    expect(addressOf(mail?.to)?.address).toBe(member.email);
  });

  it('claims a retry when its timer fires, even if the database clock is a moment behind', async () => {
    const testApp = closeLater(await createTestApp({ config: { mail: testMail() } }));
    const queue = testApp.app.repositories.mailQueue;
    await queue.enqueue('password_reset', 'nobody@example.com');
    const [first] = await queue.claimDue(10, 60_000);
    expect(first?.attempts).toBe(1);
    // A retry time the database's clock has not reached, as when Node's timer fires early.
    const retryAt = new Date(Date.now() + 60_000);
    await queue.recordFailure(first?.id ?? '', 'Mailbox busy', retryAt);

    expect(await queue.claimDue(10, 60_000)).toEqual([]);
    const [again] = await queue.claimDue(10, 60_000, retryAt);
    expect(again).toMatchObject({ id: first?.id, attempts: 2 });
  });

  it('gives up after the last attempt, logs it as an error and keeps the row as failed', async () => {
    const smtp = closeLater(await startSmtpServer());
    const logs = captureLogs();
    const testApp = closeLater(
      await createTestApp({
        config: { mail: testMail({ smtpUrl: smtp.url }), logLevel: 'info' },
        logDestination: logs.destination,
      }),
    );
    const member = await memberInDatabase(testApp);
    smtp.refuseNext(100);
    await requestReset(testApp, member.email);

    await expect
      .poll(() => logs.text(), { timeout: 10_000 })
      .toContain('mail could not be sent after every attempt');
    expect(smtp.attempts()).toBe(testMail().retry.maxAttempts);
    const [row] = await testApp.database.kysely.selectFrom('mail_queue').selectAll().execute();
    expect(row?.failed_at).toBeInstanceOf(Date);
    expect(row?.last_error).toContain('Mailbox busy');
  });

  it('writes mail to <data dir>/outbox as .eml files named by time, and logs the link, without WHISP_SMTP_URL', async () => {
    const logs = captureLogs();
    const testApp = closeLater(
      await createTestApp({
        config: { mail: testMail(), logLevel: 'info' },
        logDestination: logs.destination,
      }),
    );
    const first = await memberInDatabase(testApp);
    const second = await memberInDatabase(testApp);
    await requestReset(testApp, first.email);
    await expect.poll(() => logs.text(), { timeout: 10_000 }).toContain(first.email);
    await requestReset(testApp, second.email);
    await expect.poll(() => logs.text(), { timeout: 10_000 }).toContain(second.email);

    const outbox = path.join(testApp.config.dataDir, 'outbox');
    const names = await readdir(outbox);
    expect(names).toHaveLength(2);
    for (const name of names) {
      expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f-]{36}\.eml$/);
    }
    // Sorted by name is sorted by time: the newest file is the second member's.
    const newest = await simpleParser(await readFile(path.join(outbox, names.sort()[1] ?? '')));
    expect(addressOf(newest.to)?.address).toBe(second.email);
    expect(newest.subject).toBe('Reset your Whisp password');
    expect(newest.html).toContain('reset-password?token=');
    const token = resetTokenIn(newest);
    const logged = logs.entries().find((entry) => entry.to === second.email);
    expect(logged?.link).toBe(`https://whisp.example/app/reset-password?token=${token}`);
  });

  it('sends each mail once with two instances on one database', async () => {
    const smtp = closeLater(await startSmtpServer());
    const testApp = closeLater(
      await createTestApp({
        config: { mail: testMail({ smtpUrl: smtp.url, pollIntervalMs: 20 }) },
      }),
    );
    // A second instance on the same database, polling as eagerly.
    const other: App = closeLater(
      await buildApp({ config: testApp.config, database: testApp.database }),
    );
    await other.ready();
    const members = [];
    for (let index = 0; index < 8; index += 1) members.push(await memberInDatabase(testApp));
    await Promise.all(
      members.map((member, index) =>
        (index % 2 ? other : testApp.app).inject({
          method: 'POST',
          url: '/api/auth/password-reset/request',
          payload: { email: member.email },
        }),
      ),
    );

    await smtp.receivedAtLeast(members.length);
    // Time for a duplicate to show up, were one going to.
    await wait(300);
    const recipients = smtp.received.map((mail) => addressOf(mail.to)?.address).sort();
    expect(recipients).toEqual(members.map((member) => member.email).sort());
  });

  it('stops with the app: nothing is sent after close', async () => {
    const port = await unusedPort();
    const testApp: TestApp = await createTestApp({
      config: { mail: testMail({ smtpUrl: `smtp://127.0.0.1:${port}` }) },
    });
    const member = await memberInDatabase(testApp);
    await requestReset(testApp, member.email);
    await wait(50);
    const started = Date.now();
    await testApp.close();
    expect(Date.now() - started).toBeLessThan(5_000);

    const smtp = closeLater(await startSmtpServer(port));
    await wait(testMail().retry.maxDelayMs * 2);
    expect(smtp.attempts()).toBe(0);
  });
});
