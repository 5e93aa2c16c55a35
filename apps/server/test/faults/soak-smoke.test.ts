import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RESULT_LINE_PREFIX } from '../../load/summary.js';
import { runScript } from '../../test-support/server-process.mjs';
import { makeEmbeddedDataDir } from '../helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// The real soak runs for minutes with 200 members (`pnpm soak`); this keeps the script from rotting.
describe('the soak script', { timeout: 180_000 }, () => {
  it('runs a short soak with a few members and reports a clean run: no 5xx, no drift, a clean exit', async () => {
    // A copy of the prepared empty database starts faster than a new one.
    const dataDir = makeEmbeddedDataDir();
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // On the embedded database, the soak's default: this file runs in the embedded pass only
    // (vitest.config.ts), the script being the same on PostgreSQL.
    const env: Record<string, string> = {
      SOAK_SECONDS: '6',
      SOAK_MEMBERS: '4',
      SOAK_STREAMS: '2',
      SOAK_SAMPLE_SECONDS: '1',
      SOAK_DATA_DIR: dataDir,
      // Its own address per member and its own rate limits: nothing shared with other tests.
      REDIS_URL: '',
      DATABASE_URL: '',
    };

    // `pnpm soak` as a person runs it, with the settings above.
    const { code, output } = await runScript('load/soak.ts', [], { env, timeoutMs: 170_000 });

    expect(code, output).toBe(0);
    const resultLine = output.split('\n').find((line) => line.startsWith(RESULT_LINE_PREFIX));
    expect(resultLine, output).toBeDefined();
    const result = JSON.parse(resultLine?.slice(RESULT_LINE_PREFIX.length) ?? '{}');
    expect(result).toMatchObject({
      passed: true,
      members: 4,
      serverErrors: 0,
      unanswered: 0,
      drifts: 0,
      exitCode: 0,
    });
    expect(result.requests).toBeGreaterThan(0);
    // Each open stream gets at least the unread counts when it opens.
    expect(result.streamEvents).toBeGreaterThanOrEqual(2);
    expect(output).toContain('Soak summary (4 members');
    expect(output).toContain('reconcile     no drift');
    expect(output).toContain('live heap');
  });
});
