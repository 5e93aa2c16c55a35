// A log-log line chart as a standalone SVG string: no fonts, scripts or styles from outside.

const WIDTH = 1080;
const HEIGHT = 560;
const PLOT = { left: 70, top: 64, right: 620, bottom: 490 };
// Distinct on a light background and for the common colour-vision deficiencies (Okabe–Ito first).
const COLOURS = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#d55e00',
  '#cc79a7',
  '#56b4e9',
  '#6a3d9a',
  '#8c510a',
  '#2f4f4f',
  '#c51b7d',
  '#808000',
  '#4d4dff',
];
// autocannon reports whole milliseconds, so a p99 of 0 means "under 1 ms": shown at the floor.
const FLOOR_MS = 0.5;

const escapeXml = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

export const formatSize = (n) =>
  n >= 1e6 ? `${+(n / 1e6).toFixed(1)}M` : n >= 1e3 ? `${+(n / 1e3).toFixed(1)}k` : `${n}`;

const formatMs = (ms) => (ms < 1 ? '<1' : ms >= 10 ? `${Math.round(ms)}` : `${+ms.toFixed(1)}`);

/** 1, 2, 5, 10, 20, 50… from the last at or below low to the first at or above high. */
function niceTicks(low, high) {
  const all = [];
  for (let decade = 10 ** Math.floor(Math.log10(low)); decade < high * 10; decade *= 10) {
    for (const step of [1, 2, 5]) all.push(+(step * decade).toPrecision(1));
  }
  const first = all.findLastIndex((value) => value <= low);
  const last = all.findIndex((value) => value >= high);
  return all.slice(Math.max(first, 0), last + 1);
}

function growthLabel(points) {
  const [first, last] = [points[0].p99, points.at(-1).p99];
  if (points.length === 1) return `  ${formatMs(first)} ms`;
  // Under 1 ms autocannon cannot tell how much it grew.
  const ratio = first >= 1 ? ` (×${(last / first).toFixed(2)})` : '';
  return `  ${formatMs(first)} → ${formatMs(last)} ms${ratio}`;
}

function logScale(domainLow, domainHigh, rangeLow, rangeHigh) {
  const [a, b] = [Math.log10(domainLow), Math.log10(domainHigh)];
  return (value) => rangeLow + ((Math.log10(value) - a) / (b - a)) * (rangeHigh - rangeLow);
}

/**
 * @param {{ title: string, subtitle: string, sizes: number[],
 *   series: { name: string, points: { size: number, p99: number }[] }[] }} chart
 */
export function renderChart({ title, subtitle, sizes, series }) {
  // Half a decade of margin either side, so one size alone still sits mid-axis.
  const x = logScale(sizes[0] / Math.sqrt(10), sizes.at(-1) * Math.sqrt(10), PLOT.left, PLOT.right);
  const values = series.flatMap((s) => s.points.map((p) => Math.max(p.p99, FLOOR_MS)));
  const yTicks = niceTicks(Math.min(...values), Math.max(...values));
  const [yLow, yHigh] = [yTicks[0], yTicks.at(-1)];
  const y = logScale(yLow, yHigh, PLOT.bottom, PLOT.top);

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="12" role="img" aria-labelledby="chart-title">`,
    `<title id="chart-title">${escapeXml(title)}</title>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>`,
    `<text x="${PLOT.left}" y="28" font-size="18" font-weight="600" fill="#111">${escapeXml(title)}</text>`,
    `<text x="${PLOT.left}" y="48" fill="#555">${escapeXml(subtitle)}</text>`,
  ];

  for (const tick of yTicks) {
    const ty = y(tick).toFixed(1);
    parts.push(
      `<line x1="${PLOT.left}" x2="${PLOT.right}" y1="${ty}" y2="${ty}" stroke="#e5e5e5"/>`,
      `<text x="${PLOT.left - 8}" y="${ty}" text-anchor="end" dominant-baseline="middle" fill="#333">${tick}</text>`,
    );
  }
  for (const size of sizes) {
    const tx = x(size).toFixed(1);
    parts.push(
      `<line x1="${tx}" x2="${tx}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="#e5e5e5"/>`,
      `<text x="${tx}" y="${PLOT.bottom + 20}" text-anchor="middle" fill="#333">${formatSize(size)}</text>`,
    );
  }
  parts.push(
    `<rect x="${PLOT.left}" y="${PLOT.top}" width="${PLOT.right - PLOT.left}" height="${PLOT.bottom - PLOT.top}" fill="none" stroke="#999"/>`,
    `<text x="${(PLOT.left + PLOT.right) / 2}" y="${PLOT.bottom + 44}" text-anchor="middle" fill="#111">network size (whisps, log scale)</text>`,
    `<text transform="translate(20 ${(PLOT.top + PLOT.bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#111">p99 latency (ms, log scale)</text>`,
  );

  const legendX = PLOT.right + 24;
  const lineHeight = Math.min(24, (PLOT.bottom - PLOT.top) / Math.max(series.length, 1));
  const counters = { read: 0, write: 0 };
  series.forEach((line, index) => {
    const kind = line.name.startsWith('write') ? 'write' : 'read';
    // Writes dashed and the /health baseline dotted and black, so reads and writes can share
    // colours without being confused.
    const colour = line.name === 'health' ? '#111111' : COLOURS[counters[kind]++ % COLOURS.length];
    const dash = line.name === 'health' ? '2 3' : kind === 'write' ? '6 4' : '';
    const dashAttribute = dash ? ` stroke-dasharray="${dash}"` : '';
    const points = line.points.map((p) => [x(p.size), y(Math.max(p.p99, FLOOR_MS))]);
    if (points.length > 1) {
      const path = points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
      parts.push(
        `<polyline points="${path}" fill="none" stroke="${colour}" stroke-width="2"${dashAttribute}/>`,
      );
    }
    for (const [px, py] of points) {
      parts.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3.5" fill="${colour}"/>`);
    }
    const growth = growthLabel(line.points);
    const ly = PLOT.top + 8 + index * lineHeight;
    parts.push(
      `<line x1="${legendX}" x2="${legendX + 26}" y1="${ly}" y2="${ly}" stroke="${colour}" stroke-width="2"${dashAttribute}/>`,
      `<circle cx="${legendX + 13}" cy="${ly}" r="3.5" fill="${colour}"/>`,
      `<text x="${legendX + 34}" y="${ly}" dominant-baseline="middle" fill="#111">${escapeXml(line.name)}<tspan fill="#555">${escapeXml(growth)}</tspan></text>`,
    );
  });

  if (series.some((line) => line.points.some((p) => p.p99 < 1))) {
    parts.push(
      `<text x="${legendX}" y="${PLOT.bottom}" fill="#555">p99 under 1 ms (&lt;1) drawn at ${FLOOR_MS} ms</text>`,
    );
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
