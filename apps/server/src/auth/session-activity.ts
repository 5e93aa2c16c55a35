/** A session's last use is written at most this often (by each instance; see `touch`). */
export const SESSION_ACTIVITY_INTERVAL_MS = 60_000;
// Past this many sessions seen, the oldest notes are dropped: at worst one extra write for them.
const MAX_TRACKED_SESSIONS = 20_000;

/**
 * Decides when a request should record its session's last use: once per session per interval,
 * so `last_used_at` costs one small write a minute for an active member, not one per request.
 * The write itself is conditional as well (sessions repository `touch`), so several instances
 * add no more than a no-op update each.
 */
export function createSessionActivity({
  intervalMs = SESSION_ACTIVITY_INTERVAL_MS,
  now = Date.now,
}: {
  intervalMs?: number;
  now?: () => number;
} = {}) {
  const lastWritten = new Map<string, number>();
  return {
    intervalMs,
    /** True (and noted) when this session's use is due to be written. */
    isDue(tokenHash: string) {
      const at = now();
      const last = lastWritten.get(tokenHash);
      if (last !== undefined && at - last < intervalMs) return false;
      lastWritten.delete(tokenHash);
      if (lastWritten.size >= MAX_TRACKED_SESSIONS) {
        const oldest = lastWritten.keys().next().value;
        if (oldest !== undefined) lastWritten.delete(oldest);
      }
      lastWritten.set(tokenHash, at);
      return true;
    },
  };
}
