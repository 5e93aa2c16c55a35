import type { SignedInMember } from '../db/repositories/users.js';

/** A live session as the sign-in check found it. */
export interface SessionMember {
  member: SignedInMember;
  /** When the session stops working, whatever the cache holds. */
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /** How long a looked-up session is trusted without asking the database again. */
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

interface Entry extends SessionMember {
  memberId: string;
  storedAt: number;
}

/**
 * The sign-in check's answers, by token hash, so that most authenticated requests make one
 * database statement instead of two. Whatever changes what a token resolves to (a sign-out, a
 * profile or image change) calls `forgetMember` on every instance (see the session-cache plugin),
 * and an entry is trusted for `ttlMs` at most, so a change made behind the server's back (by hand
 * in the database) also shows within that time.
 */
export function createSessionCache({ ttlMs, maxEntries, now = Date.now }: SessionCacheOptions) {
  const entries = new Map<string, Entry>();
  const hashesByMember = new Map<string, Set<string>>();
  // Bumped by every forget: a lookup that was under way while one happened may have read the
  // row from before it, so its answer is used once but not kept.
  let generation = 0;

  function remove(tokenHash: string) {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const hashes = hashesByMember.get(entry.memberId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) hashesByMember.delete(entry.memberId);
  }

  return {
    get size() {
      return entries.size;
    },

    /** The cached member of a live session, if the cache still trusts it. */
    get(tokenHash: string): SignedInMember | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const at = now();
      if (at - entry.storedAt >= ttlMs || at >= entry.expiresAt.getTime()) {
        remove(tokenHash);
        return undefined;
      }
      return entry.member;
    },

    /**
     * Looks the session up with `find` and keeps the answer, unless something was forgotten
     * meanwhile. Unknown, revoked and expired tokens are not kept: `find` answers undefined.
     */
    async load(
      tokenHash: string,
      find: (tokenHash: string) => Promise<SessionMember | undefined>,
    ): Promise<SignedInMember | undefined> {
      const startedAt = generation;
      const found = await find(tokenHash);
      if (!found) return undefined;
      if (startedAt === generation) {
        if (entries.size >= maxEntries) {
          // Map keeps insertion order: the oldest entry goes first.
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) remove(oldest);
        }
        const memberId = found.member.id;
        entries.set(tokenHash, { ...found, memberId, storedAt: now() });
        const hashes = hashesByMember.get(memberId) ?? new Set<string>();
        hashesByMember.set(memberId, hashes.add(tokenHash));
      }
      return found.member;
    },

    /** Drops every cached session of this member: their sessions or their profile changed. */
    forgetMember(memberId: string) {
      generation += 1;
      for (const tokenHash of hashesByMember.get(memberId) ?? []) remove(tokenHash);
    },

    clear() {
      generation += 1;
      entries.clear();
      hashesByMember.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
