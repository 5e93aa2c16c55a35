// pnpm bench:chart [results-dir] [out.svg]: p99 latency (log axis) against network size, one line
// per endpoint, from the runs `pnpm bench` wrote (default bench/results → bench/p99-by-size.svg).
// Plain SVG, no script, so it shows the same in a browser and in GitHub's Markdown preview.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderChart } from './lib/chart-svg.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = process.argv[2] ?? join(root, 'bench/results');
const out = process.argv[3] ?? join(root, 'bench/p99-by-size.svg');

/** The runs of `pnpm bench` in the directory; other JSON there (tokens, bench:web) is skipped. */
function readRuns(directory) {
  const runs = [];
  for (const name of readdirSync(directory).filter((file) => file.endsWith('.json'))) {
    let run;
    try {
      run = JSON.parse(readFileSync(join(directory, name), 'utf8'));
    } catch {
      continue;
    }
    if (Number.isFinite(run?.network?.whisps) && Array.isArray(run.results)) runs.push(run);
  }
  return runs;
}

// The posting cases carry the poster's follower count in their name ("write: post, 100000
// followers"), which differs per network; named by rank instead, they line up across sizes.
function seriesName(endpoint, followerCases) {
  const match = /^(.*), (\d+) followers$/.exec(endpoint);
  if (!match) return endpoint;
  const most = Math.max(...followerCases.map((name) => Number(/(\d+) followers$/.exec(name)[1])));
  return `${match[1]} (${Number(match[2]) === most ? 'most followed' : 'few followers'})`;
}

const runs = readRuns(resultsDir);
if (runs.length === 0) {
  console.error(`No results of \`pnpm bench\` in ${resultsDir}: run \`pnpm bench\` first.`);
  process.exit(1);
}

// The newest run of each network size stands for that size.
const latestBySize = new Map();
for (const run of runs) {
  const known = latestBySize.get(run.network.whisps);
  if (!known || run.date > known.date) latestBySize.set(run.network.whisps, run);
}
const sizes = [...latestBySize.keys()].sort((a, b) => a - b);
const series = new Map();
for (const size of sizes) {
  const run = latestBySize.get(size);
  const followerCases = run.results.map((row) => row.endpoint).filter((n) => /followers$/.test(n));
  for (const row of run.results) {
    const name = seriesName(row.endpoint, followerCases);
    if (!series.has(name)) series.set(name, { name, points: [] });
    series.get(name).points.push({ size, p99: row.p99_ms });
  }
}

const used = sizes.map((size) => latestBySize.get(size));
writeFileSync(
  out,
  renderChart({
    title: 'p99 latency by network size',
    subtitle: `pnpm bench, ${used[0].connections} connections, ${used[0].machine.cpus} cores, ${used[0].database.replace(/\?.*/, '')}`,
    series: [...series.values()],
    sizes,
  }),
);
console.log(`written ${out}: ${series.size} endpoints at ${sizes.join(', ')} whisps`);
