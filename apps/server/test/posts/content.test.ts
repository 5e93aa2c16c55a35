import {
  contentProblem,
  normaliseHashtag,
  parseHashtags,
  parseMentionCandidates,
  countCharacters as visibleLength,
} from '@whisp/api-client/contract';
import { describe, expect, it } from 'vitest';
import { toPrefixQuery } from '../../src/db/repositories/search.js';
import { mediaKeyFromUrl, sniffVideoType } from '../../src/posts/media.js';

describe('whisp content', () => {
  it('counts characters as a person sees them', () => {
    expect(visibleLength('héllo')).toBe(5);
    expect(visibleLength('👩‍👩‍👧‍👦')).toBe(1);
    expect(visibleLength('🇫🇷🇯🇵')).toBe(2);
    expect(visibleLength('e\u0301')).toBe(1);
  });

  it('refuses blank content without media, and allows it with media', () => {
    expect(contentProblem(' \n', 0)).toBe('Please add some content to your post');
    expect(contentProblem('', 1)).toBeUndefined();
    expect(contentProblem('🎉'.repeat(500), 0)).toBeUndefined();
    expect(contentProblem('x'.repeat(501), 0)).toBe('Whisps can be at most 500 characters');
  });

  it('finds hashtags at word starts, in any script, lower-cased and once each', () => {
    expect(parseHashtags('#Café and #café, #日本 #a_b #1st')).toEqual([
      'café',
      '日本',
      'a_b',
      '1st',
    ]);
    expect(parseHashtags('C# and a#b and ##double')).toEqual([]);
  });

  it('finds mentions at word starts, once each whatever their case', () => {
    expect(parseMentionCandidates('@Ann hi @ann and @bob_2, me@mail.com')).toEqual([
      'Ann',
      'bob_2',
    ]);
  });

  it('reads @username@host as a member of another server, never as the local namesake', () => {
    expect(
      parseMentionCandidates('hi @ann@Social.Example and @bob.s@host.example:8443, @ann.'),
    ).toEqual(['ann', 'ann@social.example', 'bob.s@host.example:8443']);
    expect(parseMentionCandidates('@ann@social.example only')).toEqual(['ann@social.example']);
  });

  it('reads a hashtag from a URL or a search box', () => {
    expect(normaliseHashtag('#Coffee')).toBe('coffee');
    expect(normaliseHashtag(' coffee ')).toBe('coffee');
  });
});

describe('search text', () => {
  it('turns words into a prefix tsquery and drops every operator', () => {
    expect(toPrefixQuery('Espres')).toBe("'espres':*");
    expect(toPrefixQuery("a' | b:* & !c")).toBe("'a':* & 'b':* & 'c':*");
    expect(toPrefixQuery(' &|!() ')).toBeUndefined();
  });
});

describe('uploaded media', () => {
  it('recognises MP4 and WebM by their first bytes only', () => {
    const mp4 = Buffer.from('\0\0\0\x18ftypmp42\0\0\0\0', 'latin1');
    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      Buffer.from('B\x82\x84webm'),
    ]);
    const matroska = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
      Buffer.from('B\x82\x88matroska'),
    ]);
    expect(sniffVideoType(mp4)).toBe('mp4');
    expect(sniffVideoType(webm)).toBe('webm');
    expect(sniffVideoType(matroska)).toBeUndefined();
    expect(sniffVideoType(Buffer.from('just text, not a video'))).toBeUndefined();
  });

  it('accepts only media URLs this server makes', () => {
    const key = `${'a'.repeat(64)}.webp`;
    expect(mediaKeyFromUrl(`/media/${key}`)).toBe(key);
    expect(mediaKeyFromUrl(`http://localhost:3000/media/${key}`)).toBe(key);
    expect(mediaKeyFromUrl('/media/../../etc/passwd')).toBeUndefined();
    expect(mediaKeyFromUrl(`/media/${key}.exe`)).toBeUndefined();
  });
});
