/**
 * What happened for a member, as it travels between server instances: only ids, so a payload
 * stays far below PostgreSQL's 8000-byte NOTIFY limit and receivers read the row as the member
 * is allowed to see it.
 */
export interface LiveEvent {
  memberId: string;
  /**
   * `member`: the member's sessions or profile changed (a sign-out, a new name or picture), so
   * every instance drops the sign-in answers it cached for them; no stream hears it.
   */
  kind: 'notification' | 'message' | 'unread' | 'member';
  /** The notification's or message's id; none for `unread`, which is read fresh. */
  id?: string;
}

export const LIVE_EVENT_KINDS: readonly LiveEvent['kind'][] = [
  'notification',
  'message',
  'unread',
  'member',
];

export interface LiveEventPublisher {
  /**
   * Called only after the change that caused the events has committed. Resolves (never rejects)
   * once every instance can hear them; only a sign-out waits for that before it answers.
   */
  publish(events: readonly LiveEvent[]): Promise<void>;
}

/** For code that writes without anyone listening (the query-plan script, the demo loader). */
export const nobodyListening: LiveEventPublisher = { publish: async () => {} };
