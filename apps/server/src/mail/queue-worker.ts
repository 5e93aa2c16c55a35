import { PASSWORD_RESET_TOKEN_LIFETIME_MS } from '@whisp/api-client/contract';
import { createSessionToken, hashSessionToken } from '../auth/tokens.js';
import type { MailConfig } from '../config.js';
import type { AccountsRepository } from '../db/repositories/accounts.js';
import type { ClaimedMail, MailQueueRepository } from '../db/repositories/mail-queue.js';
import type { JobKind, JobLog, JobRunner } from '../jobs/runner.js';
import { passwordResetLink, passwordResetMail } from './password-reset-mail.js';
import type { MailTransport, OutgoingMail } from './transport.js';

export interface MailWorkerOptions {
  queue: MailQueueRepository;
  accounts: AccountsRepository;
  transport: MailTransport;
  config: MailConfig;
  log: JobLog;
  /** The runner this kind runs under: a failed attempt asks it for a pass at its retry time. */
  jobs: Pick<JobRunner, 'kickAt'>;
}

export const MAIL_JOB = 'mail';

const BATCH_SIZE = 10;
// Longer than a send can take with the transport's timeouts, so a claim never lapses mid-send.
const CLAIM_LEASE_MS = 2 * 60_000;

/** The wait before attempt `attempts + 1`: doubling from the first delay, capped. */
export function retryDelayMs(attempts: number, retry: MailConfig['retry']) {
  return Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends queued mail: a kind of job (../jobs/runner.ts) that runs on every instance, at once when
 * this instance queues one (`kick`), when a failed attempt of its own is due again, and every
 * `pollIntervalMs` for anything else due (rows another instance left). Sending never happens
 * inside the request that asked for the mail. At least once: a claim is a lease, so a mail whose
 * instance died mid-send is sent again after the lease (a reset link made anew).
 */
export function createMailJob({
  queue,
  accounts,
  transport,
  config,
  log,
  jobs,
}: MailWorkerOptions): JobKind {
  /** What a queued row becomes; undefined when there is nothing to send any more. */
  async function compose(row: ClaimedMail): Promise<OutgoingMail | undefined> {
    // The only kind so far. Its token is made here, at sending time, so that it never lies in
    // the queue in clear: a retry makes a new one, voiding the one that did not arrive.
    const recipient = await accounts.findMailRecipient(row.recipient);
    if (!recipient) return undefined;
    const token = createSessionToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TOKEN_LIFETIME_MS);
    const issued = await accounts.issueResetToken(
      recipient.id,
      hashSessionToken(token),
      row.created_at,
      expiresAt,
    );
    // A newer request of the same member was served first: its link is the one that works.
    if (!issued) return undefined;
    const link = passwordResetLink(config.publicUrl, token);
    return { id: row.id, to: recipient.email, link, ...passwordResetMail(recipient, link) };
  }

  async function deliver(row: ClaimedMail) {
    try {
      const mail = await compose(row);
      if (mail) await transport.send(mail);
      await queue.remove(row.id);
      if (mail) log.info({ mail: row.id, kind: row.kind, attempts: row.attempts }, 'mail sent');
    } catch (error) {
      const final = row.attempts >= config.retry.maxAttempts;
      const retryAt = final
        ? null
        : new Date(Date.now() + retryDelayMs(row.attempts, config.retry));
      const reason = error instanceof Error ? error.message : String(error);
      await queue
        .recordFailure(row.id, reason, retryAt)
        .catch((recordError: unknown) =>
          log.warn({ mail: row.id, err: recordError }, 'could not record a failed mail attempt'),
        );
      const details = { mail: row.id, kind: row.kind, attempts: row.attempts, retryAt, err: error };
      if (final) log.error(details, 'mail could not be sent after every attempt; it stays failed');
      else {
        log.warn(details, 'mail could not be sent; it will be tried again');
        if (retryAt) jobs.kickAt(MAIL_JOB, retryAt);
      }
    }
  }

  return {
    name: MAIL_JOB,
    pollIntervalMs: config.pollIntervalMs,
    async runDue({ dueBy, stopping }) {
      for (;;) {
        const batch = await queue.claimDue(BATCH_SIZE, CLAIM_LEASE_MS, dueBy);
        for (const row of batch) await deliver(row);
        if (batch.length < BATCH_SIZE || stopping()) return;
      }
    },
  };
}
