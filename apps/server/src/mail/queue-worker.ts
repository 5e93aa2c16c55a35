import { PASSWORD_RESET_TOKEN_LIFETIME_MS } from '@whisp/api-client/contract';
import { createSessionToken, hashSessionToken } from '../auth/tokens.js';
import type { MailConfig } from '../config.js';
import type { AccountsRepository } from '../db/repositories/accounts.js';
import type { ClaimedMail, MailQueueRepository } from '../db/repositories/mail-queue.js';
import { passwordResetLink, passwordResetMail } from './password-reset-mail.js';
import type { MailTransport, OutgoingMail } from './transport.js';

interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  queue: MailQueueRepository;
  accounts: AccountsRepository;
  transport: MailTransport;
  config: MailConfig;
  log: WorkerLog;
}

const BATCH_SIZE = 10;
// Longer than a send can take with the transport's timeouts, so a claim never lapses mid-send.
const CLAIM_LEASE_MS = 2 * 60_000;
// A shutdown waits this long for a send under way; a send cut short is claimed again later.
const STOP_WAIT_MS = 5_000;

/** The wait before attempt `attempts + 1`: doubling from the first delay, capped. */
export function retryDelayMs(attempts: number, retry: MailConfig['retry']) {
  return Math.min(retry.maxDelayMs, retry.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Sends queued mail, on every instance: at once when this instance queues one (`kick`), when a
 * failed attempt of its own is due again, and every `pollIntervalMs` for anything else due (rows
 * another instance left). Sending never happens inside the request that asked for the mail.
 */
export function createMailWorker({ queue, accounts, transport, config, log }: MailWorkerOptions) {
  let running: Promise<void> | undefined;
  let kickedWhileRunning = false;
  // The latest retry time a timer has reached and no claim has yet used (see claimDue).
  let dueBy: Date | undefined;
  let stopped = true;
  let pollTimer: NodeJS.Timeout | undefined;
  const retryTimers = new Set<NodeJS.Timeout>();

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
        if (retryAt) kickAt(retryAt);
      }
    }
  }

  async function sendDue() {
    const reached = dueBy;
    dueBy = undefined;
    for (;;) {
      const batch = await queue.claimDue(BATCH_SIZE, CLAIM_LEASE_MS, reached);
      for (const row of batch) await deliver(row);
      if (batch.length < BATCH_SIZE || stopped) return;
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = sendDue()
      .catch((error: unknown) => log.warn({ err: error }, 'could not read the mail queue'))
      .finally(() => {
        running = undefined;
        if (kickedWhileRunning) {
          kickedWhileRunning = false;
          kick();
        }
      });
  }

  function kickAt(at: Date) {
    const timer = setTimeout(
      () => {
        retryTimers.delete(timer);
        if (!dueBy || dueBy < at) dueBy = at;
        kick();
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
    retryTimers.add(timer);
  }

  return {
    start() {
      stopped = false;
      pollTimer = setInterval(kick, config.pollIntervalMs);
      pollTimer.unref();
      kick();
    },
    /** Sends what is due now (a new mail was queued). */
    kick,
    /** No new sends; waits a little for the one under way. */
    async stop() {
      stopped = true;
      clearInterval(pollTimer);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      if (running) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          running,
          new Promise((resolve) => {
            timer = setTimeout(resolve, STOP_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
      }
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
