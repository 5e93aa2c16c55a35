import fp from 'fastify-plugin';
import type { JobsConfig } from '../config.js';
import { createPollEndingsJob } from '../jobs/poll-endings.js';
import { createJobRunner, type JobRunner } from '../jobs/runner.js';
import { createScheduledPublishingJob } from '../jobs/scheduled-publishing.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable work of this instance: mail, scheduled whisps, poll endings (src/jobs/). */
    jobs: JobRunner;
  }
}

/**
 * One job runner per instance. It starts once the server is ready, doing at once whatever fell
 * due while no server ran, and stops when the server closes, waiting briefly for work under way.
 * Other plugins add their kinds (mail: ./mail.ts).
 */
export const jobsPlugin = fp<{ jobs: JobsConfig }>(
  async (app, { jobs: config }) => {
    const runner = createJobRunner({ log: app.log });
    runner.add(
      createScheduledPublishingJob({
        scheduledPosts: app.repositories.scheduledPosts,
        pollIntervalMs: config.pollIntervalMs,
        log: app.log,
      }),
    );
    runner.add(
      createPollEndingsJob({
        pollEndings: app.repositories.pollEndings,
        pollIntervalMs: config.pollIntervalMs,
      }),
    );
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['repositories'] },
);
