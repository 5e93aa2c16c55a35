// Medians and spreads of repeated Lighthouse runs: one run on a shared machine says little.
const METRICS = [
  ['performance', 'perf'],
  ['accessibility', 'a11y'],
  ['best_practices', 'best pr.'],
  ['seo', 'SEO'],
  ['fcp_ms', 'FCP ms'],
  ['lcp_ms', 'LCP ms'],
  ['tbt_ms', 'TBT ms'],
  ['cls', 'CLS'],
  ['total_bytes', 'kB'],
];

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const show = (key, value) =>
  key === 'total_bytes' ? Math.round(value / 1024) : key === 'cls' ? +value.toFixed(3) : value;

export function summarise(rows) {
  const groups = new Map();
  for (const row of rows) {
    const key = `${row.page} ${row.preset}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const medians = [];
  const table = [];
  for (const group of groups.values()) {
    const { page, preset } = group[0];
    const entry = { page, preset };
    const line = { page, preset };
    for (const [key, label] of METRICS) {
      const values = group.map((row) => row[key]);
      const middle = median(values);
      const [low, high] = [Math.min(...values), Math.max(...values)];
      entry[key] = { median: middle, min: low, max: high };
      line[label] =
        show(key, low) === show(key, high)
          ? `${show(key, middle)}`
          : `${show(key, middle)} (${show(key, low)}–${show(key, high)})`;
    }
    medians.push(entry);
    table.push(line);
  }

  const findings = new Map();
  for (const row of rows) {
    for (const finding of row.findings) {
      const known = findings.get(finding.audit) ?? { ...finding, pages: new Set() };
      known.pages.add(`${row.page} ${row.preset}`);
      findings.set(finding.audit, known);
    }
  }
  return {
    medians,
    table,
    findings: [...findings.values()].map((f) => ({ ...f, pages: [...f.pages].join(', ') })),
  };
}
