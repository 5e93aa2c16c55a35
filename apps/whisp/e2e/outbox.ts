import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** The mail the e2e server wrote instead of sending (no WHISP_SMTP_URL): one `.eml` per mail. */
function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts.');
  return path.join(dataDir, 'outbox');
}

export interface OutboxMail {
  file: string;
  subject: string;
  /** The decoded text of every part, for finding links. */
  text: string;
}

/** Quoted-printable and base64 bodies, undone, so a link reads as it will be clicked. */
function decodeParts(raw: string): string {
  const decoded: string[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [headers = '', ...bodyLines] = part.split(/\r?\n\r?\n/);
    const body = bodyLines.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(headers)) {
      decoded.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    } else if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
      decoded.push(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      );
    } else {
      decoded.push(body);
    }
  }
  return decoded.join('\n');
}

/** Waits for the newest complete mail to `address` whose subject is `subject`. */
export async function waitForMail(address: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const names = await readdir(outboxDir()).catch(() => [] as string[]);
        // Newest first: names start with the ISO time; `.partial` files are still being written.
        for (const name of names
          .filter((file) => file.endsWith('.eml'))
          .sort()
          .reverse()) {
          const raw = await readFile(path.join(outboxDir(), name), 'utf8');
          const [headers = ''] = raw.split(/\r?\n\r?\n/);
          const unfolded = headers.replace(/\r?\n[ \t]+/g, ' ');
          const to = /^to:\s*(.+)$/im.exec(unfolded)?.[1] ?? '';
          const mailSubject = /^subject:\s*(.+)$/im.exec(unfolded)?.[1]?.trim() ?? '';
          if (to.toLowerCase().includes(address.toLowerCase()) && mailSubject === subject) {
            found = { file: name, subject: mailSubject, text: decodeParts(raw) };
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address} in ${outboxDir()}`, timeout: 20_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The first link in the mail whose path is `pathname`, as a path with its query. */
export function linkTo(mail: OutboxMail, pathname: string): string {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^\\s"'<>]+${escaped}\\?[^\\s"'<>]+`).exec(mail.text);
  if (!match) throw new Error(`No ${pathname} link in ${mail.file}:\n${mail.text}`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}
