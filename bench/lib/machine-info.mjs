// What every result file records of the machine it was measured on: figures from different
// machines are not comparable (see BENCHMARKS.md, Machine), and the load says whether it was quiet.
import os from 'node:os';

export function describeMachine() {
  return {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    load_average: os.loadavg().map((load) => +load.toFixed(2)),
    node: process.version,
  };
}
