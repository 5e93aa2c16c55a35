import path from 'node:path';
import fp from 'fastify-plugin';
import type { MailConfig } from '../config.js';
import { createMailJob, MAIL_JOB } from '../mail/queue-worker.js';
import { createMailTransport } from '../mail/transport.js';

declare module 'fastify' {
  interface FastifyInstance {
    mail: {
      /**
       * Queues a password reset mail for whoever has this address (nobody: nothing is sent).
       * Resolves once queued, before anything is looked up or sent, so the request that asks
       * takes the same time whether or not the account exists.
       */
      queuePasswordReset(email: string): Promise<void>;
    };
  }
}

export interface MailPluginOptions {
  mail: MailConfig;
  dataDir: string;
}

/** Outgoing mail: the durable queue (a table), sent from by this instance's job runner. */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, { mail, dataDir }) => {
    const transport = createMailTransport({
      smtpUrl: mail.smtpUrl,
      from: mail.from,
      outboxDir: path.join(dataDir, 'outbox'),
      log: app.log,
    });
    app.jobs.add(
      createMailJob({
        queue: app.repositories.mailQueue,
        accounts: app.repositories.accounts,
        transport,
        config: mail,
        log: app.log,
        jobs: app.jobs,
      }),
    );

    app.decorate('mail', {
      async queuePasswordReset(email: string) {
        await app.repositories.mailQueue.enqueue('password_reset', email.trim());
        app.jobs.kick(MAIL_JOB);
      },
    });
    app.addHook('onClose', async () => {
      // The runner first (again: stopping twice is harmless), so no send is under way when the
      // transport closes.
      await app.jobs.stop();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['repositories', 'jobs'] },
);
