/** Where the session token lives. Replace it for tests, embedding apps or server rendering. */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export const DEFAULT_TOKEN_STORAGE_KEY = 'whisp.token';

export function createMemoryTokenStore(initialToken: string | null = null): TokenStore {
  let token = initialToken;
  return {
    get: () => token,
    set: (next) => {
      token = next;
    },
    clear: () => {
      token = null;
    },
  };
}

/**
 * The browser default (product-spec section 9: the token is kept in local storage).
 * Falls back to memory where there is no localStorage (Node, server rendering, privacy modes that throw).
 */
export function createLocalStorageTokenStore(key = DEFAULT_TOKEN_STORAGE_KEY): TokenStore {
  const storage = safeLocalStorage();
  if (!storage) return createMemoryTokenStore();
  return {
    get: () => storage.getItem(key),
    set: (token) => storage.setItem(key, token),
    clear: () => storage.removeItem(key),
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}
