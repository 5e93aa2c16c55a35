// The name of the app an out-of-band code is for, handed from the consent page to the code page:
// the server's redirect to OAUTH_NATIVE_PATH carries the code alone. Kept in the tab's session
// storage for as long as a code stays usable; the page says "the app" without it.

import { OAUTH_CODE_TTL_SECONDS } from '@whisp/api-client/contract/connected-apps';

const STORAGE_KEY = 'whisp.out-of-band-app';

export function rememberOutOfBandApp(name: string): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ name, at: Date.now() }));
  } catch {
    // Refused: the code page names no app.
  }
}

export function outOfBandAppName(): string | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return undefined;
    const { name, at } = stored as { name?: unknown; at?: unknown };
    if (typeof name !== 'string' || typeof at !== 'number') return undefined;
    return Date.now() - at <= OAUTH_CODE_TTL_SECONDS * 1000 ? name : undefined;
  } catch {
    return undefined;
  }
}
