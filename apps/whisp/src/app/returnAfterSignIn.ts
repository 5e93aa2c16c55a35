// Where a signed-out member was going when the sign-in page took over (the consent page of an
// app, with its whole query), so that signing in brings them back there. Kept in the tab's
// session storage rather than in navigation state: "Continue with" a provider leaves Whisp and
// comes back on another page, and only the tab remembers across that.

const STORAGE_KEY = 'whisp.return-after-sign-in';
/** Longer than any sign-in takes; an address older than this is not where the member is going. */
export const RETURN_FRESH_FOR_MS = 30 * 60_000;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const tabStorage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the member lands on the home page instead.
    return undefined;
  }
};

/** A path of this app only: never an address elsewhere (`//evil.example`, `/\evil.example`). */
export function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** Remembers `path` (pathname and query) as where to go once signed in. */
export function rememberReturn(path: string, storage = tabStorage(), now = Date.now()): void {
  if (!isAppPath(path)) return;
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Full or refused: the member lands on the home page instead.
  }
}

/** Where to go once signed in, if a page asked for it recently; left in place (see `forgetReturn`). */
export function pendingReturn(storage = tabStorage(), now = Date.now()): string | undefined {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { path, at } = stored as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || !isAppPath(path)) return undefined;
    return now - at <= RETURN_FRESH_FOR_MS && at <= now ? path : undefined;
  } catch {
    return undefined;
  }
}

export function forgetReturn(storage = tabStorage()): void {
  try {
    storage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}

/**
 * Goes back where the sign-in page took over, as a new page load: the server answers that
 * address itself, with the headers it gives it (the consent page's form-action allows the app's
 * redirect URI only on the page loaded at /oauth/authorize).
 */
export function returnNow(path: string): void {
  forgetReturn();
  window.location.replace(path);
}
