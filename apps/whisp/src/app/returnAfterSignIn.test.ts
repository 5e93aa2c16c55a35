import { describe, expect, it } from 'vitest';
import {
  forgetReturn,
  isAppPath,
  pendingReturn,
  RETURN_FRESH_FOR_MS,
  rememberReturn,
} from './returnAfterSignIn';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const consent = '/oauth/authorize?response_type=code&client_id=abc&scope=read+write&state=xyz';

describe('returning after sign-in', () => {
  it('comes back to the very address, query included, until it is forgotten', () => {
    const storage = memoryStorage();
    rememberReturn(consent, storage, 1_000);
    expect(pendingReturn(storage, 2_000)).toBe(consent);
    expect(pendingReturn(storage, 3_000)).toBe(consent);
    forgetReturn(storage);
    expect(pendingReturn(storage, 3_000)).toBeUndefined();
  });

  it('lets an old address go', () => {
    const storage = memoryStorage();
    rememberReturn(consent, storage, 1_000);
    expect(pendingReturn(storage, 1_000 + RETURN_FRESH_FOR_MS + 1)).toBeUndefined();
  });

  it('never leaves the app', () => {
    expect(isAppPath('/settings')).toBe(true);
    for (const elsewhere of ['//evil.example/x', '/\\evil.example', 'https://evil.example', '']) {
      expect(isAppPath(elsewhere)).toBe(false);
      const storage = memoryStorage();
      rememberReturn(elsewhere, storage, 1_000);
      expect(pendingReturn(storage, 1_000)).toBeUndefined();
    }
    // Written by someone else into the tab's storage: still refused.
    const storage = memoryStorage();
    storage.setItem(
      'whisp.return-after-sign-in',
      JSON.stringify({ path: '//evil.example', at: 1 }),
    );
    expect(pendingReturn(storage, 1)).toBeUndefined();
    storage.setItem('whisp.return-after-sign-in', 'not json');
    expect(pendingReturn(storage, 1)).toBeUndefined();
  });
});
