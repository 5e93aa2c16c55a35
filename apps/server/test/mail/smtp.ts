import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

/**
 * A real SMTP server on loopback, as a mail relay would be: it takes every mail (no TLS, no
 * login), and can be told to refuse the next ones with a temporary failure (451), or to hold
 * them unanswered until released (a slow relay).
 */
export async function startSmtpServer(port = 0) {
  const received: ParsedMail[] = [];
  let refusals = 0;
  let attempts = 0;
  let holding: Promise<void> | undefined;
  let held = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A relay on loopback: no reverse DNS lookup of the client, which can wait 1.5 s for a resolver.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (holding) {
          held += 1;
          await holding;
        }
        attempts += 1;
        if (refusals > 0) {
          refusals -= 1;
          callback(
            Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }),
          );
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** Mails that reached DATA, refused ones included. */
    attempts: () => attempts,
    refuseNext(count: number) {
      refusals = count;
    },
    /** Leaves every mail unanswered in DATA from now until the returned release is called. */
    holdMail() {
      let release = () => {};
      holding = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        holding = undefined;
        release();
      };
    },
    /** Mails that reached DATA while held. */
    held: () => held,
    /** Waits until `count` mails have been accepted. */
    async receivedAtLeast(count: number, timeout = 10_000) {
      await vi.waitFor(
        () => {
          if (received.length < count) throw new Error(`${received.length} of ${count} mails`);
        },
        { timeout, interval: 25 },
      );
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A loopback port with nothing listening on it (a mail server that is down). */
export async function unusedPort() {
  const probe = await startSmtpServer();
  await probe.close();
  return probe.port;
}

/** The first address of a parsed header (`to`, `from`). */
export function addressOf(field: ParsedMail['to'] | ParsedMail['from']) {
  const first = Array.isArray(field) ? field[0] : field;
  return first?.value[0];
}

/** The token in a reset mail's plain-text link. */
export function resetTokenIn(mail: Pick<ParsedMail, 'text'>) {
  const match = /\/reset-password\?token=([^\s"'<>&]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`No reset link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}
