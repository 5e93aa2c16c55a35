import { describe, expect, it } from 'vitest';
import { handleSearchedFor } from './remoteHandle';

describe('a search that names a member of another server', () => {
  it('reads a handle with or without its leading @, the server in lower case', () => {
    expect(handleSearchedFor('@alice@remote.example')).toBe('alice@remote.example');
    expect(handleSearchedFor('alice@Remote.Example')).toBe('alice@remote.example');
    expect(handleSearchedFor('@bob@localhost:3000')).toBe('bob@localhost:3000');
  });

  it('leaves everything else to the search: names, hashtags, sentences, bare @names', () => {
    for (const q of ['alice', '@alice', '#design', 'alice @remote.example', 'a@b@c', '@alice@']) {
      expect(handleSearchedFor(q)).toBeUndefined();
    }
  });
});
