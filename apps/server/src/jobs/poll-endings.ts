import type { PollEndingsRepository } from '../db/repositories/poll-endings.js';
import type { JobKind } from './runner.js';

export const POLL_ENDINGS_JOB = 'poll-endings';

/**
 * Tells the author and every voter of each poll that ended, once (see `announceNext`), whichever
 * instance gets there first, also for polls that ended while no server ran.
 */
export function createPollEndingsJob({
  pollEndings,
  pollIntervalMs,
}: {
  pollEndings: PollEndingsRepository;
  pollIntervalMs: number;
}): JobKind {
  return {
    name: POLL_ENDINGS_JOB,
    pollIntervalMs,
    async runDue({ dueBy, stopping }) {
      // A failure ends the pass (the runner logs it); the poll stays unannounced for the next.
      while (!stopping()) {
        if (!(await pollEndings.announceNext(dueBy))) return;
      }
    },
    nextDueAt: () => pollEndings.nextDueAt(),
  };
}
