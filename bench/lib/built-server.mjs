// Starts the built server (apps/server/dist/server.js, serving apps/whisp/dist) on a free loopback
// port and a throw-away embedded data directory (the server-process helper's own, removed when it
// exits).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startServerProcess } from '../../apps/server/test-support/server-process.mjs';

// The first start of an embedded database loads the demo network and hashes its passwords on
// purpose-slow settings: on a loaded 2-core machine that takes a minute or more.
const START_TIMEOUT_MS = 240_000;

export function requireBuild(root) {
  const missing = ['apps/server/dist/server.js', 'apps/whisp/dist/index.html'].filter(
    (file) => !existsSync(join(root, file)),
  );
  if (missing.length) {
    console.error(`Missing ${missing.join(' and ')}: run \`pnpm build\` first.`);
    process.exit(1);
  }
}

/** `staticDir`: another build of the web app to serve (a comparison); by default apps/whisp/dist. */
export async function startBuiltServer({ demo, staticDir }) {
  const server = await startServerProcess({
    entry: 'built',
    timeoutMs: START_TIMEOUT_MS,
    env: {
      // The built app in apps/whisp/dist, as `pnpm start` serves it.
      WHISP_STATIC_DIR: staticDir,
      WHISP_DEMO: demo ? 'on' : 'off',
      LOG_LEVEL: 'warn',
    },
  });
  return { base: server.url, stop: () => server.stop() };
}

export async function signIn(base, { email, password }) {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.data?.token) {
    throw new Error(`Signing in as ${email} failed: ${response.status} ${body.message ?? ''}`);
  }
  return body.data.token;
}
