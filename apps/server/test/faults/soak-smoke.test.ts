import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../../load/server-process.js';
import { RESULT_LINE_PREFIX } from '../../load/summary.js';
import { makeEmbeddedDataDir, postgresUrl } from '../helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** `pnpm soak` as a person runs it, with the settings given; resolves with its output and code. */
function runSoak(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--conditions=@whisp/source', '--import', 'tsx', 'load/soak.ts'],
    { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

// The real soak runs for minutes with 200 members (`pnpm soak`); this keeps the script from rotting.
describe('the soak script', { timeout: 180_000 }, () => {
  it('runs a short soak with a few members and reports a clean run: no 5xx, no drift, a clean exit', async () => {
    const env: Record<string, string> = {
      SOAK_SECONDS: '6',
      SOAK_MEMBERS: '4',
      SOAK_STREAMS: '2',
      SOAK_SAMPLE_SECONDS: '1',
      // Its own address per member and its own rate limits: nothing shared with other tests.
      REDIS_URL: '',
      DATABASE_URL: postgresUrl ?? '',
    };
    if (!postgresUrl) {
      // A copy of the prepared empty database starts faster than a new one.
      const dataDir = makeEmbeddedDataDir();
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env.SOAK_DATA_DIR = dataDir;
    }

    const { code, output } = await runSoak(env);

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
