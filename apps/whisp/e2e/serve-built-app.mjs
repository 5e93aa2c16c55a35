// Starts the real, built server with the built app on a throw-away embedded database,
// and removes that database when Playwright stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = join(here, '../../server/dist/server.js');
const dataDir = mkdtempSync(join(tmpdir(), 'whisp-e2e-'));

const server = spawn(process.execPath, [serverEntry], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: process.env.E2E_PORT ?? '4310',
    WHISP_DATA_DIR: dataDir,
    WHISP_DEMO: process.env.WHISP_DEMO ?? 'off',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    // Each test's members register "from" their own X-Forwarded-For address (e2e/members.ts),
    // as members behind a load balancer would, so the 20-an-hour registration limit per address
    // holds for every member without the suite's many sign-ups tripping it.
    TRUST_PROXY: 'true',
    // The suite signs up and signs in a few hundred members; at the production cost each
    // password hash takes most of a second of CPU and nothing here is about hashing.
    WHISP_PASSWORD_HASH_COST: process.env.WHISP_PASSWORD_HASH_COST ?? '10',
  },
});

function stop(signal) {
  server.kill(signal);
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
