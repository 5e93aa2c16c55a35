// `pnpm serve`: starts Whisp from what `pnpm build` built, in seconds, without building anything.
// `pnpm start` builds first; a deployed bundle (`pnpm bundle`) starts with `node server.js`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../', import.meta.url);
const built = [
  ['the server', 'apps/server/dist/server.js'],
  ['the API client the server loads', 'packages/api-client/dist/index.js'],
];
const missing = built.filter(([, file]) => !existsSync(new URL(file, root)));
if (missing.length > 0) {
  console.error(
    `Whisp is not built yet: ${missing.map(([what, file]) => `${what} (${file})`).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing.\n` +
      'Run `pnpm build` once (and after every change), then `pnpm serve`; or `pnpm start`, which builds and serves.',
  );
  process.exit(1);
}
if (!process.env.WHISP_STATIC_DIR && !existsSync(new URL('apps/whisp/dist/index.html', root))) {
  console.warn(
    'The web app is not built (apps/whisp/dist): serving the API only. `pnpm build` builds it.',
  );
}

// In this process, so the server itself receives SIGTERM and Ctrl+C and shuts down gracefully.
await import(fileURLToPath(new URL('apps/server/dist/server.js', root)));
