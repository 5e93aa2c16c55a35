import { MUTED_WORDS_MAX } from '../../contract/limits.js';
import { normaliseMutedWord } from '../../contract/muted-words.js';
import type { Id, MutedWord } from '../../models.js';
import { fail } from '../errors.js';
import { compareText, type StoreContext } from './context.js';
import type { UserRecord } from './records.js';
import { isSuspended } from './visibility.js';

/** Block, mute and muted words (Safety 1.1), with the server's rules. */
export function createSafetyOperations(ctx: StoreContext) {
  /** Another member who exists for the viewer's purpose: unknown or suspended is a 404. */
  const otherMember = (
    viewer: UserRecord,
    id: Id,
    action: 'block' | 'unblock' | 'mute' | 'unmute',
  ) => {
    const user = ctx.shapes.userById(id);
    if (!user || isSuspended(ctx.data, id)) throw fail('userNotFound');
    if (user.id === viewer.id) throw fail('cannotBlockYourself', action);
    return user;
  };
  const newestFirst = <Row extends { created_at: string }>(rows: Row[], idOf: (row: Row) => Id) =>
    [...rows].sort(
      (a, b) => compareText(b.created_at, a.created_at) || compareText(idOf(a), idOf(b)),
    );

  return {
    /** Blocks, and ends the follows both ways (their notifications go too); idempotent. */
    block(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'block');
      const data = ctx.data;
      if (!data.blocks.some((b) => b.blocker_id === viewer.id && b.blocked_id === user.id)) {
        data.blocks.push({ blocker_id: viewer.id, blocked_id: user.id, created_at: ctx.now() });
      }
      const between = (a: Id, b: Id) =>
        (a === viewer.id && b === user.id) || (a === user.id && b === viewer.id);
      data.follows = data.follows.filter((f) => !between(f.follower_id, f.followed_id));
      data.followRequests = data.followRequests.filter(
        (r) => !between(r.requester_id, r.target_id),
      );
      data.notifications = data.notifications.filter(
        (n) =>
          !((n.type === 'follow' || n.type === 'follow_request') && between(n.actor_id, n.user_id)),
      );
      return { is_blocking: true };
    },

    /** Visibility comes back; the follows the block ended do not. */
    unblock(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'unblock');
      ctx.data.blocks = ctx.data.blocks.filter(
        (b) => !(b.blocker_id === viewer.id && b.blocked_id === user.id),
      );
      return { is_blocking: false };
    },

    mute(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'mute');
      if (!ctx.data.mutes.some((m) => m.muter_id === viewer.id && m.muted_id === user.id)) {
        ctx.data.mutes.push({ muter_id: viewer.id, muted_id: user.id, created_at: ctx.now() });
      }
      return { is_muting: true };
    },

    unmute(viewer: UserRecord, id: Id) {
      const user = otherMember(viewer, id, 'unmute');
      ctx.data.mutes = ctx.data.mutes.filter(
        (m) => !(m.muter_id === viewer.id && m.muted_id === user.id),
      );
      return { is_muting: false };
    },

    /** The members the viewer blocks (or mutes), most recent first; suspended ones are left out. */
    blockedMembers(viewer: UserRecord) {
      const rows = ctx.data.blocks.filter((b) => b.blocker_id === viewer.id);
      return newestFirst(rows, (b) => b.blocked_id)
        .filter((b) => !isSuspended(ctx.data, b.blocked_id))
        .map((b) => ctx.shapes.summary(ctx.shapes.member(b.blocked_id)));
    },

    mutedMembers(viewer: UserRecord) {
      const rows = ctx.data.mutes.filter((m) => m.muter_id === viewer.id);
      return newestFirst(rows, (m) => m.muted_id)
        .filter((m) => !isSuspended(ctx.data, m.muted_id))
        .map((m) => ctx.shapes.summary(ctx.shapes.member(m.muted_id)));
    },

    mutedWords(viewer: UserRecord): MutedWord[] {
      const rows = ctx.data.mutedWords.filter((w) => w.user_id === viewer.id);
      return newestFirst(rows, (w) => w.id).map(({ id, word, created_at }) => ({
        id,
        word,
        created_at,
      }));
    },

    /**
     * Adds a word (already checked by the request schema). The same word in any case is the one
     * already kept (`created` false); past MUTED_WORDS_MAX it is refused.
     */
    addMutedWord(viewer: UserRecord, input: string): { word: MutedWord; created: boolean } {
      const word = normaliseMutedWord(input);
      const mine = ctx.data.mutedWords.filter((w) => w.user_id === viewer.id);
      const same = mine.find((w) => w.word.toLowerCase() === word.toLowerCase());
      if (same) {
        return {
          word: { id: same.id, word: same.word, created_at: same.created_at },
          created: false,
        };
      }
      if (mine.length >= MUTED_WORDS_MAX) throw fail('tooManyMutedWords');
      const record = {
        id: ctx.newId('muted-word'),
        user_id: viewer.id,
        word,
        created_at: ctx.now(),
      };
      ctx.data.mutedWords.push(record);
      return { word: { id: record.id, word, created_at: record.created_at }, created: true };
    },

    /** Someone else's muted word (or an unknown id) is "not found". */
    removeMutedWord(viewer: UserRecord, id: Id) {
      const found = ctx.data.mutedWords.some((w) => w.id === id && w.user_id === viewer.id);
      if (!found) throw fail('mutedWordNotFound');
      ctx.data.mutedWords = ctx.data.mutedWords.filter((w) => w.id !== id);
    },
  };
}
