/**
 * fast-check generators of hostile input: what a careless client, a fuzzer or an attacker sends.
 * Kept apart from the tests so every generated test draws from the same list.
 */
import fc from 'fast-check';

/** Unpaired surrogates replaced by U+FFFD (String.prototype.toWellFormed, outside our lib target). */
export const wellFormed = (text: string) =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

// Strings that have broken servers before: SQL and template injection, markup, traversal, numbers
// that are not numbers, Unicode that renders oddly or has no UTF-8 form, and sizes past every limit.
export const nastyStrings = [
  "' OR 1=1 --",
  '"; drop table users; --',
  "1'; select pg_sleep(0); --",
  '%27%20OR%201%3D1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '%00',
  '%',
  '{{7*7}}',
  '$' + '{7*7}',
  '-1',
  '0',
  '-0',
  '1.5',
  'NaN',
  'Infinity',
  '1e309',
  '99999999999999999999999999',
  '0x7fffffff',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '',
  ' ',
  '\t\n\r',
  '\ud800',
  '\udfff',
  '\ufeff',
  '\u202e\u202d',
  '\u200b\u200c\u200d',
  'e\u0301\u0301\u0301\u0301',
  'Z̵̡̛͖̭͍̝͚̲̈́̈́̌̈́͑a̶̢̧̛͇͚̱̪̋͌̓l̷̨̨̛̛͇͔̻̓̑g̵͔̱͋̓ö̴̧̝͉̠̮̓̈́',
  '\u2028\u2029',
  '𝕏'.repeat(600),
  '👩‍👩‍👧‍👦'.repeat(200),
  'a\u0000b',
  'x'.repeat(20_000),
  // An id of the right shape that names nothing, and one far too long.
  '00000000-0000-0000-0000-000000000000',
  'f'.repeat(10_000),
] as const;

export const nasty = fc.constantFrom(...nastyStrings);

export const hostileString = fc.oneof(
  { arbitrary: nasty, weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 80 }), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
);

/** Arrays or objects nested `depth` deep around a value. */
export function nested(depth: number, kind: 'array' | 'object', inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = kind === 'array' ? [value] : { a: value };
  return value;
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308, -1e-308),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 5 }),
  fc.array(fc.constant('x'), { minLength: 1000, maxLength: 1000 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.constantFrom(
    ...[3, 20, 31].flatMap((depth) => [nested(depth, 'array'), nested(depth, 'object')]),
  ),
);

/** Keys that pollute Object.prototype when a server merges a body into an object carelessly. */
const pollutingKeys = ['__proto__', 'constructor', 'prototype'];

/** A JSON value to send: the operation's own fields set to hostile values, or anything at all. */
export function hostileJson(fields: readonly string[]) {
  const names = fields.length > 0 ? fields : ['id'];
  return fc.oneof(
    {
      arbitrary: fc.record(Object.fromEntries(names.map((field) => [field, hostileValue])), {
        requiredKeys: [],
      }),
      weight: 4,
    },
    {
      arbitrary: fc.dictionary(
        fc.oneof(fc.constantFrom(...names, ...pollutingKeys), fc.string({ maxLength: 12 })),
        hostileValue,
        { maxKeys: 6 },
      ),
      weight: 2,
    },
    { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
  );
}

/** JSON text a serializer would never write: broken, polluting, nested past the limit, enormous. */
export const hostileJsonText = fc.constantFrom(
  '{',
  '{"content":',
  'nul',
  '[1,2',
  '"\\ud800"',
  '{"a":1}}',
  '\u0000',
  '{"a":"\\u0000"}',
  '1'.repeat(5000),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  JSON.stringify({ content: 'x'.repeat(1_100_000) }),
);

export interface HostileQueryOptions {
  /** The operation's own query parameters, to be set to hostile values more often than others. */
  keys: readonly string[];
}

export function hostileQuery({ keys }: HostileQueryOptions) {
  const key =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 });
  return fc.oneof(
    fc
      .array(fc.tuple(key, hostileString.map(wellFormed)), { maxLength: 5 })
      .map((pairs) => new URLSearchParams(pairs).toString()),
    // Written by hand rather than encoded: repeated keys, bare keys, broken escapes, array syntax.
    fc.constantFrom(
      'limit=1&limit=2',
      'limit',
      'limit[]=1',
      'a[b][c]=1',
      '%',
      '%zz',
      '=&=&',
      '&&&',
    ),
  );
}

/** A path segment as it appears in a URL: percent-encoded, never empty. */
export const hostileSegment = fc
  .oneof(nasty, fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }))
  // Unpaired surrogates cannot be percent-encoded; send their replacement, as a browser would.
  .map((text) => encodeURIComponent(wellFormed(text)))
  .filter((segment) => segment !== '');
