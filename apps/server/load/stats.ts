import type { Answer } from './client.js';

const SAMPLES_KEPT = 5;

interface ActionStats {
  count: number;
  latenciesMs: number[];
}

/** Every answer of a run, by action and by status, and the first few failures in full. */
export function createStats() {
  const byAction = new Map<string, ActionStats>();
  const byStatus = new Map<number, number>();
  const serverErrors: string[] = [];
  const unanswered: string[] = [];
  let requests = 0;
  let serverErrorCount = 0;
  let unansweredCount = 0;

  function statsOf(action: string) {
    let stats = byAction.get(action);
    if (!stats) {
      stats = { count: 0, latenciesMs: [] };
      byAction.set(action, stats);
    }
    return stats;
  }

  return {
    answered(action: string, label: string, answer: Answer) {
      requests += 1;
      const stats = statsOf(action);
      stats.count += 1;
      stats.latenciesMs.push(answer.durationMs);
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) {
        serverErrorCount += 1;
        if (serverErrors.length < SAMPLES_KEPT) {
          serverErrors.push(`${label} → ${answer.status} ${answer.text.slice(0, 300)}`);
        }
      }
    },
    /** No answer at all: refused, reset or timed out. Counts as a failure like a 5xx. */
    unanswered(action: string, label: string, error: unknown) {
      requests += 1;
      statsOf(action).count += 1;
      unansweredCount += 1;
      if (unanswered.length < SAMPLES_KEPT) unanswered.push(`${label} → ${String(error)}`);
    },
    summary() {
      const all = [...byAction.values()].flatMap((stats) => stats.latenciesMs);
      return {
        requests,
        serverErrorCount,
        unansweredCount,
        serverErrors,
        unanswered,
        byStatus: new Map([...byStatus].sort(([a], [b]) => a - b)),
        latency: percentiles(all),
        byAction: [...byAction]
          .sort(([, a], [, b]) => b.count - a.count)
          .map(([action, stats]) => ({
            action,
            count: stats.count,
            latency: percentiles(stats.latenciesMs),
          })),
      };
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
export type StatsSummary = ReturnType<Stats['summary']>;

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted.length === 0
      ? 0
      : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}
