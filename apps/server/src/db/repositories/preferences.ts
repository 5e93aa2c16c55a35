import {
  DEFAULT_PREFERENCES,
  OPTIONAL_NOTIFICATION_TYPES,
  type PreferencesValues,
} from '@whisp/api-client/contract';
import { type RawBuilder, sql } from 'kysely';

/**
 * What users.preferences holds (0017_preferences.sql): only what the member changed. Read as
 * unknown JSON on purpose: a row written by an older or newer server (or an import) may hold
 * keys or values this one does not know, and they must read as the default, never fail a sign-in.
 */
export type StoredPreferences = Record<string, unknown>;

export type PreferencesChanges = Partial<Omit<PreferencesValues, 'notifications'>> & {
  notifications?: Partial<PreferencesValues['notifications']>;
};

function pick<T>(value: unknown, valid: (value: unknown) => value is T, fallback: T): T {
  return valid(value) ? value : fallback;
}
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isAudience = (value: unknown): value is PreferencesValues['messages_from'] =>
  value === 'everyone' || value === 'following' || value === 'nobody';

/** The whole preferences object: each stored choice over its default. */
export function readPreferences(stored: StoredPreferences | null | undefined): PreferencesValues {
  const own = stored ?? {};
  const notifications = (
    typeof own.notifications === 'object' && own.notifications !== null ? own.notifications : {}
  ) as Record<string, unknown>;
  return {
    messages_from: pick(own.messages_from, isAudience, DEFAULT_PREFERENCES.messages_from),
    read_receipts: pick(own.read_receipts, isBoolean, DEFAULT_PREFERENCES.read_receipts),
    discoverable_by_email: pick(
      own.discoverable_by_email,
      isBoolean,
      DEFAULT_PREFERENCES.discoverable_by_email,
    ),
    notifications: Object.fromEntries(
      OPTIONAL_NOTIFICATION_TYPES.map((type) => [
        type,
        pick(notifications[type], isBoolean, DEFAULT_PREFERENCES.notifications[type]),
      ]),
    ) as PreferencesValues['notifications'],
    autoplay_media: pick(own.autoplay_media, isBoolean, DEFAULT_PREFERENCES.autoplay_media),
    data_saver: pick(own.data_saver, isBoolean, DEFAULT_PREFERENCES.data_saver),
  };
}

/**
 * The stored object with the changes merged in, as one expression, so that two saves of
 * different switches at once both hold (a read-modify-write in the server would lose one).
 */
export function mergedPreferences(changes: PreferencesChanges): RawBuilder<string> {
  const { notifications, ...topLevel } = changes;
  const withTopLevel = sql`users.preferences || ${JSON.stringify(topLevel)}::jsonb`;
  if (!notifications) return sql<string>`${withTopLevel}`;
  return sql<string>`${withTopLevel} || jsonb_build_object('notifications',
    case when jsonb_typeof(users.preferences -> 'notifications') = 'object'
      then users.preferences -> 'notifications' else '{}'::jsonb end
    || ${JSON.stringify(notifications)}::jsonb)`;
}

/**
 * Whether the member `recipient` (an SQL expression of their id) wants notifications of `type`,
 * read in the statement that records them so that the switch costs no statement of its own.
 * A member who left it unset gets the default.
 */
export function wantsNotification(
  recipient: RawBuilder<unknown>,
  type: RawBuilder<unknown>,
): RawBuilder<boolean> {
  const defaults = JSON.stringify(DEFAULT_PREFERENCES.notifications);
  // A remote member's notifications are their own server's to make (federation): none here.
  return sql<boolean>`coalesce((
    select case
      when wanting.host is not null then false
      when jsonb_typeof(wanting.preferences -> 'notifications' -> ${type}::text) = 'boolean'
        then (wanting.preferences -> 'notifications' ->> ${type}::text)::boolean
      else (${defaults}::jsonb ->> ${type}::text)::boolean end
    from users wanting where wanting.id = ${recipient}), true)`;
}

/** Whether the member of `users` chose to be found by their exact email address. */
export const discoverableByEmail = sql<boolean>`coalesce(users.preferences -> 'discoverable_by_email',
  ${JSON.stringify(DEFAULT_PREFERENCES.discoverable_by_email)}::jsonb) = 'true'::jsonb`;
