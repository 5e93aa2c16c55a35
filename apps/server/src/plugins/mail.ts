import path from 'node:path';
import fp from 'fastify-plugin';
import type { MailConfig } from '../config.js';
import { createMailWorker } from '../mail/queue-worker.js';
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

/** Outgoing mail: the durable queue (a table) and this instance's worker sending from it. */
export const mailPlugin = fp<MailPluginOptions>(
  async (app, { mail, dataDir }) => {
    const transport = createMailTransport({
      smtpUrl: mail.smtpUrl,
      from: mail.from,
      outboxDir: path.join(dataDir, 'outbox'),
      log: app.log,
    });
    const worker = createMailWorker({
      queue: app.repositories.mailQueue,
      accounts: app.repositories.accounts,
      transport,
      config: mail,
      log: app.log,
    });

    app.decorate('mail', {
      async queuePasswordReset(email: string) {
        await app.repositories.mailQueue.enqueue('password_reset', email.trim());
        worker.kick();
      },
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'mail', dependencies: ['repositories'] },
);
