// Takes screenshots of a running Whisp in Chromium, as a person would see it:
//   node scripts/screenshot.mjs <url> <out.png> [--dark] [--phone]
import { chromium } from 'playwright';
import { findChromium } from './chromium.mjs';

const [url, out, ...flags] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs <url> <out.png> [--dark] [--phone]');
  process.exit(2);
}
const phone = flags.includes('--phone');
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage({
  viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  colorScheme: flags.includes('--dark') ? 'dark' : 'light',
  deviceScaleFactor: 1,
});
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out });
await browser.close();
console.log(`saved ${out}`);
