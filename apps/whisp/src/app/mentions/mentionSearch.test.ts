import { ApiError, CLIENT_ERROR_CODES, type SearchUser } from '@whisp/api-client';
import { ERRORS } from '@whisp/api-client/contract/errors';
import { describe, expect, it } from 'vitest';
import {
  mentionCandidates,
  mentionSearchFailed,
  mentionSearchText,
  remoteHandleToLookUp,
} from './mentionSearch';

const member = (id: string, acct: string): SearchUser => ({
  id,
  username: acct.split('@')[0] ?? acct,
  acct,
  url: `https://${acct.split('@')[1] ?? 'whisp.example'}/@${acct}`,
  display_name: id,
  avatar: null,
  is_verified: false,
  bio: null,
  posts_count: 0,
  followers_count: 0,
  is_following: false,
});

const anna = member('anna', 'anna');
const southAnn = member('ann-south', 'ann@south.example');
const northAnn = member('ann-north', 'ann@north.example');

describe('what the member search is asked', () => {
  it('is the username alone, whatever server is typed after it', () => {
    expect(mentionSearchText('ann')).toBe('ann');
    expect(mentionSearchText('ann@')).toBe('ann');
    expect(mentionSearchText('ann@south.example')).toBe('ann');
  });
});

describe('when a handle is looked up', () => {
  it('looks up a whole handle of another server, its host in lower case', () => {
    expect(remoteHandleToLookUp('ann@South.Example')).toBe('ann@south.example');
    expect(remoteHandleToLookUp('ann@social.south.example')).toBe('ann@social.south.example');
    expect(remoteHandleToLookUp('ann@127.0.0.1:8443')).toBe('ann@127.0.0.1:8443');
  });

  it('waits while the server is still being typed', () => {
    for (const query of [
      'ann',
      'ann@',
      'ann@south',
      'ann@south.',
      'ann@south.e',
      'ann@127.0.0.1',
    ]) {
      expect(remoteHandleToLookUp(query)).toBeUndefined();
    }
  });
});

describe('the members offered', () => {
  it('are the search’s as they come for a username', () => {
    expect(mentionCandidates('ann', [anna, southAnn, northAnn])).toEqual([
      anna,
      southAnn,
      northAnn,
    ]);
  });

  it('are narrowed to the handles starting with what is typed once a server is', () => {
    expect(mentionCandidates('ann@', [anna, southAnn, northAnn])).toEqual([southAnn, northAnn]);
    expect(mentionCandidates('Ann@SOU', [anna, southAnn, northAnn])).toEqual([southAnn]);
  });

  it('put the member a lookup found first, once', () => {
    const found = { id: 'ann-west', acct: 'ann@west.example', display_name: 'Ann', avatar: null };
    expect(mentionCandidates('ann@west.example', [anna, southAnn], found)).toEqual([found]);
    expect(
      mentionCandidates('ann@south.example', [southAnn], { ...found, id: 'ann-south' }),
    ).toEqual([southAnn]);
  });
});

describe('when the list says the search failed', () => {
  const offline = new ApiError('Network error', { status: 0, code: CLIENT_ERROR_CODES.network });
  const unavailable = new ApiError('Service unavailable', {
    status: 503,
    code: CLIENT_ERROR_CODES.http,
  });
  const { message, ...notFound } = ERRORS.userNotFound;
  const noSuchMember = new ApiError(message, notFound);

  it('says so when the member search could not be asked', () => {
    expect(mentionSearchFailed({ searchError: offline, lookupError: null, offered: 0 })).toBe(true);
  });

  it('says so when the handle’s lookup failed and nothing else was found', () => {
    expect(mentionSearchFailed({ searchError: null, lookupError: unavailable, offered: 0 })).toBe(
      true,
    );
  });

  it('offers what the search found when only the lookup failed', () => {
    expect(mentionSearchFailed({ searchError: null, lookupError: unavailable, offered: 2 })).toBe(
      false,
    );
  });

  it('reads a lookup’s 404 as no such member, not as a failure', () => {
    expect(mentionSearchFailed({ searchError: null, lookupError: noSuchMember, offered: 0 })).toBe(
      false,
    );
  });

  it('is quiet when everything answered', () => {
    expect(mentionSearchFailed({ searchError: null, lookupError: null, offered: 0 })).toBe(false);
  });
});
