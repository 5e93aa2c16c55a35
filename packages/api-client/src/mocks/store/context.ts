import type { Id, Message, Notification, NotificationType, UnreadCounts } from '../../models.js';
import { unauthorized } from '../errors.js';
import { wantsNotification } from './preferences.js';
import type { MockData, UserRecord } from './records.js';
import type { Shapes } from './shapes.js';
import { blockedBetween, visibilityFor } from './visibility.js';

export type LiveEvent =
  | { type: 'notification'; data: Notification }
  | { type: 'message'; data: Message }
  | { type: 'unread'; data: UnreadCounts };

export type LiveEventListener = (event: LiveEvent) => void;

/** What every group of mock operations shares: the tables, shapes, clock, ids and live events. */
export interface StoreContext {
  data: MockData;
  shapes: Shapes;
  now(): string;
  newId(kind: string): Id;
  /** The signed-in member of a request, or a 401 like the server's. */
  viewer(token: string | null): UserRecord;
  notify(userId: Id, actorId: Id, type: NotificationType, postId: Id | null): void;
  /** Takes back the notification of an undone like, rewhisp or follow (no stale "liked your whisp"). */
  withdraw(actorId: Id, type: NotificationType, target: { postId: Id } | { userId: Id }): void;
  unreadCounts(userId: Id): UnreadCounts;
  emit(userId: Id, event: LiveEvent): void;
}

export function createContext(
  getData: () => MockData,
  getShapes: () => Shapes,
  options: { now: () => Date; pinned: boolean; listeners: Map<Id, Set<LiveEventListener>> },
): StoreContext {
  let sequence = 0;
  let last = 0;
  const context: StoreContext = {
    get data() {
      return getData();
    },
    get shapes() {
      return getShapes();
    },
    // Strictly increasing, as the database's microsecond clock is in practice: two writes in
    // the same millisecond still come out in the order they were made.
    now: () => {
      const now = options.now().getTime();
      last = options.pinned ? now : Math.max(now, last + 1);
      return new Date(last).toISOString();
    },
    newId: (kind) => {
      sequence += 1;
      return `${kind}-${Date.now().toString(36)}-${sequence}`;
    },
    viewer(token) {
      const userId = token ? context.data.sessions[token] : undefined;
      const user = userId ? context.shapes.userById(userId) : undefined;
      if (!user) throw unauthorized(token);
      return user;
    },
    notify(userId, actorId, type, postId) {
      // Acting on your own content never notifies you (api.md, side effects).
      if (userId === actorId) return;
      // Between a blocker and the member they block nothing notifies (a mention included).
      if (blockedBetween(context.data, userId, actorId)) return;
      // A type the member turned off is not recorded at all, as on the server.
      if (!wantsNotification(context.shapes.userById(userId), type)) return;
      const record = {
        id: context.newId('notification'),
        user_id: userId,
        actor_id: actorId,
        type,
        post_id: postId,
        is_read: false,
        created_at: context.now(),
      };
      context.data.notifications.push(record);
      // Kept, but unseen while the actor is muted or suspended or the whisp holds a muted word.
      if (!visibilityFor(context.data, userId).showsNotification(actorId, postId)) return;
      context.emit(userId, { type: 'notification', data: context.shapes.notification(record) });
      context.emit(userId, { type: 'unread', data: context.unreadCounts(userId) });
    },
    withdraw(actorId, type, target) {
      context.data.notifications = context.data.notifications.filter(
        (n) =>
          !(
            n.actor_id === actorId &&
            n.type === type &&
            ('postId' in target ? n.post_id === target.postId : n.user_id === target.userId)
          ),
      );
    },
    unreadCounts(userId) {
      const visible = visibilityFor(context.data, userId);
      return {
        notifications: context.data.notifications.filter(
          (n) =>
            n.user_id === userId && !n.is_read && visible.showsNotification(n.actor_id, n.post_id),
        ).length,
        messages: context.data.messages.filter(
          (m) => m.recipient_id === userId && !m.is_read && !visible.hides(m.sender_id),
        ).length,
      };
    },
    emit(userId, event) {
      for (const listener of options.listeners.get(userId) ?? []) listener(event);
    },
  };
  return context;
}

/** `limit`/`offset` or `page`/`limit` slices, with the server's caps. */
export function slice<T>(items: T[], offset: number, limit: number) {
  const page = items.slice(offset, offset + limit);
  return { page, has_more: offset + limit < items.length };
}

export const newestFirst = <T extends { created_at: string; id?: string }>(a: T, b: T) =>
  b.created_at.localeCompare(a.created_at) || compareText(b.id ?? '', a.id ?? '');

/** Text in code-unit order, as PostgreSQL's C collation and uuid comparison order it. */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
