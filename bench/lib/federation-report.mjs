// Figures and the printed summary of bench/federation.mjs.
import { median } from './summary.mjs';

/** Median, p99 (nearest rank) and maximum of milliseconds, to a tenth. */
export function spread(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const rank = (fraction) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  const tenth = (value) => +value.toFixed(1);
  return {
    n: sorted.length,
    median: tenth(median(sorted)),
    p99: tenth(rank(0.99)),
    max: tenth(sorted.at(-1)),
  };
}

/**
 * Deliveries per second between the tenth and the ninetieth percentile of their arrivals: the
 * rate once the queue is full, without the first whisp's start or the last one's tail.
 */
export function steadyRate(arrivalTimes) {
  const sorted = [...arrivalTimes].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.floor(sorted.length * fraction)];
  return Math.round((sorted.length * 0.8) / ((at(0.9) - at(0.1)) / 1000));
}

export function printFederationResult(result) {
  const { one_by_one: single, in_a_row: row, sink } = result;
  console.table({
    'A, one by one': single.post_ms.A,
    'B, one by one': single.post_ms.B,
    'A, in a row': row.post_ms.A,
    'B, in a row': row.post_ms.B,
  });
  const postgres = (value, unit) => (value === null ? '' : ` + ${value} ${unit}`);
  console.log(
    [
      `POST /api/posts, A/B medians: one by one ${single.a_to_b_median}, in a row ${row.a_to_b_median}`,
      `one by one, a whisp at all ${result.servers} servers: median ${single.delivered_all_ms.median} ms, ` +
        `p99 ${single.delivered_all_ms.p99} ms (at the first: median ${single.delivered_first_ms.median} ms)`,
      `CPU per turn one by one (A's whisp to all, B's whisp): ${single.server_cpu_ms_per_turn} ms server` +
        postgres(single.postgres_cpu_ms_per_turn, 'ms PostgreSQL'),
      `in a row: ${row.rounds} whisps of A posted in ${row.posting_s} s among as many of B; ` +
        `${row.deliveries} of ${row.deliveries_expected} deliveries, the last ${row.last_delivery_s} s ` +
        `after the first post: ${row.deliveries_per_s} deliveries/s (${row.deliveries_per_s_steady} ` +
        `between the 10th and 90th percentile of arrivals)`,
      `CPU per delivery in a row: ${row.server_cpu_ms_per_delivery} ms server` +
        postgres(row.postgres_cpu_ms_per_delivery, 'ms PostgreSQL') +
        (row.statements_per_delivery === null ? '' : `, ${row.statements_per_delivery} statements`),
      `sink: ${sink.posts} POSTs (${sink.unsigned} unsigned), ${sink.other_requests} other ` +
        `requests, paths ${sink.paths.join(' ')}`,
    ].join('\n'),
  );
}
