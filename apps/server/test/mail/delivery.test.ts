import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, createTestApp, type TestApp } from '../helpers.js';
import { confirmReset, memberInDatabase, requestReset, statusOf, testMail } from './fixtures.js';
import { addressOf, resetTokenIn, startSmtpServer, type TestSmtpServer } from './smtp.js';

describe('password reset mail through an SMTP server', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  const logs = captureLogs();
  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await createTestApp({
      config: { mail: testMail({ smtpUrl: smtp.url }), logLevel: 'info' },
      logDestination: logs.destination,
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  it('sends it from WHISP_MAIL_FROM with a text and an HTML part, the link on WHISP_PUBLIC_URL, the name escaped in HTML', async () => {
    const member = await memberInDatabase(testApp, { displayName: '<b>Ada</b> & "Co"' });
    const before = smtp.received.length;
    expect((await requestReset(testApp, member.email)).statusCode).toBe(200);

    const mail = (await smtp.receivedAtLeast(before + 1))[before];
    expect(mail?.subject).toBe('Reset your Whisp password');
    expect(addressOf(mail?.from)).toEqual({ address: 'no-reply@whisp.example', name: 'Whisp' });
    expect(addressOf(mail?.to)?.address).toBe(member.email);
    const token = resetTokenIn(mail ?? {});
    const link = `https://whisp.example/app/reset-password?token=${token}`;
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('Hi <b>Ada</b> & "Co",');
    const html = String(mail?.html);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Hi &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(html).not.toContain('<b>Ada');
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const reset = await confirmReset(testApp, token, 'a new passphrase');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await statusOf(testApp, member.token)).toBe(401);
  });

  it('keeps only a SHA-256 of the token, and no trace of it in the queue once sent', async () => {
    const member = await memberInDatabase(testApp);
    const before = smtp.received.length;
    await requestReset(testApp, member.email);
    const token = resetTokenIn((await smtp.receivedAtLeast(before + 1))[before] ?? {});

    const db = testApp.database.kysely;
    const rows = await db.selectFrom('password_reset_tokens').selectAll().execute();
    const row = rows.find((candidate) => candidate.user_id === member.id);
    expect(row?.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const expiresInMs = (row?.expires_at.getTime() ?? 0) - Date.now();
    expect(expiresInMs).toBeGreaterThan(59 * 60_000);
    expect(expiresInMs).toBeLessThanOrEqual(60 * 60_000);
    // The server accepted the mail a moment before the worker removes its row.
    await expect
      .poll(() => db.selectFrom('mail_queue').selectAll().execute(), { timeout: 10_000 })
      .toEqual([]);
  });

  it('tries again when the mail server refuses, logs it, and the mail arrives', async () => {
    const member = await memberInDatabase(testApp);
    const before = smtp.received.length;
    const attemptsBefore = smtp.attempts();
    smtp.refuseNext(2);
    await requestReset(testApp, member.email);

    const mail = (await smtp.receivedAtLeast(before + 1))[before];
    expect(addressOf(mail?.to)?.address).toBe(member.email);
    expect(smtp.attempts() - attemptsBefore).toBe(3);
    const retries = logs
      .entries()
      .filter((entry) => entry.msg === 'mail could not be sent; it will be tried again');
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(retries)).toContain('Mailbox busy');
    // The token of the mail that arrived works.
    expect(
      (await confirmReset(testApp, resetTokenIn(mail ?? {}), 'a new passphrase')).statusCode,
    ).toBe(200);
  });

  it('answers before anything is sent: a slow or dead mail server never holds the request', async () => {
    const member = await memberInDatabase(testApp);
    const before = smtp.received.length;
    const release = smtp.holdMail();
    try {
      // Answered while the mail server still holds the mail unanswered.
      expect((await requestReset(testApp, member.email)).statusCode).toBe(200);
      await expect.poll(() => smtp.held(), { timeout: 10_000 }).toBe(1);
      expect(smtp.received).toHaveLength(before);
    } finally {
      release();
    }
    const mail = (await smtp.receivedAtLeast(before + 1))[before];
    expect(addressOf(mail?.to)?.address).toBe(member.email);
  });
});
