import { expect, type Page, type Route, test } from '@playwright/test';
import { postWhisp, registerMember, signIn } from './members';

/** The API requests the page makes, as path and query, and any script-policy violations. */
function watch(page: Page) {
  const asked: string[] = [];
  const violations: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/health' || url.pathname.startsWith('/api/')) {
      asked.push(`${url.pathname}${url.search}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  return { times: (path: string) => asked.filter((made) => made === path).length, violations };
}

test('the start-up screen is in the page itself, shown before any script has run', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('status')).toHaveText('Connecting to Whisp...');
  await context.close();
});

test('the boot screen shows while the stylesheets are still loading', async ({ page }) => {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.css', (route) => (holding ? held.push(route) : route.continue()));
  await page.goto('/auth', { waitUntil: 'commit' });

  await expect(page.getByRole('status')).toHaveText('Connecting to Whisp...');
  // Painted, not just laid out: a stylesheet in the head would hold the first paint back.
  const painted = () =>
    page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length);
  await expect.poll(painted).toBe(1);
  expect(held.length).toBeGreaterThan(0);

  holding = false;
  for (const route of held) await route.continue();
  await expect(page.getByRole('heading', { name: 'Sign in to Whisp' })).toBeVisible();
  await expect(page.locator('#root > .boot')).toHaveCount(0);
});

test('a signed-in visit asks for its first answers once, before the app has loaded', async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Early');
  await postWhisp(request, member, 'Asked for while the code was still on its way');
  const network = watch(page);

  await signIn(page, member);
  await expect(page.getByText('Asked for while the code was still on its way')).toBeVisible();

  // Started by the boot script inside index.html (its policy allows it by hash)...
  const early = await page.evaluate(() =>
    (window as { __whispEarlyRequests?: { url: string }[] }).__whispEarlyRequests?.map(
      (started) => started.url,
    ),
  );
  expect(early).toEqual(['/health', '/api/users/me', '/api/posts/timeline?limit=20']);
  // ...and taken up by the app, which asked for none of them again.
  expect(network.times('/health')).toBe(1);
  expect(network.times('/api/users/me')).toBe(1);
  expect(network.times('/api/posts/timeline?limit=20')).toBe(1);
  expect(network.violations).toEqual([]);
});

test("the boot script fetches the opened screen's code, each file once", async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Preloaded');
  const screenChunk = /\/assets\/HomeRoute-[\w-]+\.js$/;
  const fetched: string[] = [];
  page.on('request', (made) => {
    if (screenChunk.test(new URL(made.url()).pathname)) fetched.push(made.url());
  });

  await signIn(page, member);
  await expect(page.getByRole('tab', { name: 'For you' })).toBeVisible();

  const preloaded = await page.evaluate(() =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  );
  expect(preloaded.filter((path) => screenChunk.test(path))).toHaveLength(1);
  expect(fetched).toHaveLength(1);
});

test('a signed-out visit checks the server once and shows sign-in', async ({ page }) => {
  const network = watch(page);

  await page.goto('/');

  await expect(page.getByRole('heading', { name: 'Sign in to Whisp' })).toBeVisible();
  expect(network.times('/health')).toBe(1);
  expect(network.times('/api/users/me')).toBe(0);
  expect(network.violations).toEqual([]);
});

test("the unread badges, the live stream and the compose dialog's code wait for the feed", async ({
  page,
  request,
}) => {
  const member = await registerMember(request, 'Patient');
  await postWhisp(request, member, 'Drawn before the badges were asked for');
  const feedShownWhenAsked: Record<string, boolean> = {};
  const asked = [
    '**/api/notifications?limit=1',
    '**/api/messages/unread-count',
    '**/api/events?*',
    '**/assets/ComposeDialog-*.js',
  ];
  for (const path of asked) {
    await page.route(path, async (route) => {
      // The first time only: the stream's opening asks for the counts again.
      if (!(path in feedShownWhenAsked)) {
        feedShownWhenAsked[path] = (await page.getByRole('article').count()) > 0;
      }
      await route.continue();
    });
  }

  await signIn(page, member);

  await expect(page.getByText('Drawn before the badges were asked for')).toBeVisible();
  await expect.poll(() => Object.keys(feedShownWhenAsked).length).toBe(asked.length);
  expect(Object.values(feedShownWhenAsked)).toEqual(asked.map(() => true));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});
