/**
 * What happened for a member, as it travels between server instances: only ids, so a payload
 * stays far below PostgreSQL's 8000-byte NOTIFY limit and receivers read the row as the member
 * is allowed to see it.
 */
export interface LiveEvent {
  memberId: string;
  kind: 'notification' | 'message' | 'unread';
  /** The notification's or message's id; none for `unread`, which is read fresh. */
  id?: string;
}

export interface LiveEventPublisher {
  /** Called only after the change that caused the events has committed. */
  publish(events: readonly LiveEvent[]): void;
}

/** For code that writes without anyone listening (the query-plan script, the demo loader). */
export const nobodyListening: LiveEventPublisher = { publish() {} };
