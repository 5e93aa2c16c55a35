import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One mail, composed and ready to leave. */
export interface OutgoingMail {
  /** The queue row's id: names the outbox file and the log lines. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries, logged when mail goes to the outbox instead of a server. */
  link: string;
}

export interface MailTransport {
  /** Resolves once the mail server accepted the mail (or the outbox file is complete). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where mail is written when there is no SMTP server. */
  outboxDir: string;
  log: { info(details: object, message: string): void };
}

// A mail server that hangs must not hold a sending instance (or its shutdown) for long; the
// queue tries again later.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Through WHISP_SMTP_URL when set; otherwise into `.eml` files, each link logged. */
export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl ? smtpTransport(options.smtpUrl, options.from) : outboxTransport(options);
}

function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each mail as `<ISO time>-<id>.eml` (colons as dashes, so the names sort by time on any
 * filesystem), complete before it appears: written beside, then renamed into place.
 */
function outboxTransport({ from, outboxDir, log }: MailTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/:/g, '-')}-${mail.id}.eml`;
      const file = path.join(outboxDir, name);
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
      // Without a mail server, the log is how the link reaches whoever runs the server.
      log.info(
        { mail: mail.id, to: mail.to, subject: mail.subject, link: mail.link, file },
        'mail written to the outbox (WHISP_SMTP_URL is not set)',
      );
    },
    close: () => transporter.close(),
  };
}
