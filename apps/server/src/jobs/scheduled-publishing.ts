import {
  PublicationFailed,
  type ScheduledPostsRepository,
} from '../db/repositories/scheduled-posts.js';
import type { JobKind, JobLog } from './runner.js';

export const SCHEDULED_PUBLISHING_JOB = 'scheduled-publishing';

/**
 * Publishes scheduled whisps once their time has come, one transaction per whisp (see
 * `publishNext`): exactly once, whichever instance gets there first, late rather than lost.
 */
export function createScheduledPublishingJob({
  scheduledPosts,
  pollIntervalMs,
  log,
}: {
  scheduledPosts: ScheduledPostsRepository;
  pollIntervalMs: number;
  log: JobLog;
}): JobKind {
  return {
    name: SCHEDULED_PUBLISHING_JOB,
    pollIntervalMs,
    async runDue({ dueBy, stopping }) {
      while (!stopping()) {
        let outcome: Awaited<ReturnType<ScheduledPostsRepository['publishNext']>>;
        try {
          outcome = await scheduledPosts.publishNext(dueBy);
        } catch (error) {
          // Anything else (the database away) ends the pass; the runner logs it.
          if (!(error instanceof PublicationFailed)) throw error;
          // The row waits (publishNext recorded when to try it again); the others go on.
          log.error(
            { scheduled: error.scheduledId, err: error.cause },
            'could not publish a scheduled whisp; it will be tried again',
          );
          continue;
        }
        if (!outcome) return;
        if (outcome.kind === 'published') {
          log.info(
            { scheduled: outcome.scheduledId, post: outcome.postId, author: outcome.authorId },
            'published a scheduled whisp',
          );
        } else {
          log.info(
            { scheduled: outcome.scheduledId, author: outcome.authorId },
            'dropped a scheduled whisp of a suspended member',
          );
        }
      }
    },
    nextDueAt: () => scheduledPosts.nextDueAt(),
  };
}
