import { useCallback, useState, useSyncExternalStore } from 'react';

/** Where the privacy, notification and data toggles live: this browser's local storage. */
export const PREFERENCES_STORAGE_KEY = 'whisp.preferences';

export const defaultPreferences = {
  showReadReceipts: true,
  allowMessagesFromEveryone: true,
  discoverableByEmail: false,
  notifyLikes: true,
  notifyFollows: true,
  notifyReplies: true,
  notifyMentions: true,
  notifyMessages: true,
  autoplayVideos: true,
  loadImagesOnCellular: true,
  reduceDataUsage: false,
};

export type Preferences = typeof defaultPreferences;
export type PreferenceName = keyof Preferences;

/** The stored choices over the defaults; null when storage cannot be read (private modes). */
function readStored(): Preferences | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PREFERENCES_STORAGE_KEY) ?? '{}');
    return { ...defaultPreferences, ...stored };
  } catch {
    return null;
  }
}

function read(): Preferences {
  return readStored() ?? defaultPreferences;
}

export function usePreferences() {
  const [preferences, setPreferences] = useState(read);
  const set = useCallback((name: PreferenceName, value: boolean) => {
    // Each settings section holds its own copy: start from what is stored, so a switch in one
    // section never writes back another section's older values.
    const next = { ...(readStored() ?? currentPreferences()), [name]: value };
    try {
      localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // Private modes may refuse storage: the switch still moves for this visit.
    }
    setPreferences(next);
    changed(next);
  }, []);
  return [preferences, set] as const;
}

// The cards read a preference (autoplay) far from the Settings page: they follow a change made
// there at once, and one made in another tab through the storage event.
const listeners = new Set<() => void>();
let snapshot: Preferences | undefined;

function changed(next: Preferences) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const fromAnotherTab = (event: StorageEvent) => {
    if (event.key === PREFERENCES_STORAGE_KEY) changed(read());
  };
  window.addEventListener('storage', fromAnotherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromAnotherTab);
  };
}

function currentPreferences(): Preferences {
  snapshot ??= read();
  return snapshot;
}

/** One preference, kept current wherever it is switched. */
export function usePreference<Name extends PreferenceName>(name: Name): Preferences[Name] {
  return useSyncExternalStore(subscribe, () => currentPreferences()[name]);
}
