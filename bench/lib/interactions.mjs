// Interaction to Next Paint of one scripted interaction, measured by a Lighthouse user flow: the
// page is loaded, then a timespan records the trace while the script acts, and Lighthouse reads
// INP (and the blocking time around it) from that trace. The CPU is slowed for the whole flow by
// the given multiplier with DevTools throttling, which is what a timespan can apply (the simulated
// throttling of navigations has no trace of real input to work from).
import { startFlow } from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';

// After the input, long enough for the optimistic update, the request it makes and the paints.
const SETTLE_MS = 1500;

export const INTERACTIONS = {
  like: {
    title: 'liking a whisp',
    async act(page) {
      const like = await page.waitForSelector('article button[data-tone="like"]', {
        visible: true,
      });
      if (process.env.INP_EVENTS) await watchEvents(page);
      // A finger's tap, as on the phone this measures: a mouse's click also hovers the card's
      // buttons, which a touch screen never does (and which mounts their tooltips).
      await like.tap();
      if (process.env.INP_EVENTS) await printEvents(page);
    },
  },
  compose: {
    title: 'opening the composer',
    async act(page) {
      // The side navigation's and the phone bar's compose buttons share a name, and the hidden one
      // comes first in the document: click the one that is laid out.
      const compose = await page.waitForFunction(() =>
        [...document.querySelectorAll('button[aria-label="Whisper"]')].find(
          (button) => button.getClientRects().length > 0,
        ),
      );
      await compose.click();
      await page.waitForSelector('[role="dialog"] textarea', { visible: true });
    },
  },
};

// INP_EVENTS=1: print each event of the interaction as Event Timing saw it (where the time goes:
// waiting for the main thread, the handlers, or the rendering after them).
async function watchEvents(page) {
  await page.evaluate(() => {
    window.__events = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__events.push(e.toJSON());
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
}

async function printEvents(page) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const events = await page.evaluate(() => window.__events);
  for (const e of events) {
    const wait = e.processingStart - e.startTime;
    const handlers = e.processingEnd - e.processingStart;
    const after = e.startTime + e.duration - e.processingEnd;
    console.error(
      `  ${e.name} #${e.interactionId}: ${e.duration} ms = wait ${wait.toFixed(1)} + handlers ${handlers.toFixed(1)} + paint ${after.toFixed(1)}`,
    );
  }
}

export async function measureInteraction(browser, { url, name, cpuSlowdownMultiplier }) {
  const interaction = INTERACTIONS[name];
  const page = await browser.newPage();
  try {
    const flow = await startFlow(page, {
      name: interaction.title,
      config: {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['performance'],
          formFactor: 'mobile',
          screenEmulation: constants.screenEmulationMetrics.mobile,
          emulatedUserAgent: constants.userAgents.mobile,
          throttlingMethod: 'devtools',
          throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier },
        },
      },
    });
    await flow.navigate(url);
    await flow.startTimespan();
    await interaction.act(page);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await flow.endTimespan();
    const { steps } = await flow.createFlowResult();
    const lhr = steps.at(-1).lhr;
    const inp = lhr.audits['interaction-to-next-paint']?.numericValue;
    if (inp === undefined) {
      throw new Error(`Lighthouse recorded no interaction while ${interaction.title}.`);
    }
    return {
      interaction: name,
      inp_ms: Math.round(inp),
      tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    };
  } finally {
    await page.close();
  }
}
