import type { Drift } from '../src/db/reconcile.js';
import type { MemorySample, MemoryTrend } from './memory.js';
import type { SoakSettings } from './soak.js';
import type { StatsSummary } from './stats.js';

export interface SoakResult {
  settings: SoakSettings;
  signUpSeconds: number;
  elapsedSeconds: number;
  memorySamples: MemorySample[];
  streams: { opened: number; failed: number; events: number };
  stats: StatsSummary;
  heap: MemoryTrend | undefined;
  rss: MemoryTrend | undefined;
  /** False for runs too short to tell a leak from warm-up. */
  judgeMemory: boolean;
  drifts: Drift[];
  rulesChecked: number;
  serverDied: boolean;
  exit: { code: number | null; signal: NodeJS.Signals | null; seconds: number };
  serverOutputTail: string;
}

/** Machine-readable last line, for the smoke test and for anyone keeping history. */
export const RESULT_LINE_PREFIX = 'SOAK_RESULT ';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const number = (value: number) => value.toLocaleString('en-US');
const percent = (fraction: number) => `${fraction >= 0 ? '+' : ''}${(fraction * 100).toFixed(1)} %`;

interface Check {
  name: string;
  passed: boolean;
  /** Shown, not judged (memory of a short run). */
  informational?: boolean;
}

/** Prints the summary and returns whether every check passed. */
export function printSummary(result: SoakResult): boolean {
  const { stats, heap, rss, settings } = result;
  const rate = stats.requests / Math.max(result.elapsedSeconds, 1);
  const statuses = [...stats.byStatus].map(([status, count]) => `${status}: ${number(count)}`);
  const lines = [
    '',
    `Soak summary (${settings.members} members, ${result.elapsedSeconds.toFixed(0)} s of mix)`,
    `  sign-ups      ${settings.members} in ${result.signUpSeconds.toFixed(1)} s`,
    `  requests      ${number(stats.requests)} (${rate.toFixed(1)}/s); ${statuses.join(', ')}`,
    `  5xx           ${stats.serverErrorCount}; no answer: ${stats.unansweredCount}`,
    `  latency       p50 ${stats.latency.p50} ms, p95 ${stats.latency.p95} ms, p99 ${stats.latency.p99} ms, max ${stats.latency.max} ms`,
    `  event streams ${result.streams.opened} open (${result.streams.failed} refused), ${number(result.streams.events)} events received`,
  ];
  for (const { action, count, latency } of stats.byAction) {
    lines.push(`    ${action.padEnd(18)} ${number(count).padStart(7)}  p95 ${latency.p95} ms`);
  }
  const trend = (name: string, memory: MemoryTrend | undefined) =>
    memory
      ? `  ${name.padEnd(13)} first third ${megabytes(memory.firstThirdBytes)}, last third ${megabytes(memory.lastThirdBytes)} (${percent(memory.growth)}), peak ${megabytes(memory.peakBytes)}`
      : `  ${name.padEnd(13)} too few samples for a trend`;
  const series = (figure: (sample: MemorySample) => number) =>
    result.memorySamples.map((sample) => (figure(sample) / 1024 / 1024).toFixed(0)).join(' ');
  lines.push(
    trend('live heap', heap),
    `                every ${settings.sampleSeconds} s (MB): ${series((sample) => sample.heapBytes)}`,
    trend('RSS', rss),
    `                every ${settings.sampleSeconds} s (MB): ${series((sample) => sample.rssBytes)}`,
    result.drifts.length === 0
      ? `  reconcile     no drift (${result.rulesChecked} rules)`
      : `  reconcile     ${result.drifts.length} drifts:`,
  );
  for (const drift of result.drifts.slice(0, 20)) {
    lines.push(`    ${drift.rule}: ${drift.subject}: ${drift.detail}`);
  }
  lines.push(
    `  shutdown      SIGTERM → exit ${result.exit.code ?? result.exit.signal} in ${result.exit.seconds.toFixed(1)} s`,
  );
  for (const sample of [...stats.serverErrors, ...stats.unanswered]) {
    lines.push(`  failure       ${sample}`);
  }
  if (result.serverOutputTail) lines.push('  server output (end):', result.serverOutputTail);

  const flat = (memory: MemoryTrend | undefined) =>
    memory !== undefined && memory.growth <= settings.maxMemoryGrowth;
  const checks: Check[] = [
    { name: 'the server stayed up', passed: !result.serverDied },
    { name: 'requests were made', passed: stats.requests > 0 },
    { name: 'no 5xx', passed: stats.serverErrorCount === 0 },
    { name: 'every request answered', passed: stats.unansweredCount === 0 },
    {
      name: `live heap growth ≤ ${percent(settings.maxMemoryGrowth)}`,
      passed: flat(heap),
      informational: !result.judgeMemory,
    },
    {
      name: `RSS growth ≤ ${percent(settings.maxMemoryGrowth)}`,
      passed: flat(rss),
      informational: !result.judgeMemory,
    },
    { name: 'no count drift', passed: result.drifts.length === 0 },
    { name: 'clean exit on SIGTERM', passed: result.exit.code === 0 },
  ];
  const failed = checks.filter((check) => !check.passed && !check.informational);
  lines.push(
    '',
    ...checks.map(
      (check) =>
        `  ${check.informational ? '·' : check.passed ? '✓' : '✗'} ${check.name}${check.informational ? ` (not judged: too short a run to tell a leak from warm-up; ${check.passed ? 'would pass' : 'would fail'})` : ''}`,
    ),
    failed.length === 0
      ? 'Soak passed.'
      : `Soak FAILED: ${failed.map((check) => check.name).join(', ')}`,
  );
  console.log(lines.join('\n'));
  console.log(
    RESULT_LINE_PREFIX +
      JSON.stringify({
        passed: failed.length === 0,
        members: settings.members,
        seconds: Math.round(result.elapsedSeconds),
        requests: stats.requests,
        serverErrors: stats.serverErrorCount,
        unanswered: stats.unansweredCount,
        statuses: Object.fromEntries(stats.byStatus),
        heapGrowth: heap?.growth ?? null,
        rssGrowth: rss?.growth ?? null,
        memoryJudged: result.judgeMemory,
        drifts: result.drifts.length,
        streamEvents: result.streams.events,
        exitCode: result.exit.code,
      }),
  );
  return failed.length === 0;
}
