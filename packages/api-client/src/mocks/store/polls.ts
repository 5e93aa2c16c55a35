import { POLL_ENDED_MESSAGES } from '../../contract/choices.js';
import { type PollRequest, voteChoicesRefusal } from '../../contract/composer.js';
import type { Id, Poll } from '../../models.js';
import { fail, failOn } from '../errors.js';
import type { StoreContext } from './context.js';
import { wantsNotification } from './preferences.js';
import type { MockData, PollRecord, PostRecord, UserRecord } from './records.js';
import { blockedBetween, visibilityFor } from './visibility.js';

const SECOND_MS = 1000;

/**
 * A poll as one member sees it: the totals always, each option's count only once they voted or
 * wrote the poll, or once it ended (the spec's hidden counts).
 */
export function pollShape(data: MockData, poll: PollRecord, viewerId: Id, nowMs: number): Poll {
  const votes = data.pollVotes.filter((vote) => vote.poll_id === poll.id);
  const own = votes.filter((vote) => vote.voter_id === viewerId).map((vote) => vote.choice);
  const expired = Date.parse(poll.expires_at) <= nowMs;
  const authorId = data.posts.find((post) => post.id === poll.post_id)?.author_id;
  const counted = expired || own.length > 0 || authorId === viewerId;
  return {
    id: poll.id,
    options: poll.options.map((title, index) => ({
      title,
      votes_count: counted ? votes.filter((vote) => vote.choice === index).length : null,
    })),
    multiple: poll.multiple,
    expires_at: poll.expires_at,
    expired,
    votes_count: votes.length,
    voters_count: new Set(votes.map((vote) => vote.voter_id)).size,
    voted: own.length > 0,
    own_votes: own.sort((a, b) => a - b),
  };
}

/** Voting, poll endings (the author and voters told once) and a test's way to end a poll now. */
export function createPollOperations(ctx: StoreContext) {
  const nowMs = () => Date.parse(ctx.now());
  const find = (id: Id) => {
    const poll = ctx.data.polls.find((p) => p.id === id);
    if (!poll) throw fail('pollNotFound');
    return poll;
  };
  const postOf = (poll: PollRecord) => {
    const post = ctx.data.posts.find((p) => p.id === poll.post_id);
    if (!post) throw fail('pollNotFound');
    return post;
  };

  /** Tells the author and every voter (not blocked either way with the author) once. */
  const announce = (poll: PollRecord, post: PostRecord) => {
    const voters = new Set(
      ctx.data.pollVotes.filter((vote) => vote.poll_id === poll.id).map((vote) => vote.voter_id),
    );
    voters.delete(post.author_id);
    const recipients = [
      { id: post.author_id, message: POLL_ENDED_MESSAGES.author },
      ...[...voters]
        .filter((voter) => !blockedBetween(ctx.data, voter, post.author_id))
        .map((id) => ({ id, message: POLL_ENDED_MESSAGES.voter })),
    ];
    for (const recipient of recipients) {
      if (!wantsNotification(ctx.shapes.userById(recipient.id), 'poll')) continue;
      // Not ctx.notify: the author is told of their own poll, with their own name as the actor.
      const record = {
        id: ctx.newId('notification'),
        user_id: recipient.id,
        actor_id: post.author_id,
        type: 'poll' as const,
        post_id: post.id,
        is_read: false,
        created_at: ctx.now(),
        message: recipient.message,
      };
      ctx.data.notifications.push(record);
      if (!visibilityFor(ctx.data, recipient.id).showsNotification(post.author_id, post.id)) {
        continue;
      }
      ctx.emit(recipient.id, { type: 'notification', data: ctx.shapes.notification(record) });
      ctx.emit(recipient.id, { type: 'unread', data: ctx.unreadCounts(recipient.id) });
    }
    poll.ended_notified_at = ctx.now();
  };

  return {
    /** Starts a whisp's poll when it is published: it runs `expires_in` seconds from now. */
    openPoll(post: PostRecord, request: PollRequest) {
      const now = ctx.now();
      const poll: PollRecord = {
        id: ctx.newId('poll'),
        post_id: post.id,
        options: [...request.options],
        multiple: request.multiple,
        expires_at: new Date(Date.parse(now) + request.expires_in * SECOND_MS).toISOString(),
        created_at: now,
        ended_notified_at: null,
      };
      ctx.data.polls.push(poll);
      return poll;
    },

    /** POST /api/polls/{id}/votes: the poll as the voter now sees it (counts shown). */
    vote(viewer: UserRecord, pollId: Id, choices: number[]) {
      const poll = find(pollId);
      const post = postOf(poll);
      if (!visibilityFor(ctx.data, viewer.id).shows(post)) throw fail('pollNotFound');
      if (post.author_id === viewer.id) throw fail('cannotVoteOwnPoll');
      // The server's order: the choices, then whether it ended, then an earlier vote.
      if (voteChoicesRefusal(choices, poll.options.length, poll.multiple)) {
        throw failOn('choices', 'pollChoicesInvalid', poll.multiple);
      }
      if (Date.parse(poll.expires_at) <= nowMs()) throw fail('pollExpired');
      if (ctx.data.pollVotes.some((v) => v.poll_id === poll.id && v.voter_id === viewer.id)) {
        throw fail('alreadyVoted');
      }
      const created_at = ctx.now();
      for (const choice of choices) {
        ctx.data.pollVotes.push({ poll_id: poll.id, voter_id: viewer.id, choice, created_at });
      }
      return pollShape(ctx.data, poll, viewer.id, nowMs());
    },

    /**
     * Announces every poll that ended and was not yet announced, as the server's job does within
     * a minute; the mocks run it before answering any request, so reading a poll or the
     * notifications after it ended finds them told.
     */
    announceEndedPolls() {
      const now = nowMs();
      for (const poll of ctx.data.polls) {
        if (poll.ended_notified_at || Date.parse(poll.expires_at) > now) continue;
        const post = ctx.data.posts.find((p) => p.id === poll.post_id);
        if (post) announce(poll, post);
      }
    },

    /** Ends a poll now (tests and stories: the shortest poll runs five minutes). */
    expirePoll(pollId: Id) {
      const poll = find(pollId);
      // A minute back: the store's clock steps 1 ms per reading within a millisecond, so it can
      // run a little ahead of the clock the shapes read; 1 ms back was sometimes still ahead there.
      poll.expires_at = new Date(nowMs() - 60_000).toISOString();
    },
  };
}
