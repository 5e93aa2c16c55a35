import { describe, expect, it } from 'vitest';
import {
  MASTODON_SCOPES,
  parseScopes,
  scopeAllows,
  scopesWithin,
} from '../src/contract/mastodon/scopes.js';

// The Mastodon client API's scopes (Mastodon 4.3, api/oauth-scopes.md), as the server checks them.

describe('Mastodon scopes', () => {
  it('reads scopes separated by spaces or +, without repeats, "read" when none is given', () => {
    expect(parseScopes('read write  follow+push read')).toEqual({
      scopes: ['read', 'write', 'follow', 'push'],
    });
    expect(parseScopes(undefined)).toEqual({ scopes: ['read'] });
    expect(parseScopes('  ')).toEqual({ scopes: ['read'] });
    expect(parseScopes('read admin:read')).toEqual({ unknown: 'admin:read' });
    expect(parseScopes('read:statuses write:media')).toEqual({
      scopes: ['read:statuses', 'write:media'],
    });
  });

  it('lets a top-level scope allow its granular ones, and follow its six', () => {
    expect(scopeAllows(['read'], 'read:statuses')).toBe(true);
    expect(scopeAllows(['read'], 'write:statuses')).toBe(false);
    expect(scopeAllows(['write'], 'write:media')).toBe(true);
    expect(scopeAllows(['read:statuses'], 'read')).toBe(false);
    expect(scopeAllows(['follow'], 'write:follows')).toBe(true);
    expect(scopeAllows(['follow'], 'read:blocks')).toBe(true);
    expect(scopeAllows(['follow'], 'write:statuses')).toBe(false);
    expect(scopeAllows(['read:accounts'], 'profile')).toBe(true);
    expect(scopeAllows(['read'], 'profile')).toBe(true);
    expect(scopeAllows(['profile'], 'read:accounts')).toBe(false);
  });

  it('keeps what a member grants within what the app registered', () => {
    expect(scopesWithin(['read:statuses', 'write:follows'], ['read', 'follow'])).toBe(true);
    expect(scopesWithin(['read', 'write'], ['read'])).toBe(false);
    expect(MASTODON_SCOPES).toContain('write:conversations');
    expect(new Set(MASTODON_SCOPES).size).toBe(MASTODON_SCOPES.length);
  });
});
