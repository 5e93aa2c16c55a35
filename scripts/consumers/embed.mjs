// examples/embed as another team builds and opens it: a copy installed from the packed tarballs,
// type-checked, built with `vite build`, served, and opened in headless Chromium, where a feed of
// WhispCards and the chat (ChatView's parts) must show and a message must send through the mocks.
// Set WHISP_EMBED_SCREENSHOTS=<dir> to keep screenshots of the page there.
import { copyFileSync, cpSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Serves the built files of `dir` on a free port of 127.0.0.1 (a secure context for the worker). */
async function serve(dir) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const file = join(dir, normalize(path === '/' ? '/index.html' : path));
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end('Not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

async function openInChromium(url) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu'],
  });
  const shots = process.env.WHISP_EMBED_SCREENSHOTS;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      // A failed request is reported below with its address; the console's line has none.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        pageErrors.push(message.text());
      }
    });
    page.on('response', (response) => {
      if (response.status() >= 400) pageErrors.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(url);

    const cards = page.getByRole('article');
    await cards.first().waitFor({ state: 'visible', timeout: 20_000 });
    const firstCard = cards.first();
    if ((await cards.count()) < 3) throw new Error(`only ${await cards.count()} whisp cards`);
    await firstCard.getByRole('button', { name: /like/i }).first().waitFor({ state: 'visible' });

    // styles.css arrived and stayed in its layer: the page holds an @layer whisp block.
    const layered = await page.evaluate(() =>
      [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some(
          (rule) => rule.constructor.name === 'CSSLayerBlockRule' && rule.name === 'whisp',
        ),
      ),
    );
    if (!layered) throw new Error('no @layer whisp rules on the page: styles.css did not load');

    await page.getByLabel('Conversations').waitFor({ state: 'visible' });
    const composer = page.getByPlaceholder(/^Write to /);
    await composer.waitFor({ state: 'visible', timeout: 10_000 });
    const text = `Sent from the embed check at ${Date.now()}`;
    await composer.fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    // In the open thread (the list's preview of the conversation shows it too).
    await page
      .locator('.chat-thread')
      .getByText(text)
      .waitFor({ state: 'visible', timeout: 10_000 });

    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, 'embed-desktop.png'), fullPage: true });
      await page.setViewportSize({ width: 414, height: 896 });
      await page.screenshot({ path: join(shots, 'embed-phone.png'), fullPage: true });
    }
    if (pageErrors.length) throw new Error(`errors on the page: ${pageErrors.join('; ')}`);
    return `${await cards.count()} whisp cards and the chat shown, a message sent`;
  } finally {
    await browser.close();
  }
}

export async function checkEmbed({ root, work, tarballs, run, npmInstall, seconds }) {
  const app = join(work, 'embed');
  const skip = /[/\\](node_modules|dist|\.packs|package-lock\.json)$|mockServiceWorker\.js$/;
  cpSync(join(root, 'examples/embed'), app, {
    recursive: true,
    filter: (path) => !skip.test(path),
  });
  mkdirSync(join(app, '.packs'));
  copyFileSync(tarballs.ui, join(app, '.packs/whisp-ui.tgz'));
  copyFileSync(tarballs.client, join(app, '.packs/whisp-api-client.tgz'));

  const installing = Date.now();
  await run('npm', npmInstall, app);
  const installed = seconds(installing);
  // What msw's install script does when scripts run: its worker, next to the page.
  mkdirSync(join(app, 'public'), { recursive: true });
  copyFileSync(
    join(app, 'node_modules/msw/lib/mockServiceWorker.js'),
    join(app, 'public/mockServiceWorker.js'),
  );
  const building = Date.now();
  await run('node', ['node_modules/typescript/bin/tsc', '--noEmit'], app);
  await run('node', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], app);
  const built = seconds(building);

  const { server, url } = await serve(join(app, 'dist'));
  try {
    const opening = Date.now();
    const report = await openInChromium(url);
    return `embed: ${report} (npm install ${installed}, tsc + vite build ${built}, Chromium ${seconds(opening)})`;
  } finally {
    server.close();
  }
}
