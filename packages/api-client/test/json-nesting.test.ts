import { describe, expect, it } from 'vitest';
import { createJsonNestingScanner, jsonNestsDeeperThan } from '../src/contract/json-nesting.js';
import { isReservedUsername, normaliseUsername } from '../src/contract/validation.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const bytes = (text: string) => new TextEncoder().encode(text);

describe('counting how deep JSON nests before parsing it', () => {
  it('takes the limit and refuses one level more, arrays and objects alike', () => {
    expect(jsonNestsDeeperThan(nested(64), 64)).toBe(false);
    expect(jsonNestsDeeperThan(nested(65), 64)).toBe(true);
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(jsonNestsDeeperThan(objects(64), 64)).toBe(false);
    expect(jsonNestsDeeperThan(`[${objects(64)}]`, 64)).toBe(true);
  });

  it('counts siblings once: depth, not the number of arrays', () => {
    expect(jsonNestsDeeperThan(`[${Array(1000).fill('[[1]]').join(',')}]`, 3)).toBe(false);
  });

  it('counts no bracket inside a string, after escaped quotes and backslashes too', () => {
    const text = JSON.stringify(['[[[[', 'say \\"[[[[', '\\', '{{{{ "quoted" [[[[']);
    expect(jsonNestsDeeperThan(text, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`${text.slice(0, -1)},[[]]]`, 2)).toBe(true);
  });

  it('reads UTF-8 bytes as it reads text (no bracket hides in a multi-byte character)', () => {
    const text = JSON.stringify([{ name: 'Zoë 🌿 [', list: [['ü']] }]);
    expect(jsonNestsDeeperThan(bytes(text), 4)).toBe(false);
    expect(jsonNestsDeeperThan(bytes(text), 3)).toBe(true);
  });

  it('follows strings and escapes split across the pieces of a stream', () => {
    const text = JSON.stringify(['a \\" [[[[ b', [['deep']]]);
    for (let cut = 0; cut <= text.length; cut += 1) {
      const scanner = createJsonNestingScanner(3);
      expect(
        scanner.push(bytes(text.slice(0, cut))) && scanner.push(text.slice(cut)),
        `${cut}`,
      ).toBe(true);
      const strict = createJsonNestingScanner(2);
      expect(strict.push(text.slice(0, cut)) && strict.push(bytes(text.slice(cut))), `${cut}`).toBe(
        false,
      );
    }
  });

  it('stays refused once too deep', () => {
    const scanner = createJsonNestingScanner(2);
    expect(scanner.push('[[[')).toBe(false);
    expect(scanner.push(']]]')).toBe(false);
  });
});

describe('reserved usernames', () => {
  it('are recognised as the server stores names: trimmed of every kind of space, any case', () => {
    for (const name of ['admin', 'ADMIN', ' Admin ', '\u00a0admin\u00a0', '\u3000no_reply\ufeff']) {
      expect(isReservedUsername(name), JSON.stringify(name)).toBe(true);
    }
    for (const name of ['admin1', 'admins', 'ad min', '\u200badmin', 'mod_', undefined, null]) {
      expect(isReservedUsername(name), JSON.stringify(name)).toBe(false);
    }
    expect(normaliseUsername('\u2003 ada\u00a0')).toBe('ada');
  });
});
