import type { Poll, Post, ScheduledWhisp, WhispClient } from '../../src/index.js';
import type { Recorder } from './contractFlows.js';

const okOf = <T>(outcome: unknown) => (outcome as { ok: T }).ok;

/**
 * Composer (1.2) between Ada and Ben: a warned whisp, a poll and its votes and refusals, a thread
 * of replies to replies, an edit and its history, and scheduled whisps with their refusals.
 */
export async function runComposerFlows(record: Recorder, ada: WhispClient, ben: WhispClient) {
  await record(
    'whisp with a content warning',
    ben.posts.create({ content: 'The finale', content_warning: 'Spoilers' }),
  );
  await record(
    'content warning too long',
    ben.posts.create({ content: 'Hm', content_warning: 'w'.repeat(101) }),
  );
  const polled = okOf<Post>(
    await record(
      'whisp with a poll',
      ben.posts.create({
        content: 'Tea or coffee?',
        poll: { options: ['Tea', 'Coffee'], expires_in: 3600, multiple: false },
      }),
    ),
  );
  await record(
    'poll with repeated options',
    ben.posts.create({
      content: 'Tea or tea?',
      poll: { options: ['Tea', 'tea'], expires_in: 3600, multiple: false },
    }),
  );
  await record(
    'poll too short',
    ben.posts.create({
      content: 'Quick!',
      poll: { options: ['Yes', 'No'], expires_in: 60, multiple: false },
    }),
  );
  const pollId = (polled?.poll as Poll | null)?.id ?? 'none';
  await record('poll before voting', ada.posts.get(polled?.id ?? 'none'));
  await record('vote with two choices in a single poll', ada.posts.votePoll(pollId, [0, 1]));
  await record('vote', ada.posts.votePoll(pollId, [1]));
  await record('vote again', ada.posts.votePoll(pollId, [0]));
  await record('vote in your own poll', ben.posts.votePoll(pollId, [0]));

  const root = okOf<Post>(await record('thread root', ben.posts.create({ content: 'Thread' })));
  const first = okOf<Post>(
    await record('reply in a thread', ada.posts.reply(root?.id ?? 'none', { content: 'One' })),
  );
  await record(
    'reply to a reply',
    ben.posts.reply(first?.id ?? 'none', { content: 'Two', content_warning: 'Aside' }),
  );
  await record('thread context', ada.posts.context(root?.id ?? 'none'));
  await record('context of a reply', ada.posts.context(first?.id ?? 'none'));
  await record(
    'edit with a warning',
    ben.posts.edit(root?.id ?? 'none', { content: 'Thread, edited', content_warning: 'Long' }),
  );
  await record('edit history', ada.posts.history(root?.id ?? 'none'));

  const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const scheduled = okOf<ScheduledWhisp>(
    await record(
      'schedule a whisp',
      ben.posts.create({
        content: 'Later',
        scheduled_at: soon(120),
        poll: { options: ['A', 'B'], expires_in: 600, multiple: true },
      }),
    ),
  );
  await record('schedule too soon', ben.posts.create({ content: 'Now', scheduled_at: soon(1) }));
  await record('scheduled whisps', ben.scheduledPosts.list());
  await record(
    'reschedule',
    ben.scheduledPosts.update(scheduled?.id ?? 'none', { scheduled_at: soon(180) }),
  );
  await record(
    "cancel someone else's scheduled whisp",
    ada.scheduledPosts.cancel(scheduled?.id ?? 'none'),
  );
  await record('cancel a scheduled whisp', ben.scheduledPosts.cancel(scheduled?.id ?? 'none'));
}
