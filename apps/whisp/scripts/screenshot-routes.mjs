// Screenshots of every route as a signed-in member, in both themes and at a phone width:
//   node scripts/screenshot-routes.mjs <base-url> <email> <password> [out-dir] [route…]
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [base, email, password, outDir = '/tmp/app-shots', ...only] = process.argv.slice(2);
if (!base || !email || !password) {
  console.error(
    'usage: node scripts/screenshot-routes.mjs <base-url> <email> <password> [out-dir] [route…]',
  );
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password }),
});
const { data } = await login.json();
if (!data?.token) throw new Error('Sign-in failed');

const routes = only.length
  ? only
  : [
      '/',
      '/explore',
      '/profile',
      '/user/nobody_here',
      '/notifications',
      '/messages',
      '/bookmarks',
      '/search?q=design',
      '/search?q=%23photography',
      '/settings',
      '/help',
      '/support/contact',
      '/terms',
      '/privacy',
    ];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
});
for (const [variant, viewport, scheme] of [
  ['light', { width: 1280, height: 800 }, 'light'],
  ['dark', { width: 1280, height: 800 }, 'dark'],
  ['phone', { width: 390, height: 844 }, 'light'],
]) {
  const context = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
  await context.addInitScript((token) => localStorage.setItem('whisp.token', token), data.token);
  const page = await context.newPage();
  for (const route of routes) {
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(400);
    const name = route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: join(outDir, `${name}-${variant}.png`) });
  }
  await context.close();
}
await browser.close();
console.log(`saved to ${outDir}`);
