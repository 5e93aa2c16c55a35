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
   * `status`, `status.update`, `status.delete`: the member wrote (rewhisped), edited or deleted
   * a whisp, for the Mastodon API's streams, which decide who may see it; Whisp's own event
   * stream does not send them.
   */
  kind:
    | 'notification'
    | 'message'
    | 'unread'
    | 'member'
    | 'status'
    | 'status.update'
    | 'status.delete';
  /**
   * The notification's, message's or whisp's id (for `status.delete`, the whisp's Mastodon id:
   * its row is gone); none for `unread`, which is read fresh.
   */
  id?: string;
}

export const LIVE_EVENT_KINDS: readonly LiveEvent['kind'][] = [
  'notification',
  'message',
  'unread',
  'member',
  'status',
  'status.update',
  'status.delete',
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
