/**
 * What happened for a member, as it travels between server instances: only ids, so a payload
 * stays far below PostgreSQL's 8000-byte NOTIFY limit and receivers read the row as the member
 * is allowed to see it.
 */
export interface LiveEvent {
  memberId: string;
  /**
   * `member`: what the member's sign-in resolves to changed (a sign-out, a new name or picture,
   * a follow), so every instance drops the sign-ins it cached for them; no stream hears it. For
   * the member id EVERY_MEMBER (`*`, a suspension or its lifting) every cached sign-in goes.
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
   * once every instance can hear them: the changes cached sign-ins depend on wait for that
   * before they answer.
   */
  publish(events: readonly LiveEvent[]): Promise<void>;
}

/** For code that writes without anyone listening (the query-plan script, the demo loader). */
export const nobodyListening: LiveEventPublisher = { publish: async () => {} };
