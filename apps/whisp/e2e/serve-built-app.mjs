// Playwright's web server: the real, built server with the built app on a throw-away embedded
// database (the server-process helper's own, removed when the server exits), started by the
// repository's one server-process helper. Playwright stops it with SIGTERM (playwright.config.ts).
import { rmSync } from 'node:fs';
import { startOidcProvider } from '../../server/test-support/oidc-provider.mjs';
import { startServerProcess } from '../../server/test-support/server-process.mjs';

// playwright.config.ts names the data directory, so tests can read the outbox's mail (e2e/outbox.ts).
const dataDir = process.env.E2E_DATA_DIR;
// playwright.config.ts chooses it.
const port = Number(process.env.E2E_PORT ?? '4310');

// E2E_OIDC=on: a real OpenID provider on loopback (the server tests' own, oidc-provider with its
// development login page: any login and any password), configured as the provider `test`
// ("Test ID"). A login signs in as the subject of that name, with claims made from it (the
// username, a display name and a verified address), so a first sign-in creates the member
// `login` without asking. The provider listens on E2E_OIDC_PORT, or a free port; the browser
// finds it by following the server's redirect.
const oidcOn = process.env.E2E_OIDC === 'on';
// The callback is registered at this exact address: the browser must use the same one.
const publicUrl = `http://127.0.0.1:${port}`;
let oidcProvider;
if (oidcOn) {
  oidcProvider = await startOidcProvider({
    port: Number(process.env.E2E_OIDC_PORT ?? '0'),
    redirectUris: [`${publicUrl}/api/auth/oidc/test/callback`],
    claimsOf: (login) => ({
      preferred_username: login,
      name: `Test ${login}`,
      email: `${login}@oidc.example`,
      email_verified: true,
    }),
  });
  console.log(`A test OpenID provider is running at ${oidcProvider.issuer}`);
}

// E2E_SOUTH_PORT: a second server, "south", with a data directory of its own, federating with
// this one over loopback (both allow private addresses, as only tests and development may).
const southPort = Number(process.env.E2E_SOUTH_PORT ?? '0');
const serverEntry = process.env.E2E_SERVER_ENTRY === 'source' ? 'source' : 'built';
const sharedEnv = {
  // The built app in apps/whisp/dist, as `pnpm start` serves it.
  WHISP_STATIC_DIR: undefined,
  WHISP_DEMO: process.env.WHISP_DEMO ?? 'off',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Each test's members register "from" their own X-Forwarded-For address (e2e/members.ts),
  // as members behind a load balancer would, so the 20-an-hour registration limit per address
  // holds for every member without the suite's many sign-ups tripping it.
  TRUST_PROXY: 'true',
  // The suite signs up and signs in a few hundred members; at the production cost (19 MiB of
  // Argon2id) hashing would dominate it, and nothing here is about hashing.
  WHISP_PASSWORD_HASH_MEMORY: process.env.WHISP_PASSWORD_HASH_MEMORY ?? '1',
};
let south;
if (southPort) {
  south = await startServerProcess({
    entry: serverEntry,
    port: southPort,
    echo: true,
    env: {
      ...sharedEnv,
      WHISP_PUBLIC_URL: `http://127.0.0.1:${southPort}`,
      WHISP_FEDERATION_ALLOW_PRIVATE: 'true',
    },
  });
  console.log(`A second server ("south") is running at http://127.0.0.1:${southPort}`);
}

let server;
try {
  server = await startServerProcess({
    // E2E_SERVER_ENTRY=source runs the server's TypeScript through tsx instead, for a developer
    // whose packages are not built yet (CI builds them and runs what ships).
    entry: serverEntry,
    port,
    // Playwright shows what the server prints.
    echo: true,
    env: {
      ...sharedEnv,
      ...(dataDir ? { WHISP_DATA_DIR: dataDir } : {}),
      // The admin of e2e/moderator.ts, who makes moderators for the moderation journeys.
      WHISP_ADMIN_EMAILS: 'e2e-admin@example.com',
      // Its own address, which federation builds every actor and whisp URL from.
      WHISP_PUBLIC_URL: publicUrl,
      ...(south ? { WHISP_FEDERATION_ALLOW_PRIVATE: 'true' } : {}),
      ...(oidcProvider
        ? {
            WHISP_OIDC_PROVIDERS: JSON.stringify([oidcProvider.whispProvider('test', 'Test ID')]),
          }
        : {}),
    },
  });
} catch (error) {
  console.error(error.message);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await oidcProvider?.stop();
  await south?.stop();
  process.exit(1);
}

// Playwright signals the whole process group, the server included: give it a moment to stop on
// that signal before passing one on (a second signal would make it exit at once, with 1).
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    setTimeout(() => {
      server.stop({ signal });
      south?.stop({ signal });
    }, 2_000).unref();
  });
}
server.exited.then(async ({ code }) => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await oidcProvider?.stop();
  await south?.stop();
  process.exit(code ?? 1);
});
