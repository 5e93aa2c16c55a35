import { describe, expect, it } from 'vitest';
import { archivedWhisp, importInto, manifest, zipOf } from './archive.js';
import { expectError, type Member, ok, signUp, TARGETS, type Target, useTarget } from './target.js';

// What a hostile archive cannot make an import do: pin a whisp atop every feed with a date in
// the future, or cost memory with JSON nested a million levels deep. The memory itself is
// measured on a server process in test/account-data/deep-json-memory.test.ts.

const INVALID = 'This file is not a Whisp export, or it is damaged. Nothing was imported.';
const MINUTE = 60 * 1000;

const contentsOf = async (target: Target, member: Member) =>
  ok(
    await target.call('GET', `/api/users/${member.id}/posts?tab=posts&limit=100`, {
      token: member.token,
    }),
  ).posts.map((post: { content: string }) => post.content);

/** `[[…]]` nested `depth` levels deep. */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** whisps.json of one whisp carrying an unknown field (left aside by the schema) of that JSON. */
const whispsWithExtra = (extraJson: string) =>
  `[${JSON.stringify(archivedWhisp('old-deep', 'Carries an extra field')).slice(0, -1)},"extra":${extraJson}}]`;

describe.each(TARGETS)('importing a hostile archive (%s)', (name) => {
  const target = useTarget(name);

  it('skips whisps dated more than 5 minutes after the import, counting them, and keeps the rest', async () => {
    const cleo = await signUp(target);
    const now = Date.now();
    const at = (offset: number) => new Date(now + offset).toISOString();
    // 10 minutes ahead, written in another time zone: the instant counts, not the digits.
    const aheadInTokyo = new Date(now + 10 * MINUTE + 9 * 60 * MINUTE)
      .toISOString()
      .replace('Z', '+09:00');
    const archive = await zipOf({
      'manifest.json': manifest('clock-account'),
      'whisps.json': JSON.stringify([
        archivedWhisp('old-1', 'Written last year'),
        archivedWhisp('old-2', 'Two minutes ahead: a clock a little fast', {
          created_at: at(2 * MINUTE),
          updated_at: at(2 * MINUTE),
        }),
        archivedWhisp('old-3', 'Ten minutes ahead', {
          created_at: at(10 * MINUTE),
          updated_at: at(10 * MINUTE),
        }),
        archivedWhisp('old-4', 'Ten minutes ahead, in Tokyo', {
          created_at: aheadInTokyo,
          updated_at: aheadInTokyo,
        }),
        archivedWhisp('old-5', 'Pinned to the top until the year 9999', {
          created_at: '9999-12-31T23:59:59.000Z',
          updated_at: '9999-12-31T23:59:59.000Z',
        }),
      ]),
    });

    expect(ok(await importInto(target, cleo, archive)).data).toEqual({
      whisps: 2,
      media: 0,
      follows: 0,
      skipped: 3,
    });
    expect(await contentsOf(target, cleo)).toEqual([
      'Two minutes ahead: a clock a little fast',
      'Written last year',
    ]);
    const latest = ok(await target.call('GET', '/api/posts/public?limit=1', { token: cleo.token }));
    expect(latest.posts.map((post: { content: string }) => post.content)).toEqual([
      'Two minutes ahead: a clock a little fast',
    ]);
  });

  it('refuses JSON nested deeper than 64 levels with ARCHIVE_INVALID, and takes 64', async () => {
    const cleo = await signUp(target);
    // The whisps' array and the whisp's object are two levels: 62 more make 64 in all.
    const deepest = await zipOf({
      'manifest.json': manifest('deep-account'),
      'whisps.json': whispsWithExtra(nested(62)),
    });
    expect(ok(await importInto(target, cleo, deepest)).data).toMatchObject({ whisps: 1 });

    const refused: Record<string, string>[] = [
      // Valid to the schema (unknown fields are left aside) but one level deeper.
      { 'whisps.json': whispsWithExtra(nested(63)) },
      { 'whisps.json': nested(1_000_000) },
      // Unclosed, as a file cut short would be.
      { 'whisps.json': '['.repeat(100_000) },
      { 'whisps.json': '[]', 'messages.json': `[${'{"a":'.repeat(100)}1${'}'.repeat(100)}]` },
    ];
    for (const [index, files] of refused.entries()) {
      const archive = await zipOf({ 'manifest.json': manifest(`refused-${index}`), ...files });
      expectError(await importInto(target, cleo, archive), 400, 'ARCHIVE_INVALID', INVALID);
    }
    const deepManifest = await zipOf({
      'manifest.json': manifest('deep-manifest', { extra: JSON.parse(nested(70)) }),
      'whisps.json': '[]',
    });
    expectError(await importInto(target, cleo, deepManifest), 400, 'ARCHIVE_INVALID', INVALID);
    expect(await contentsOf(target, cleo)).toEqual(['Carries an extra field']);
  });

  it('counts no bracket inside a string, escaped quotes included', async () => {
    const cleo = await signUp(target);
    const brackets = `${'[{'.repeat(100)} \\" ${'['.repeat(100)} "quoted [[["`;
    const archive = await zipOf({
      'manifest.json': manifest('bracket-account'),
      'whisps.json': JSON.stringify([archivedWhisp('old-1', brackets)]),
    });
    expect(ok(await importInto(target, cleo, archive)).data).toMatchObject({ whisps: 1 });
    expect(await contentsOf(target, cleo)).toEqual([brackets]);
  });
});
