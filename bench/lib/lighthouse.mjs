// Lighthouse over the system Chromium. puppeteer-core and chrome-launcher are taken from
// Lighthouse's own dependencies: Lighthouse drives the page through its own puppeteer-core, so
// using that very copy keeps the two in step without a second pinned dependency.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';

const requireFromLighthouse = createRequire(fileURLToPath(import.meta.resolve('lighthouse')));
const fromLighthouse = async (name) =>
  import(pathToFileURL(requireFromLighthouse.resolve(name)).href);

// As the browser tests launch it; chrome-launcher, unlike Playwright, does not add headless itself.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/**
 * The settings audited: each phone class is Lighthouse's phone (screen, slow 4G link) with the
 * CPU slowed by that class's multiplier for this host (calibration.mjs); desktop is Lighthouse's
 * desktop preset, which does not slow the CPU.
 *
 * `throttlingMethod` 'simulate' (Lighthouse's default, as PageSpeed Insights runs it) loads the
 * page at full speed and predicts the phone from the trace: every task observed is multiplied by
 * the slowdown, so a renderer that yields every 5 ms (React's scheduler) is scored as if each
 * slice were 5 ms × the slowdown long, which a real slow phone, yielding after 5 ms of its own
 * time, never runs. 'devtools' slows the CPU and the link for real while the page loads (as the
 * DevTools performance panel's calibrated throttling does), and measures what happens.
 */
export function presets(multipliers, throttlingMethod = 'simulate') {
  const phone = (cpuSlowdownMultiplier) => ({
    extends: 'lighthouse:default',
    settings: {
      throttlingMethod,
      formFactor: 'mobile',
      screenEmulation: constants.screenEmulationMetrics.mobile,
      emulatedUserAgent: constants.userAgents.mobile,
      throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier },
    },
  });
  return {
    ...Object.fromEntries(
      Object.entries(multipliers).map(([name, multiplier]) => [name, phone(multiplier)]),
    ),
    desktop: desktopConfig,
  };
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

export async function openBrowser(chromePath) {
  const { launch } = await fromLighthouse('chrome-launcher');
  const { default: puppeteer } = await fromLighthouse('puppeteer-core');
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    port: chrome.port,
    browser,
    /**
     * Sets (or with null removes) a local-storage entry of an origin, as the web app itself
     * would. Lighthouse clears caches, service workers and Cache Storage before each run, but not
     * local storage, so a token put here keeps the member signed in for the audit.
     */
    async setLocalStorage(origin, key, value) {
      const page = await browser.newPage();
      try {
        // Any same-origin document will do; /health is JSON, so no app code runs.
        await page.goto(`${origin}/health`);
        await page.evaluate(
          (k, v) => (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v)),
          key,
          value,
        );
      } finally {
        await page.close();
      }
    },
    async close() {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

// Runs whose trace came back without the page's navigation: Chromium's tracing can lose a new
// renderer's first events, and Lighthouse's own advice is to run again. Nothing was measured, so
// the run is done again (up to this many times); any other failure stops the benchmark.
const TRACE_LOST_ERRORS = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);
const TRACE_LOST_RETRIES = 3;

/** One Lighthouse navigation, summarised; throws when the page ended up somewhere else. */
export async function audit(url, { port, config }) {
  let result;
  for (let attempt = 0; ; attempt++) {
    result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      config,
    );
    const error = result.lhr.runtimeError;
    if (!error) break;
    if (!TRACE_LOST_ERRORS.has(error.code) || attempt === TRACE_LOST_RETRIES) {
      throw new Error(`Lighthouse could not audit ${url}: ${error.message}`);
    }
    console.log(`  (${error.code}: the trace lost the page's start; running again)`);
  }
  const lhr = result.lhr;
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) {
    throw new Error(`Lighthouse asked for ${url} but the app showed ${landed}.`);
  }
  const numeric = (id) => lhr.audits[id]?.numericValue;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const summary = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    best_practices: score('best-practices'),
    seo: score('seo'),
    fcp_ms: Math.round(numeric('first-contentful-paint')),
    lcp_ms: Math.round(numeric('largest-contentful-paint')),
    tbt_ms: Math.round(numeric('total-blocking-time')),
    cls: +numeric('cumulative-layout-shift').toFixed(3),
    total_bytes: numeric('total-byte-weight'),
    // Lighthouse's own measure of this machine's speed during the run; it warns of a slow host
    // under 1,000. A low figure explains poor CPU metrics (TBT) on a busy shared machine.
    benchmark_index: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    findings: findings(lhr),
  };
  return { summary, report: result.report };
}

/** What cost points outside performance, with a few of the elements at fault, to fix them. */
function findings(lhr) {
  const out = [];
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const item = lhr.audits[ref.id];
      if (ref.weight === 0 || item.score === null || item.score >= 1) continue;
      out.push({
        category: id,
        audit: ref.id,
        title: item.title,
        elements: (item.details?.items ?? [])
          .slice(0, 5)
          .map((entry) => entry.node?.snippet ?? entry.node?.selector ?? entry.url ?? entry.source)
          .filter(Boolean),
      });
    }
  }
  return out;
}
