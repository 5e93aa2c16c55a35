import type { ServerProcess } from '../test-support/server-process.mjs';

/** The reporter's line (memory-reporter.mjs), as the server prints it. */
const REPORT = /^\{"soak_memory":(\{[^}]*\})\}$/;

export interface MemorySample {
  atSeconds: number;
  rssBytes: number;
  /** Live V8 heap after a full collection. */
  heapBytes: number;
  /** Memory outside the V8 heap: the embedded database's WebAssembly memory, buffers. */
  externalBytes: number;
}

export const MEMORY_REPORTER = new URL('./memory-reporter.mjs', import.meta.url).href;

/** Node flags that make the server report its memory every `intervalMs`. */
export function memoryReportingArgs() {
  return ['--expose-gc', '--import', MEMORY_REPORTER];
}

/** Collects the server's memory reports from now until stop(). */
export function collectMemory(
  server: ServerProcess,
  onSample: (sample: MemorySample) => void = () => {},
) {
  const samples: MemorySample[] = [];
  const started = performance.now();
  const stopListening = server.onLine((line) => {
    const report = REPORT.exec(line)?.[1];
    if (!report) return;
    const figures = JSON.parse(report) as {
      rss: number;
      heap_used: number;
      external: number;
    };
    const sample = {
      atSeconds: (performance.now() - started) / 1000,
      rssBytes: figures.rss,
      heapBytes: figures.heap_used,
      externalBytes: figures.external,
    };
    samples.push(sample);
    onSample(sample);
  });
  return { samples, stop: stopListening };
}

export interface MemoryTrend {
  firstThirdBytes: number;
  lastThirdBytes: number;
  /** (last − first) / first. */
  growth: number;
  peakBytes: number;
}

/** Mean of one figure over the first third of the samples against the last third. */
export function memoryTrend(
  samples: MemorySample[],
  figure: (sample: MemorySample) => number,
): MemoryTrend | undefined {
  const third = Math.floor(samples.length / 3);
  if (third === 0) return undefined;
  const mean = (part: MemorySample[]) =>
    part.reduce((sum, sample) => sum + figure(sample), 0) / part.length;
  const firstThirdBytes = mean(samples.slice(0, third));
  const lastThirdBytes = mean(samples.slice(-third));
  return {
    firstThirdBytes,
    lastThirdBytes,
    growth: (lastThirdBytes - firstThirdBytes) / firstThirdBytes,
    peakBytes: Math.max(...samples.map(figure)),
  };
}
