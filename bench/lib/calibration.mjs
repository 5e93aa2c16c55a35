// CPU calibration as Chrome DevTools does it: measure this host with Lighthouse's own
// benchmarkIndex, then slow the CPU by benchmarkIndex / 1000 for a mid-tier phone and by
// benchmarkIndex / 264 for a low-tier one (Moto G Power class). A faster or slower machine gets a
// larger or smaller multiplier, so the page is judged on the same phone whatever ran the benchmark.
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

export const PHONE_CLASSES = {
  'phone-mid': { label: 'mid-tier phone', divisor: 1000 },
  'phone-low': { label: 'low-tier phone (Moto G Power class)', divisor: 264 },
};

// The index of one measurement moves with whatever else the host is doing; the median of a few,
// taken back to back, is what DevTools' calibration uses too.
const SAMPLES = 5;

/** This host's benchmarkIndex (median of a few samples), measured in a blank page of `browser`. */
export async function measureBenchmarkIndex(browser) {
  const page = await browser.newPage();
  try {
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) {
      samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    }
    samples.sort((a, b) => a - b);
    return { benchmarkIndex: samples[Math.floor(SAMPLES / 2)], samples };
  } finally {
    await page.close();
  }
}

/** The CPU slowdown of each phone class for this host, to two decimals (never below 1). */
export function phoneMultipliers(benchmarkIndex) {
  return Object.fromEntries(
    Object.entries(PHONE_CLASSES).map(([name, { divisor }]) => [
      name,
      Math.max(1, Math.round((benchmarkIndex / divisor) * 100) / 100),
    ]),
  );
}
