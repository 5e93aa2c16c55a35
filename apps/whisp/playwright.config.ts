import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';
import { freePort } from '../server/test-support/server-process.mjs';
import { PHONE_JOURNEY } from './e2e/phone';

// A free port unless E2E_PORT names one, so two runs on one machine (CI beside a developer's run)
// never meet on a fixed port. Kept in the environment: Playwright's worker processes load this
// file again and must agree with the main process.
process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
// The server's data directory, known to the tests so they can read the mail it writes to
// <dir>/outbox (no SMTP server is set); e2e/serve-built-app.mjs removes it when the server stops.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'whisp-e2e-'));
// A real OpenID provider beside the server, offered as "Test ID" (e2e/serve-built-app.mjs), for
// the "Continue with" journey (e2e/sign-in-provider.spec.ts); E2E_OIDC=off leaves it out.
process.env.E2E_OIDC ??= 'on';
// A second Whisp server ("south") federating with this one over loopback, for the journey across
// two servers (e2e/federation.spec.ts); E2E_SOUTH_PORT=0 leaves it out.
process.env.E2E_SOUTH_PORT ??= String(await freePort());

// Debian's Chromium, never a downloaded browser build (the machines have no such downloads).
const chromiumLaunch = {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [...CHROMIUM_FLAGS],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Sign-up and sign-in hash passwords on purpose-slow settings; on the shared 2-core machines
  // an answer can take several seconds, which is not the app being wrong.
  expect: { timeout: 15_000 },
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    headless: true,
    launchOptions: chromiumLaunch,
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromiumLaunch },
      // Only the journeys through what phones alone show (e2e/phone.ts): the rest went through
      // the same screens on desktop, and ran at twice the cost (half of the suite's time). Taking
      // pictures (E2E_SCREENSHOTS_DIR), every journey runs here too.
      grep: process.env.E2E_SCREENSHOTS_DIR ? undefined : new RegExp(PHONE_JOURNEY.tag),
    },
  ],
  webServer: {
    command: 'node e2e/serve-built-app.mjs',
    url: `${baseURL}/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    env: {
      E2E_PORT: String(port),
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_OIDC: process.env.E2E_OIDC,
      E2E_SOUTH_PORT: process.env.E2E_SOUTH_PORT,
    },
    // SIGTERM to the server's process group, not SIGKILL: it stops cleanly and its throw-away data
    // directory is removed.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
